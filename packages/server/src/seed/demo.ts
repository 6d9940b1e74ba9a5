import { count } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { refreshFactsAfterBulkLoad } from '../db/queries/outcome-facts';
import { accounts } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { type SmsSender, smsSenderFromConfig } from '../sms';
import { seedDemoOutcomes } from './demo-outcomes';
import { seedDemoPatients } from './demo-patients';

export const DEMO_ADMIN = { username: 'admin', password: 'Admin#2026' };
export const DEMO_DOCTOR_PASSWORD = 'Doctor#2026';
export const DEMO_DOCTORS = [
  { mobile: '13900000001', name: '张医生', institutionId: 1, registerStatus: 'Approved' as const },
  { mobile: '13900000002', name: '李医生', institutionId: 2, registerStatus: 'Approved' as const },
  { mobile: '13900000003', name: '王医生', institutionId: 1, registerStatus: 'ToBeReviewed' as const },
];

/**
 * Demo accounts of PRODUCT §7, created only on an empty database outside production.
 * Returns whether it seeded, so the caller prints the accounts once.
 */
export async function seedDemo(db: Db, config: Config, sms: SmsSender = smsSenderFromConfig(config.sms)): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(accounts);
  if ((existing?.value ?? 0) > 0) return false;
  const adminHash = await hashPassword(DEMO_ADMIN.password, config.security);
  const doctorHash = await hashPassword(DEMO_DOCTOR_PASSWORD, config.security);
  await db.transaction(async (tx) => {
    await tx.insert(accounts).values({
      role: 'admin',
      username: DEMO_ADMIN.username,
      name: '管理员',
      passwordHash: adminHash,
      registerStatus: 'Approved',
    });
    await tx.insert(accounts).values(
      DEMO_DOCTORS.map((d) => ({
        role: 'doctor' as const,
        username: d.mobile,
        mobile: d.mobile,
        name: d.name,
        institutionId: d.institutionId,
        passwordHash: doctorHash,
        registerStatus: d.registerStatus,
      })),
    );
  });
  const approved = DEMO_DOCTORS.filter((d) => d.registerStatus === 'Approved').map((d) => d.mobile);
  // The seed writes through the services, as a doctor would; the stored facts are computed once per
  // patient at its end rather than after each of its thousands of writes.
  await refreshFactsAfterBulkLoad(db, async () => {
    await seedDemoPatients(db, config, sms, approved);
    await seedDemoOutcomes(db, config, sms, approved);
  });
  return true;
}

export function describeDemoAccounts(): string {
  const lines = [
    'Demo accounts (development data; never created in production):',
    `  admin   /login/admin  ${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}`,
    ...DEMO_DOCTORS.map(
      (d) =>
        `  doctor  /login        ${d.mobile} / ${DEMO_DOCTOR_PASSWORD}  (${d.name}, institution ${d.institutionId}, ${d.registerStatus})`,
    ),
  ];
  return lines.join('\n');
}
