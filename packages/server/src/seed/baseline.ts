import { DEFAULT_INSTITUTIONS } from '@tcm/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { adminPasswordWeakness, type Config } from '../config';
import type { Db } from '../db/client';
import { accounts, institutions } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';

/**
 * What every installation needs: the spec's preset list of community institutions (spec §3, §9) when
 * the table is empty, and, when configured, the administrator account.
 */
export async function seedBaseline(db: Db, config: Config): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(institutions);
  if ((existing?.value ?? 0) === 0) {
    await db.insert(institutions).values(DEFAULT_INSTITUTIONS.map((i) => ({ id: i.id, name: i.name })));
    // Explicit ids were inserted; move the identity past them.
    await db.execute(sql`select setval(pg_get_serial_sequence('institutions', 'id'), (select max(id) from institutions))`);
  }
  if (config.admin) {
    const [admin] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, config.admin.username));
    if (!admin) {
      // loadConfig refuses a weak password already; a config built another way is held to the same rule.
      const weakness = adminPasswordWeakness(config.admin.password);
      if (weakness) throw new Error(`ADMIN_PASSWORD does not meet the password policy: ${weakness}`);
      await db.insert(accounts).values({
        role: 'admin',
        username: config.admin.username,
        name: '管理员',
        passwordHash: await hashPassword(config.admin.password, config.security),
        registerStatus: 'Approved',
      });
    }
  }
}
