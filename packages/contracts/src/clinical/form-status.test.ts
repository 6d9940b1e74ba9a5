import { describe, expect, it } from 'vitest';
import { baselineProgress, formStates, mostPressing, nextFormToFill, type ProtocolFacts } from './form-status';

const managed = (over: Partial<ProtocolFacts> = {}): ProtocolFacts => ({
  cohort: 'managed',
  role: 'patient',
  filledAnnexes: [],
  endManagement: false,
  nextDueDate: '2026-12-20',
  overdue: false,
  ...over,
});

describe('baselineProgress', () => {
  it("counts 3 of the managed group's 5 baseline forms and names the two missing in filling order", () => {
    expect(baselineProgress(managed({ filledAnnexes: ['1', '3', '6', '7'] }))).toEqual({ done: 3, total: 5, missing: ['2', '4'] });
  });

  it("uses the comparison group's own 3-form baseline (annexes 1, 3, 6)", () => {
    expect(baselineProgress({ cohort: 'comparison', role: 1, filledAnnexes: ['1', '9'] })).toEqual({
      done: 1,
      total: 3,
      missing: ['3', '6'],
    });
  });
});

describe('formStates', () => {
  const today = '2026-11-27';

  it('marks baseline forms done or missing, and says nothing of forms not yet asked for', () => {
    expect(formStates(managed({ filledAnnexes: ['1', '2'] }), today)).toEqual({
      '1': 'done',
      '2': 'done',
      '3': 'missing',
      '4': 'missing',
      '6': 'missing',
    });
  });

  it('a follow-up is due within 7 days of its date (2026-12-04 is 7 days after 2026-11-27), not 8', () => {
    expect(formStates(managed({ nextDueDate: '2026-12-04' }), today)['7']).toBe('due');
    expect(formStates(managed({ nextDueDate: '2026-12-05' }), today)['7']).toBeUndefined();
    expect(formStates(managed({ nextDueDate: '2026-12-05', filledAnnexes: ['7'] }), today)['7']).toBe('done');
  });

  it("an overdue patient's follow-up is overdue; a comparison diabetic's follow-up is annex 9", () => {
    expect(formStates(managed({ overdue: true, filledAnnexes: ['7'] }), today)['7']).toBe('overdue');
    const states = formStates(
      { cohort: 'comparison', role: 1, filledAnnexes: [], endManagement: false, nextDueDate: today, overdue: false },
      today,
    );
    expect(states).toEqual({ '1': 'missing', '3': 'missing', '6': 'missing', '9': 'due' });
  });

  it('after management ends the end evaluation is missing until filled, and no follow-up is due', () => {
    const ended = managed({ endManagement: true, nextDueDate: null, overdue: false, filledAnnexes: ['1', '2', '3', '4', '6', '7'] });
    expect(formStates(ended, today)).toMatchObject({ '7': 'done', '8': 'missing' });
    expect(formStates({ ...ended, filledAnnexes: [...ended.filledAnnexes, '8'] }, today)['8']).toBe('done');
  });
});

describe('nextFormToFill', () => {
  const today = '2026-11-27';
  it('opens the first missing baseline form, in the order a doctor fills them', () => {
    expect(nextFormToFill(managed({ filledAnnexes: ['1', '3'] }), today)).toBe('2');
    expect(nextFormToFill(managed({ filledAnnexes: ['1', '2', '3', '4'] }), today)).toBe('6');
  });

  it('with the baseline complete, opens a due follow-up, else the first form', () => {
    const complete = ['1', '2', '3', '4', '6'];
    expect(nextFormToFill(managed({ filledAnnexes: complete, nextDueDate: '2026-11-30' }), today)).toBe('7');
    expect(nextFormToFill(managed({ filledAnnexes: complete }), today)).toBe('1');
  });
});

describe('mostPressing', () => {
  it('overdue beats missing beats due beats done', () => {
    expect(mostPressing(['done', 'due'])).toBe('due');
    expect(mostPressing(['due', 'missing', 'done'])).toBe('missing');
    expect(mostPressing(['missing', 'overdue'])).toBe('overdue');
    expect(mostPressing([undefined])).toBeNull();
  });
});
