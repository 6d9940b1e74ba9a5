import { RETURN_PERIOD_DAYS, RETURN_WINDOW_DAYS, type ReturnToCare } from '@tcm/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../client';
import { annexRecords, outreachContacts, patients } from '../schema';

/**
 * Return to care, the one definition (contracts RETURN_WINDOW_DAYS, RETURN_PERIOD_DAYS): among live
 * patients with an attempt recorded while overdue (the attempt's day after the due date it stored) in
 * the RETURN_PERIOD_DAYS days up to `today`, those with a live periodic follow-up (annex 7 or 9) dated
 * from that attempt's day to RETURN_WINDOW_DAYS days after it. A patient counts once, from their first
 * such attempt in the period. Attempts of the last days have had less time to return: the rate of a
 * recent period only grows.
 */
export async function readReturnToCare(db: Db, institutionId: number | undefined, today: string): Promise<ReturnToCare> {
  const [row] = rowsOf<{ contacted: number; returned: number }>(
    await db.execute(sql`
      with contacted as (
        select distinct on (c.patient_id) c.patient_id, c.contact_date
        from ${outreachContacts} c
        join ${patients} p on p.id = c.patient_id and p.voided_at is null
        where c.due_date is not null and c.contact_date > c.due_date
          and c.contact_date > ${today}::date - ${RETURN_PERIOD_DAYS}::int and c.contact_date <= ${today}::date
          ${institutionId === undefined ? sql`` : sql`and c.institution_id = ${institutionId}`}
        order by c.patient_id, c.contact_date, c.id
      )
      select count(*)::int as contacted,
        (count(*) filter (where exists (
          select 1 from ${annexRecords} r
          where r.patient_id = contacted.patient_id and r.voided_at is null and r.annex in ('7', '9')
            and r.filled_at >= contacted.contact_date and r.filled_at <= contacted.contact_date + ${RETURN_WINDOW_DAYS}::int
        )))::int as returned
      from contacted`),
  );
  const contacted = Number(row?.contacted ?? 0);
  const returned = Number(row?.returned ?? 0);
  return { contacted, returned, rate: contacted === 0 ? null : returned / contacted };
}
