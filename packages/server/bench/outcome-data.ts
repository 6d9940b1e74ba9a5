import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * Gives the bench data (bench-data.ts) what the outcome report reads, set-based: a baseline glucose
 * test on every annex 1 (FPG 6.1–6.9, an OGTT for a third, HbA1c 5.7–6.3: pre-diabetes), height and
 * weight on annex 6, and weight (and for a third of the visits HbA1c) on the follow-ups, whose FPG
 * bench-data.ts already sets. Values are plausible, not clinical: the benchmark measures volume.
 */
export async function addOutcomeData(db: Db): Promise<void> {
  await db.execute(sql`
    update annex_records set data = jsonb_strip_nulls(jsonb_build_object(
      'testDate', filled_at::text,
      'fpg', 6.1 + (patient_id % 9) / 10.0,
      'ogtt2h', case when patient_id % 3 = 0 then 7.0 + (patient_id % 40) / 10.0 end,
      'hba1c', 5.7 + (patient_id % 7) / 10.0))
    where annex = '1'`);
  await db.execute(sql`
    update annex_records set
      data = jsonb_build_object('examDate', filled_at::text, 'height', 150 + patient_id % 30, 'weight', 55 + patient_id % 35),
      derived = jsonb_build_object('bmi', round((55 + patient_id % 35) / ((150 + patient_id % 30) / 100.0) ^ 2, 1))
    where annex = '6'`);
  await db.execute(sql`
    update annex_records set data = data || jsonb_strip_nulls(jsonb_build_object(
      'weight', 55 + patient_id % 35 - (id % 12) * 0.2,
      'hba1c', case when id % 3 = 0 then 5.6 + (id % 12) / 10.0 end))
    where annex in ('7', '9')`);
  await db.execute(sql`vacuum analyze annex_records`);
}
