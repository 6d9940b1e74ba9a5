import { describe, expect, it } from 'vitest';
import { dueFollowUps } from './follow-up-schedule';
import { parsePeriod, trailingPeriods } from './indicator-periods';
import {
  evaluatePatient,
  type IndicatorPatientFacts,
  indicatorRecordDetails,
  indicatorRecordFacts,
  meetsTarget,
  patientGaps,
  summarizeFacts,
} from './indicators';
import { returnToCare } from './returned-to-care';

const Q3 = parsePeriod('2026-Q3')!; // 2026-07-01 .. 2026-09-30
const LATE = '2027-06-30'; // every window long closed

/** The rules run on the summarized facts, as the server stores them. */
const evaluate = (f: IndicatorPatientFacts, p: typeof Q3, today: string) => evaluatePatient(summarizeFacts(f), p, today);
const gaps = (f: IndicatorPatientFacts, today: string) => patientGaps(summarizeFacts(f), today);

function patient(over: Partial<IndicatorPatientFacts> = {}): IndicatorPatientFacts {
  return {
    group: 'managed',
    enrolledAt: '2026-01-01',
    endedAt: null,
    status: 'active',
    statusAt: null,
    baselineCompleteAt: '2026-01-10',
    visits: [],
    records: [],
    glucose: [],
    baselineIgt: false,
    weights: [],
    alerts: [],
    contacts: [],
    ...over,
  };
}

describe('periods', () => {
  it('names months, quarters and years with both ends included', () => {
    expect(parsePeriod('2026-02')).toEqual({ key: '2026-02', kind: 'month', start: '2026-02-01', end: '2026-02-28' });
    expect(parsePeriod('2024-02')?.end).toBe('2024-02-29');
    expect(parsePeriod('2026-Q3')).toEqual({ key: '2026-Q3', kind: 'quarter', start: '2026-07-01', end: '2026-09-30' });
    expect(parsePeriod('2026')).toEqual({ key: '2026', kind: 'year', start: '2026-01-01', end: '2026-12-31' });
    expect(parsePeriod('2026-13')).toBeNull();
    expect(parsePeriod('2026-Q5')).toBeNull();
  });
  it('lists the 12 periods ending with one, across years', () => {
    const months = trailingPeriods(parsePeriod('2026-03')!, 12).map((p) => p.key);
    expect(months[0]).toBe('2025-04');
    expect(months.at(-1)).toBe('2026-03');
    expect(trailingPeriods(parsePeriod('2026-Q1')!, 3).map((p) => p.key)).toEqual(['2025-Q3', '2025-Q4', '2026-Q1']);
    expect(trailingPeriods(parsePeriod('2026')!, 2).map((p) => p.key)).toEqual(['2025', '2026']);
  });
});

describe('follow-up schedule', () => {
  it('counts a follow-up on due date + 7 days as on time and + 8 as missed (managed)', () => {
    // Enrolled 07-01, interval 15: due 07-16, grace to 07-23.
    const onTime = dueFollowUps({ group: 'managed', enrolledAt: '2026-07-01', visits: ['2026-07-23'] }, '2026-07-20', LATE);
    expect(onTime).toEqual([{ due: '2026-07-16', state: 'onTime', doneOn: '2026-07-23' }]);
    const late = dueFollowUps({ group: 'managed', enrolledAt: '2026-07-01', visits: ['2026-07-24'] }, '2026-07-20', LATE);
    expect(late).toEqual([{ due: '2026-07-16', state: 'missed', doneOn: null }]);
  });
  it('opens the next window at a missed due date, so the late visit may serve the next one', () => {
    // Due 07-16 missed; next window opens 07-16, due 07-31, the 07-24 visit is on time for it; then due 08-08.
    const dues = dueFollowUps({ group: 'managed', enrolledAt: '2026-07-01', visits: ['2026-07-24'] }, '2026-08-10', LATE);
    expect(dues.map((d) => [d.due, d.state])).toEqual([
      ['2026-07-16', 'missed'],
      ['2026-07-31', 'onTime'],
      ['2026-08-08', 'missed'],
    ]);
  });
  it('gives the comparison group 90 days and 30 days of grace, and leaves an open window pending', () => {
    const dues = dueFollowUps({ group: 'comparison', enrolledAt: '2026-01-01', visits: [] }, '2026-12-31', '2026-04-20');
    // Due 04-01 (90 days), grace until 05-01: still open on 04-20.
    expect(dues).toEqual([{ due: '2026-04-01', state: 'pending', doneOn: null }]);
  });
  it('stops at the end of management', () => {
    expect(dueFollowUps({ group: 'managed', enrolledAt: '2026-07-01', visits: [] }, '2026-09-30', LATE, '2026-07-20')).toHaveLength(1);
  });
});

