import { IndicatorPaths, type IndicatorReport, returnToCare, type ScheduleFacts } from '@tcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshIndicatorFacts } from '../src/db/queries/indicator-facts';
import { readReturnToCare } from '../src/db/queries/return-to-care';
import { outreachContacts } from '../src/db/schema';
import { databaseKinds } from './support/databases';
import { backdateEnrolment, createAdmin, createDoctor, enrolPatient, loginAs, storeRecord } from './support/factories';
import { createTestApp, INSTITUTION_A, type TestApp } from './support/test-app';

/**
 * Returned to care has one definition (contracts clinical/returned-to-care.ts): the patient-level rule,
 * the returned-to-care indicator and the personal centre's figures must agree. Four managed patients
 * (follow-up every 15 days), each contacted on 2025-07-10, worked by hand:
 *   A enrolled 06-01, due 06-16: overdue at the contact; follow-up 08-09 = contact + 30 → returned.
 *   B enrolled 06-01: overdue; follow-up 08-10 = contact + 31 → not returned.
 *   C enrolled 06-01: overdue; follow-up on the contact day itself → returned.
 *   D enrolled 07-01, due 07-16: not overdue at the contact → does not count, whatever follows.
 */
const CONTACT = '2025-07-10';
const CASES = {
  A: { enrolledAt: '2025-06-01', dueDate: '2025-06-16', visit: '2025-08-09', outcome: 'returned' },
  B: { enrolledAt: '2025-06-01', dueDate: '2025-06-16', visit: '2025-08-10', outcome: 'notReturned' },
  C: { enrolledAt: '2025-06-01', dueDate: '2025-06-16', visit: '2025-07-10', outcome: 'returned' },
  D: { enrolledAt: '2025-07-01', dueDate: '2025-07-16', visit: '2025-07-20', outcome: null },
} as const;

describe.each(databaseKinds())('returned to care, one definition, on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const doctor = await createDoctor(t, { institutionId: INSTITUTION_A });
    const token = await loginAs(t, doctor);
    admin = await loginAs(t, await createAdmin(t));
    for (const [name, c] of Object.entries(CASES)) {
      const { id } = await enrolPatient(t, token, { institutionId: INSTITUTION_A, name: `回归${name}` });
      await backdateEnrolment(t, id, c.enrolledAt);
      await storeRecord(t, id, '7', c.visit, doctor.id);
      // A contact recorded on a past day (the API records today's), written as the service writes one:
      // with the due date the patient had that day.
      await t.database.db.insert(outreachContacts).values({
        patientId: id,
        institutionId: INSTITUTION_A,
        channel: 'phone',
        result: 'agreedToVisit',
        contactDate: CONTACT,
        dueDate: c.dueDate,
      });
      await refreshIndicatorFacts(t.database.db, id);
    }
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the contracts rule gives the hand-worked outcome of each contact', () => {
    for (const c of Object.values(CASES)) {
      const facts: ScheduleFacts = { group: 'managed', enrolledAt: c.enrolledAt, visits: [c.visit] };
      expect(returnToCare(facts, CONTACT, '2026-01-01')).toBe(c.outcome);
    }
  });

  it('the indicator counts A, B and C, of whom A and C returned', async () => {
    const report = await t.call<IndicatorReport>({
      method: 'GET',
      path: IndicatorPaths.indicators,
      token: admin,
      query: { period: '2025-Q3' },
    });
    expect(report.code, report.message).toBe(0);
    expect(report.data.indicators.find((i) => i.key === 'returnedToCare')).toMatchObject({ numerator: 2, denominator: 3 });
  });

  it('the personal centre counts the same contacts: A and C returned, B not yet (its 30 days are not over)', async () => {
    // Its period is the 30 days up to the day asked for: 2025-08-08 holds the contact.
    expect(await readReturnToCare(t.database.db, INSTITUTION_A, '2025-08-08')).toEqual({ contacted: 3, returned: 2, rate: 2 / 3 });
    // After the period the contact leaves the figures; they are the last 30 days'.
    expect(await readReturnToCare(t.database.db, INSTITUTION_A, '2025-08-09')).toEqual({ contacted: 0, returned: 0, rate: null });
  });
});
