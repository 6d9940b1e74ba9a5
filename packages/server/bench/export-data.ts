import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';

/**
 * `followUps` annex 7 records spread over patients (10 each) of 10 institutions, with the values a
 * real follow-up holds (measures, glucose, symptoms, adherence, free text, derived status), written
 * with set-based SQL so that 100,000 rows take seconds.
 */
export async function createFollowUpData(db: Db, options: { followUps: number; doctorId: number }) {
  const patients = Math.ceil(options.followUps / 10);
  await db.execute(sql`
    insert into patients (cohort, name, gender, birth_date, id_num, tel_num, institution_id, enrolled_at)
    select 'managed', '患者' || g, case when g % 2 = 0 then 'woman' else 'man' end,
      date '1950-01-01' + (g % 9000), 'B' || lpad(g::text, 17, '0'), '13' || lpad(g::text, 9, '0'),
      1 + (g % 10), current_date - 400 + (g % 100)
    from generate_series(1, ${patients}) as g`);
  await db.execute(sql`
    insert into annex_records (patient_id, annex, version, data, derived, filled_at, next_due_date, doctor_id)
    select p.id, '7', 1,
      jsonb_build_object(
        'visitDate', (p.enrolled_at + m * 15)::text,
        'way', (array['clinic', 'home', 'phone'])[1 + (p.id + m) % 3],
        'weight', round((62 + p.id % 25 - m * 0.3)::numeric, 1),
        'waist', round((82 + p.id % 15 - m * 0.2)::numeric, 1),
        'sbp', 112 + (p.id * 7 + m) % 35,
        'dbp', 70 + (p.id * 3 + m) % 20,
        'fpg', round((5.6 + (p.id + m) % 15 / 10.0)::numeric, 1),
        'ogtt2h', round((7.4 + (p.id + m) % 30 / 10.0)::numeric, 1),
        'hba1c', round((5.6 + (p.id + m) % 9 / 10.0)::numeric, 1),
        'symptoms', case when (p.id + m) % 3 = 0 then '["none"]'::jsonb else '["thirst", "fatigue"]'::jsonb end,
        'adherenceDiet', (array['good', 'fair', 'poor'])[1 + (p.id + m) % 3],
        'adherenceMotion', (array['good', 'fair'])[1 + m % 2],
        'adherenceSleep', 'good',
        'problems', '晚餐主食偏多，运动时间不足',
        'guidance', '减少晚餐主食，每日快走30分钟',
        'nextVisitDate', (p.enrolled_at + m * 15 + 15)::text),
      jsonb_build_object(
        'bmi', round((22 + p.id % 8 + 0.1 * m)::numeric, 1),
        'bmiBand', (array['normal', 'overweight', 'obese'])[1 + p.id % 3],
        'weightChangePercent', round((-0.4 * m)::numeric, 1),
        'glycemicStatus', (array['normal', 'IFG', 'IGT', 'IFG+IGT'])[1 + (p.id + m) % 4],
        'hasAlert', false,
        'alerts', '[]'::jsonb),
      p.enrolled_at + m * 15, p.enrolled_at + m * 15 + 15, ${options.doctorId}
    from patients p cross join generate_series(1, 10) as m`);
  await db.execute(sql`vacuum analyze`);
}