describe('returned to care', () => {
  const f = { group: 'managed' as const, enrolledAt: '2026-07-01', visits: ['2026-08-15'] };
  it('counts a contact while overdue followed by a follow-up within 30 days, the 30th day included', () => {
    // Due 07-16; contacted 07-16 is not yet overdue; 07-17 is.
    expect(returnToCare(f, '2026-07-16', LATE)).toBeNull();
    expect(returnToCare(f, '2026-07-17', LATE)).toBe('returned'); // 08-15 is contact + 29
    expect(returnToCare({ ...f, visits: ['2026-08-16'] }, '2026-07-17', LATE)).toBe('returned'); // + 30
    expect(returnToCare({ ...f, visits: ['2026-08-17'] }, '2026-07-17', LATE)).toBe('notReturned'); // + 31
    expect(returnToCare({ ...f, visits: [] }, '2026-07-17', '2026-08-01')).toBe('pending');
  });
});

describe('indicators of one patient for 2026-Q3', () => {
  it('counts enrolment on the first and the last day of the period as new, the day before and after not', () => {
    expect(evaluate(patient({ enrolledAt: '2026-07-01' }), Q3, LATE).newlyEnrolled).toEqual({ denominator: 1, numerator: 1 });
    expect(evaluate(patient({ enrolledAt: '2026-09-30' }), Q3, LATE).newlyEnrolled).toEqual({ denominator: 1, numerator: 1 });
    expect(evaluate(patient({ enrolledAt: '2026-06-30' }), Q3, LATE).newlyEnrolled).toBeUndefined();
    expect(evaluate(patient({ enrolledAt: '2026-10-01' }), Q3, LATE)).toEqual({});
  });

  it('completes the baseline within 30 days of enrolment, the 30th day included', () => {
    const on30 = patient({ enrolledAt: '2026-09-30', baselineCompleteAt: '2026-10-30' });
    expect(evaluate(on30, Q3, LATE).baselineCompletion).toEqual({ denominator: 1, numerator: 1 });
    const on31 = patient({ enrolledAt: '2026-09-30', baselineCompleteAt: '2026-10-31' });
    expect(evaluate(on31, Q3, LATE).baselineCompletion).toEqual({ denominator: 1, numerator: 0 });
    // Enrolled on the last day, judged on 10-15: the window is open and nothing counts yet.
    expect(evaluate(patient({ enrolledAt: '2026-09-30', baselineCompleteAt: null }), Q3, '2026-10-15').baselineCompletion).toBeUndefined();
  });

  it('counts follow-ups due in the period and those on time', () => {
    // Comparison group enrolled 2026-04-01: due 06-30 (before Q3), then from the 07-20 visit due 10-18 (after Q3).
    const c = patient({ group: 'comparison', enrolledAt: '2026-04-01', visits: ['2026-07-20'] });
    expect(evaluate(c, Q3, LATE).onTimeFollowUp).toBeUndefined();
    // Managed, enrolled 06-20: due 07-05 (visit 07-12 = +7 on time), 07-27 (visit 08-04 = +8 missed),
    // window reopens 07-27: due 08-11 (the 08-04 visit, early, is on time and opens the next window):
    // due 08-19, 09-03, 09-18 missed with no more visits.
    const m = patient({ enrolledAt: '2026-06-20', visits: ['2026-07-12', '2026-08-04'] });
    const dues = dueFollowUps(m, Q3.end, LATE).filter((d) => d.due >= Q3.start);
    expect(dues.map((d) => [d.due, d.state])).toEqual([
      ['2026-07-05', 'onTime'],
      ['2026-07-27', 'missed'],
      ['2026-08-11', 'onTime'],
      ['2026-08-19', 'missed'],
      ['2026-09-03', 'missed'],
      ['2026-09-18', 'missed'],
    ]);
    const result = evaluate(m, Q3, LATE);
    expect(result.onTimeFollowUp).toEqual({ denominator: 6, numerator: 2 });
    expect(result.standardManagement).toEqual({ denominator: 1, numerator: 0 }); // whole period, follow-ups missed
  });

  it('manages to standard only with a complete baseline, every due follow-up on time, not lost', () => {
    // Comparison, enrolled 2026-01-01: dues 04-01 (visit 04-10), 07-09 (visit 07-30 on time within 30), 10-28 (after Q3).
    const good = patient({ group: 'comparison', visits: ['2026-04-10', '2026-07-30'] });
    expect(evaluate(good, Q3, LATE).standardManagement).toEqual({ denominator: 1, numerator: 1 });
    expect(evaluate({ ...good, baselineCompleteAt: null }, Q3, LATE).standardManagement).toEqual({ denominator: 1, numerator: 0 });
    // 07-09 + 30 = 08-08 is the last on-time day; 08-09 is late.
    expect(evaluate({ ...good, visits: ['2026-04-10', '2026-08-08'] }, Q3, LATE).standardManagement?.numerator).toBe(1);
    expect(evaluate({ ...good, visits: ['2026-04-10', '2026-08-09'] }, Q3, LATE).standardManagement?.numerator).toBe(0);
  });

  it('leaves out patients not active at the start, keeps those whose status changes mid-period', () => {
    const movedBefore = patient({ group: 'comparison', status: 'movedAway', statusAt: '2026-07-01' });
    const r1 = evaluate(movedBefore, Q3, LATE);
    expect(r1.standardManagement).toBeUndefined();
    expect(r1.lostToFollowUp).toBeUndefined();
    expect(r1.activePatients).toBeUndefined();
    const lostMid = patient({ group: 'comparison', status: 'lostToFollowUp', statusAt: '2026-07-02', visits: ['2026-04-10'] });
    const r2 = evaluate(lostMid, Q3, LATE);
    expect(r2.lostToFollowUp).toEqual({ denominator: 1, numerator: 1 });
    expect(r2.standardManagement).toEqual({ denominator: 1, numerator: 0 });
    expect(r2.activePatients).toBeUndefined();
    // Died mid-period: still in the denominators, no follow-ups fall due after the death.
    const diedMid = patient({ group: 'comparison', status: 'died', statusAt: '2026-07-05', visits: ['2026-04-10'] });
    const r3 = evaluate(diedMid, Q3, LATE);
    expect(r3.lostToFollowUp).toEqual({ denominator: 1, numerator: 0 });
    expect(r3.onTimeFollowUp).toBeUndefined(); // due 07-09 is after the death
    expect(r3.standardManagement).toEqual({ denominator: 1, numerator: 1 });
  });

  it('judges glucose control by the latest FPG in the period (< 7.0) for diabetic members', () => {
    const d = patient({
      group: 'diabetic',
      glucose: [
        { date: '2026-07-10', fpg: 6.5 },
        { date: '2026-09-01', fpg: 7.0 },
      ],
    });
    expect(evaluate(d, Q3, LATE).glucoseControl).toEqual({ denominator: 1, numerator: 0 });
    const controlled = {
      ...d,
      glucose: [
        { date: '2026-07-10', fpg: 7.4 },
        { date: '2026-09-01', fpg: 6.9 },
      ],
    };
    expect(evaluate(controlled, Q3, LATE).glucoseControl).toEqual({ denominator: 1, numerator: 1 });
    expect(evaluate({ ...d, glucose: [{ date: '2026-06-30', fpg: 5.0 }] }, Q3, LATE).glucoseControl).toEqual({
      denominator: 1,
      numerator: 0,
    });
    expect(evaluate(d, Q3, LATE).glucoseNormal).toBeUndefined();
  });

  it('judges glucose normal by the latest status with the confirmation and IGT rules', () => {
    const base = patient({ glucose: [{ date: '2026-01-01', fpg: 6.5, ogtt2h: 9.0 }], baselineIgt: true });
    expect(evaluate(base, Q3, LATE).glucoseNormal?.numerator).toBe(0);
    // Normal FPG without a 2h-PG after an IGT baseline: repeatOgtt, not normal.
    const noOgtt = { ...base, glucose: [...base.glucose, { date: '2026-08-01', fpg: 5.2 }] };
    expect(evaluate(noOgtt, Q3, LATE).glucoseNormal?.numerator).toBe(0);
    const normal = { ...base, glucose: [...base.glucose, { date: '2026-08-01', fpg: 5.2, ogtt2h: 6.8 }] };
    expect(evaluate(normal, Q3, LATE).glucoseNormal?.numerator).toBe(1);
    // Diabetes confirmed by two diabetic days earlier: a normal value later is not "normal".
    const confirmed = {
      ...normal,
      glucose: [{ date: '2026-02-01', fpg: 7.2 }, { date: '2026-03-01', fpg: 7.5 }, ...normal.glucose.slice(1)],
    };
    expect(evaluate(confirmed, Q3, LATE).glucoseNormal?.numerator).toBe(0);
  });

  it('counts alerts handled by a contact from the same day or a record from the next, within 14 days', () => {
    const a = patient({ alerts: ['2026-08-01'], records: ['2026-08-01'] });
    expect(evaluate({ ...a, contacts: ['2026-08-15'] }, Q3, LATE).alertHandled).toEqual({ denominator: 1, numerator: 1 });
    expect(evaluate({ ...a, contacts: ['2026-08-16'] }, Q3, LATE).alertHandled).toEqual({ denominator: 1, numerator: 0 });
    expect(evaluate({ ...a, records: ['2026-08-01', '2026-08-15'] }, Q3, LATE).alertHandled?.numerator).toBe(1);
    expect(evaluate(a, Q3, '2026-08-10').alertHandled).toBeUndefined(); // still within 14 days
  });

  it('counts weight loss of 5 % or more at the latest weight, managed group only', () => {
    const w = patient({
      weights: [
        ['2026-01-05', 80],
        ['2026-09-01', 76],
      ],
    }); // 5.0 %
    expect(evaluate(w, Q3, LATE).weightLoss5).toEqual({ denominator: 1, numerator: 1 });
    expect(
      evaluate(
        {
          ...w,
          weights: [
            ['2026-01-05', 80],
            ['2026-09-01', 76.1],
          ],
        },
        Q3,
        LATE,
      ).weightLoss5?.numerator,
    ).toBe(0);
    expect(
      evaluate(
        {
          ...w,
          weights: [
            ['2026-01-05', 80],
            ['2026-10-01', 70],
          ],
        },
        Q3,
        LATE,
      ).weightLoss5?.numerator,
    ).toBe(0);
    expect(evaluate({ ...w, group: 'comparison' }, Q3, LATE).weightLoss5).toBeUndefined();
  });

  it('adds the cohort up to hand-worked rates', () => {
    const cohort = [
      patient({ group: 'comparison', visits: ['2026-04-10', '2026-07-30'] }), // standard
      patient({ group: 'comparison', visits: ['2026-04-10'] }), // due 07-09 missed
      patient({ group: 'comparison', visits: ['2026-04-10', '2026-07-30'], baselineCompleteAt: null }), // no baseline
      patient({ group: 'comparison', status: 'refused', statusAt: '2026-06-01' }), // out
    ];
    const sum = cohort.reduce(
      (acc, f) => {
        const r = evaluate(f, Q3, LATE).standardManagement;
        return { n: acc.n + (r?.numerator ?? 0), d: acc.d + (r?.denominator ?? 0) };
      },
      { n: 0, d: 0 },
    );
    expect(sum).toEqual({ n: 1, d: 3 });
  });
});

