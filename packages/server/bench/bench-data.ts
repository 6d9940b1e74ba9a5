import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { accounts } from '../src/db/schema';

/**
 * Bulk synthetic data, written with set-based SQL so 100,000 patients and a year of records take
 * seconds, not hours. Values are plausible, not clinical: benchmarks only measure shape and volume.
 */
export async function createBenchData(db: Db, options: { patients: number; institutions: number; doctorId: number }) {
  const { patients: n, institutions } = options;
  await db.execute(sql`
    insert into patients (cohort, comparison_role, name, gender, birth_date, id_num, tel_num, institution_id, enrolled_at, end_management, ended_at)
    select
      case when g % 4 = 0 then 'comparison' else 'managed' end,
      case when g % 4 = 0 then (g / 4) % 2 else null end,
      '患者' || g,
      case when g % 2 = 0 then 'woman' else 'man' end,
      date '1950-01-01' + (g % 9000),
      'B' || lpad(g::text, 17, '0'),
      '13' || lpad((g % 1000000000)::text, 9, '0'),
      1 + (g % ${institutions}),
      current_date - 365 + (g % 200),
      g % 10 = 0,
      case when g % 10 = 0 then current_date - (g % 30) end
    from generate_series(1, ${n}) as g`);
  // Baseline records (annexes 1, 2, 3, 4, 6) for most patients, then monthly follow-ups for a year.
  await db.execute(sql`
    insert into annex_records (patient_id, annex, version, data, derived, filled_at, doctor_id)
    select p.id, a.annex, 1, '{}'::jsonb, '{}'::jsonb, p.enrolled_at, ${options.doctorId}
    from patients p cross join (values ('1'), ('2'), ('3'), ('4'), ('6')) as a(annex)
    where p.id % 5 <> 0`);
  await db.execute(sql`
    insert into annex_records (patient_id, annex, version, data, derived, filled_at, doctor_id)
    select p.id, case when p.cohort = 'comparison' and p.comparison_role = 1 then '9' else '7' end, 1,
      jsonb_build_object('visitDate', (p.enrolled_at + m * 30)::text, 'fpg', 5.6 + (p.id % 20) / 10.0),
      '{}'::jsonb, p.enrolled_at + m * 30, ${options.doctorId}
    from patients p cross join generate_series(1, 12) as m
    where p.enrolled_at + m * 30 <= current_date - (p.id % 25)`);
  await db.execute(sql`
    update patients p set
      filled_annexes = coalesce(s.annexes, '{}'::text[]),
      last_follow_up_date = s.last_follow_up,
      last_follow_up_saved_at = s.last_follow_up::timestamptz
    from (
      select r.patient_id,
        array_agg(distinct r.annex order by r.annex) as annexes,
        max(r.filled_at) filter (where r.annex in ('7', '9')) as last_follow_up
      from annex_records r group by r.patient_id
    ) s
    where s.patient_id = p.id`);
  await db.execute(sql`vacuum analyze`);
}

/**
 * A programme's worth of doctors over ten institutions, a tenth of them awaiting review, so the
 * administrator's bell and registration lists have something to count and page.
 */
export async function createBenchDoctors(db: Db, passwordHash: string): Promise<void> {
  await db.insert(accounts).values(
    Array.from({ length: 300 }, (_, i) => ({
      role: 'doctor' as const,
      username: `1370000${String(i).padStart(4, '0')}`,
      mobile: `1370000${String(i).padStart(4, '0')}`,
      name: `医生${i}`,
      institutionId: 1 + (i % 10),
      passwordHash,
      registerStatus: i % 10 === 0 ? ('ToBeReviewed' as const) : ('Approved' as const),
    })),
  );
}
