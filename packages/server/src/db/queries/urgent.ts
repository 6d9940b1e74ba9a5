import { ANNEX_KEYS, type AnnexKey, INSTRUMENTS } from '@tcm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { annexRecords, patients } from '../schema';
import { textList } from './glycemic-sql';

/**
 * The urgent worklist's rule, in one place. A patient is urgent while the latest live record of an
 * instrument that assesses danger values (its definition lists the derived `hasAlert`) has an alert and
 * does not itself record a referral (the annex 7 and 9 item `referral`). A later such record without an
 * alert, or the referral written on the alert's own record (an edit), clears it; a voided record stops
 * counting. Records of other instruments (questionnaires, symptom scores) are no contact for this rule:
 * they are often filled at the same visit as the alert.
 *
 * The state is stored on the patient row by every record write (refreshPatientSummary), so the lists
 * filter on a column and the counters' triggers on `patients` count it exactly.
 */

/** The instruments whose records carry `derived.hasAlert`, from the contracts' definitions. */
export const ALERT_ANNEXES: readonly AnnexKey[] = ANNEX_KEYS.filter((key) =>
  INSTRUMENTS[key].derivedColumns?.some((column) => column.key === 'hasAlert'),
);

/** Days after the alert's visit by which the patient is due at the latest while it is unresolved. */
export const URGENT_CONTACT_DAYS = 14;

/** A stored record (aliased `r`) raises an unresolved alert: it found one and records no referral. */
const raisesUrgentAlert = sql`(r.derived->>'hasAlert' = 'true' and coalesce(r.data->>'referral', 'false') <> 'true')`;

/**
 * The patient's urgent state as one row (urgent_since, urgent_alert), null columns when not urgent,
 * for the summary update's `set (a, b) = (subquery)` (no record at all: no row, which sets both null).
 */
export function urgentStateSql(patientId: number): SQL {
  return sql`(
    select case when ${raisesUrgentAlert} then r.filled_at end as urgent_since,
      case when ${raisesUrgentAlert} then jsonb_build_object('recordId', r.id, 'annex', r.annex, 'alerts', coalesce(r.derived->'alerts', '[]'::jsonb)) end as urgent_alert
    from ${annexRecords} r
    where r.patient_id = ${patientId} and r.voided_at is null and r.annex in (${textList(ALERT_ANNEXES)})
    order by r.filled_at desc, r.id desc
    limit 1
  )`;
}

/** The patient is urgent (the stored state above): lists, counters and the bell read this. */
export const isUrgentSql = sql<boolean>`(${patients.urgentSince} is not null)`;