describe('targets', () => {
  it('meets a target at or above it, or at or below it for lost to follow-up', () => {
    expect(meetsTarget('standardManagement', 80, 80)).toBe(true);
    expect(meetsTarget('standardManagement', 79.9, 80)).toBe(false);
    expect(meetsTarget('lostToFollowUp', 5, 5)).toBe(true);
    expect(meetsTarget('lostToFollowUp', 5.1, 5)).toBe(false);
    expect(meetsTarget('standardManagement', null, 80)).toBeNull();
  });
});

describe('what a patient fails today', () => {
  it('waits for the 30th day before naming the baseline', () => {
    const f = patient({ enrolledAt: '2026-07-01', baselineCompleteAt: null });
    // On 07-31 (day 30) the baseline window is still open; due 07-16 closed unmet on 07-23.
    expect(gaps(f, '2026-07-31').map((g) => g.key)).toEqual(['followUpOverdue']);
  });
  it('names gaps with the day they opened', () => {
    const f = patient({ enrolledAt: '2026-07-01', baselineCompleteAt: null });
    // On 08-01: baseline window closed 07-31; due 07-16 missed (grace to 07-23), due 07-31 pending until 08-07.
    expect(gaps(f, '2026-08-01')).toEqual([
      { key: 'baselineIncomplete', indicator: 'baselineCompletion', since: '2026-07-31' },
      { key: 'followUpOverdue', indicator: 'onTimeFollowUp', since: '2026-07-16' },
    ]);
    expect(gaps({ ...f, status: 'died', statusAt: '2026-07-20' }, '2026-08-01')).toEqual([]);
  });
});

