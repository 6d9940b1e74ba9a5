import type { AnnexKey } from '@tcm/contracts';
import dayjs from 'dayjs';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { accounts } from '../db/schema';
import type { Actor, Ctx } from '../lib/context';
import { createRecord } from '../modules/records/record-service';
import type { SmsSender } from '../sms';
import { createRandom, type Random } from './random';

/** What a demo seed writes with: one doctor's actor, a seeded random source and a running sequence. */
export interface SeedContext {
  db: Db;
  config: Config;
  sms: SmsSender;
  actor: Actor;
  today: dayjs.Dayjs;
  r: Random;
  sequence: number;
}

/** A context whose clock is set to `daysAgo` days before today, so records get realistic dates. */
export function at(s: SeedContext, daysAgo: number): Ctx {
  const now = s.today.subtract(daysAgo, 'day').hour(10).toDate();
  return { db: s.db, actor: s.actor, requestId: 'demo-seed', ip: '127.0.0.1', now, config: s.config, sms: s.sms };
}

export const dateOf = (s: SeedContext, daysAgo: number) => s.today.subtract(daysAgo, 'day').format('YYYY-MM-DD');

/** Saves a record through the same service as the API, dated `daysAgo` days before today. */
export async function record(s: SeedContext, patientId: number, annex: AnnexKey, daysAgo: number, data: Record<string, unknown>) {
  await createRecord({ ctx: at(s, daysAgo), input: { annex, patientId, data } });
}

/**
 * One seed context per approved demo doctor with an institution, in the order of `doctorMobiles`
 * (pending or missing accounts are skipped). `randomSeed` and `firstSequence` take the doctor's index,
 * so that each institution's data is reproducible and its ID numbers stay apart from the others'.
 */
export async function demoDoctorContexts(
  base: { db: Db; config: Config; sms: SmsSender },
  doctorMobiles: readonly string[],
  randomSeed: (index: number) => number,
  firstSequence: (index: number) => number,
): Promise<SeedContext[]> {
  const contexts: SeedContext[] = [];
  for (const [index, mobile] of doctorMobiles.entries()) {
    const [doctor] = await base.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.username, mobile), eq(accounts.registerStatus, 'Approved')));
    if (!doctor || doctor.institutionId == null) continue;
    contexts.push({
      ...base,
      actor: {
        id: doctor.id,
        role: 'doctor',
        name: doctor.name,
        username: doctor.username,
        institutionId: doctor.institutionId,
        sessionId: 0,
      },
      today: dayjs(),
      r: createRandom(randomSeed(index)),
      sequence: firstSequence(index),
    });
  }
  return contexts;
}
