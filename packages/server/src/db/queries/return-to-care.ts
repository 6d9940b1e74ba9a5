import { RETURN_PERIOD_DAYS, type ReturnToCare, returnOutcome } from '@tcm/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { preparedPerDb } from '../prepared';
import { indicatorFacts, outreachContacts, patients } from '../schema';

const param = {
  today: sql.placeholder('today'),
  institutionId: sql.placeholder('institutionId'),
};

/**
 * The statement, prepared once per connection (db/prepared.ts): the personal centre runs it on every
 * home screen. Drizzle prepares query builders, not raw SQL, so the joins are the builder's source.
 */
const returnToCareOf = (db: Db, institution: boolean) =>
  db
    .selectDistinctOn([sql`f.patient_id`], {
      contactDate: sql<string>`c.value ->> 0`.as('contactDate'),
      firstVisit: sql<string | null>`c.value ->> 2`.as('firstVisit'),
    })
    .from(sql`${indicatorFacts} f
      join ${patients} p on p.id = f.patient_id and p.voided_at is null
      cross join lateral jsonb_array_elements(f.facts -> 'contacts') as c(value)`)
    .where(sql`f.patient_id in (
          select oc.patient_id from ${outreachContacts} oc
          where oc.contact_date > ${param.today}::date - ${RETURN_PERIOD_DAYS}::int and oc.contact_date <= ${param.today}::date
            ${institution ? sql`and oc.institution_id = ${param.institutionId}` : sql``}
        )
        and (c.value ->> 1)::int = 1
        and (c.value ->> 0)::date > ${param.today}::date - ${RETURN_PERIOD_DAYS}::int and (c.value ->> 0)::date <= ${param.today}::date`)
    .orderBy(sql`f.patient_id`, sql`c.value ->> 0`);
const returnToCareOfInstitution = preparedPerDb((db) => returnToCareOf(db, true).prepare('return_to_care_institution'));
const returnToCareOfAll = preparedPerDb((db) => returnToCareOf(db, false).prepare('return_to_care_all'));

/**
 * Return to care in the personal centre, by the rule the returned-to-care indicator counts with
 * (contracts clinical/returned-to-care.ts), so the two cannot disagree: whether a contact was made while
 * overdue and the first follow-up on or after it are what the contracts rule stored in the patient's
 * indicator facts (indicatorRecordFacts, refreshed by every record and contact write), and returnOutcome
 * decides whether that follow-up came within RETURN_TO_CARE_DAYS.
 *
 * Among live patients with a contact made while overdue in the RETURN_PERIOD_DAYS days up to `today`,
 * those whose first such contact in the period returned. A patient counts once. Contacts of the last
 * days have had less time to return (their outcome is still pending): the rate of a recent period only
 * grows. The contacts table narrows the read to the patients contacted in the period.
 */
export async function readReturnToCare(db: Db, institutionId: number | undefined, today: string): Promise<ReturnToCare> {
  const rows =
    institutionId === undefined
      ? await returnToCareOfAll(db).execute({ today })
      : await returnToCareOfInstitution(db).execute({ today, institutionId });
  const contacted = rows.length;
  const returned = rows.filter((r) => returnOutcome(r.contactDate, r.firstVisit, today) === 'returned').length;
  return { contacted, returned, rate: contacted === 0 ? null : returned / contacted };
}