describe('facts from records', () => {
  it('dates the baseline at its last first record and keeps the group follow-ups from enrolment', () => {
    const facts = indicatorRecordDetails(
      'comparison',
      '2026-01-01',
      [
        { annex: '1', filledAt: '2025-12-28', data: { fpg: 6.3, ogtt2h: 8.2 }, derived: {} },
        { annex: '3', filledAt: '2026-01-05', data: {}, derived: {} },
        { annex: '6', filledAt: '2026-01-20', data: { weight: 70 }, derived: { hasAlert: false } },
        { annex: '7', filledAt: '2026-04-01', data: { fpg: 17 }, derived: { hasAlert: true } },
        { annex: '7', filledAt: '2026-04-01', data: {}, derived: {} },
      ],
      ['2026-04-02'],
    );
    expect(facts.baselineCompleteAt).toBe('2026-01-20');
    expect(facts.visits).toEqual(['2026-04-01']);
    expect(facts.baselineIgt).toBe(true);
    expect(facts.weights).toEqual([['2026-01-20', 70]]);
    expect(facts.alerts).toEqual(['2026-04-01']);
    expect(facts.glucose.map((g) => g.date)).toEqual(['2025-12-28', '2026-04-01']);
    expect(indicatorRecordDetails('managed', '2026-01-01', [], []).baselineCompleteAt).toBeNull();
  });
  it('stores the facts with the rules applied: normal sittings, the alert followed by the next-day contact', () => {
    const stored = indicatorRecordFacts(
      'comparison',
      '2026-01-01',
      [
        { annex: '1', filledAt: '2025-12-28', data: { fpg: 6.3, ogtt2h: 8.2 }, derived: {} },
        { annex: '7', filledAt: '2026-04-01', data: { fpg: 5.0 }, derived: { hasAlert: true } },
        { annex: '7', filledAt: '2026-05-01', data: { fpg: 5.0, ogtt2h: 6.0 }, derived: {} },
      ],
      ['2026-04-02'],
    );
    // IGT at baseline: FPG alone cannot read normal (repeatOgtt); with a 2h-PG it can.
    expect(stored.sittings).toEqual([
      ['2025-12-28', 0],
      ['2026-04-01', 0],
      ['2026-05-01', 1],
    ]);
    expect(stored.confirmedOn).toBeNull();
    expect(stored.alerts).toEqual([['2026-04-01', '2026-04-02']]);
    // Contacted 04-02: the window opened 04-01 is due 06-30, not overdue.
    expect(stored.contacts).toEqual([['2026-04-02', 0, '2026-05-01']]);
  });
});
