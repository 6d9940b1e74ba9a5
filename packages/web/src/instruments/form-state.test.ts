import { annex1 } from '@tcm/contracts/instruments/annex1';
import { annex3 } from '@tcm/contracts/instruments/annex3';
import { annex7 } from '@tcm/contracts/instruments/annex7';
import { annex9 } from '@tcm/contracts/instruments/annex9';
import { previewDerived } from '@tcm/contracts/instruments/engine';
import type { InstrumentContext, LikertItem } from '@tcm/contracts/instruments/types';
import { describe, expect, it } from 'vitest';
import { buildInstrumentContext } from './context';
import { type FormState, formReducer, initialFormState, questionError, submitCheck } from './form-state';

const context: InstrumentContext = { today: '2026-06-30', gender: 'woman', cohort: 'managed' };

function run(state: FormState, reduce: ReturnType<typeof formReducer>, ...actions: Parameters<ReturnType<typeof formReducer>>[1][]) {
  return actions.reduce(reduce, state);
}

describe('the instrument form state', () => {
  it('starts clean with the definition’s initial values, and a change makes it dirty', () => {
    const reduce = formReducer(annex1, context);
    const start = initialFormState(annex1, context);
    expect(start.isDirty).toBe(false);
    expect(start.values.comorbidities).toEqual([]);
    expect(start.values.testDate, 'a new record is dated today').toBe('2026-06-30');
    const next = reduce(start, { type: 'set', key: 'fpg', value: 6.5 });
    expect(next.isDirty).toBe(true);
    expect(next.values.fpg).toBe(6.5);
  });

  it('shows the engine’s errors on their items on submit and clears an item’s error when it changes', () => {
    const reduce = formReducer(annex1, context);
    const start = reduce(initialFormState(annex1, context), { type: 'set', key: 'testDate', value: undefined });
    const verdict = submitCheck(annex1, context, start.values);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    const withErrors = reduce(start, { type: 'errors', errors: verdict.errors });
    expect(withErrors.errors.testDate).toContain('检测日期');
    const fixed = reduce(withErrors, { type: 'set', key: 'testDate', value: '2026-06-01' });
    expect(fixed.errors.testDate).toBeUndefined();
  });

  it('previews the derived glycemic status while typing', () => {
    const reduce = formReducer(annex1, context);
    const state = run(
      initialFormState(annex1, context),
      reduce,
      { type: 'set', key: 'testDate', value: '2026-06-01' },
      { type: 'set', key: 'fpg', value: 6.5 },
      { type: 'set', key: 'ogtt2h', value: 8.2 },
    );
    expect(previewDerived(annex1, state.values, context).glycemicStatus).toBe('IFG+IGT');
  });

  it('prefills the suggested next visit and keeps it following the visit date until the user types one', () => {
    const reduce = formReducer(annex7, context);
    expect(initialFormState(annex7, context).values.nextVisitDate, 'from today, the new record’s date').toBe('2026-07-15');
    let state = reduce(initialFormState(annex7, context), { type: 'set', key: 'visitDate', value: '2026-06-01' });
    expect(state.values.nextVisitDate).toBe('2026-06-16');
    state = reduce(state, { type: 'set', key: 'visitDate', value: '2026-06-10' });
    expect(state.values.nextVisitDate).toBe('2026-06-25');
    state = reduce(state, { type: 'set', key: 'nextVisitDate', value: '2026-07-01' });
    state = reduce(state, { type: 'set', key: 'visitDate', value: '2026-06-11' });
    expect(state.values.nextVisitDate).toBe('2026-07-01');
  });

  it('asks a shared CCMQ question once and writes the answer into all its slots', () => {
    const reduce = formReducer(annex3, context);
    const likert = annex3.sections.flatMap((s) => s.items).find((item): item is LikertItem => item.type === 'likert');
    if (!likert) throw new Error('annex 3 has no questionnaire');
    const shared = likert.questions.find((q) => q.slots.length > 1);
    if (!shared) throw new Error('no shared question');
    const state = reduce(initialFormState(annex3, context), { type: 'answer', item: likert.key, question: shared, value: 4 });
    for (const slot of shared.slots) expect((state.values[likert.key] as Record<string, number>)[slot]).toBe(4);
    const verdict = submitCheck(annex3, context, state.values);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    const withErrors = reduce(state, { type: 'errors', errors: verdict.errors });
    const unanswered = likert.questions.find((q) => q !== shared);
    expect(unanswered && questionError(withErrors.errors, likert.key, unanswered)).toMatch(/请回答/);
  });

  it('adds and removes repeating group rows within the definition’s limits', () => {
    const reduce = formReducer(annex9, { ...context, cohort: 'comparison', comparisonRole: 1 });
    const start = initialFormState(annex9, context);
    const added = reduce(start, { type: 'addRow', group: 'medications' });
    expect((added.values.medications as unknown[]).length).toBe(((start.values.medications as unknown[]) ?? []).length + 1);
    const removed = reduce(added, { type: 'removeRow', group: 'medications', row: 0 });
    expect((removed.values.medications as unknown[]).length).toBe((added.values.medications as unknown[]).length - 1);
  });

  it('opens a saved record unchanged and not dirty', () => {
    const saved = { testDate: '2026-05-01', fpg: 5.2 };
    const state = initialFormState(annex1, context, saved);
    expect(state.isDirty).toBe(false);
    expect(state.values).toMatchObject(saved);
  });
});

describe('the client-side validation context', () => {
  const record = (id: number, annex: '1' | '7', filledAt: string, fpg: number) => ({
    id,
    annex,
    patientId: 1,
    version: 1,
    data: { fpg },
    derived: {},
    filledAt,
    nextDueDate: null,
    doctorId: 1,
    doctorName: 'd',
    revision: 1,
    createdAt: filledAt,
    updatedAt: filledAt,
  });

  it('takes the oldest record as baseline and the newest as latest, leaving out the one being edited', () => {
    const histories = { '1': [record(3, '1', '2026-06-01', 6.0), record(2, '1', '2026-03-01', 6.5), record(1, '1', '2026-01-01', 7.0)] };
    const built = buildInstrumentContext('1', { gender: 'man', cohort: 'comparison', role: 1 }, histories, 1, '2026-06-30');
    expect(built.baseline?.['1']?.data.fpg).toBe(6.5);
    expect(built.latest?.['1']?.data.fpg).toBe(6.0);
    expect(built.previous?.data.fpg).toBe(6.0);
    expect(built.comparisonRole).toBe(1);
  });

  it('as of a record date takes only the records before it: by date, then by id on the same date', () => {
    const histories = {
      '1': [
        record(4, '1', '2026-06-01', 6.0),
        record(3, '1', '2026-03-01', 6.5),
        record(2, '1', '2026-03-01', 6.8),
        record(1, '1', '2026-01-01', 7.0),
      ],
    };
    const patient = { gender: 'man' as const, cohort: 'managed' as const };
    // A new record back-dated to 1 March follows both records of that day, not the June one.
    expect(buildInstrumentContext('1', patient, histories, undefined, '2026-06-30', '2026-03-01').previous?.data.fpg).toBe(6.5);
    // Editing record 3 (1 March): record 2 of the same day was saved before it, record 4 is later.
    const edited = buildInstrumentContext('1', patient, histories, 3, '2026-06-30', '2026-03-01');
    expect([edited.previous?.data.fpg, edited.baseline?.['1']?.data.fpg]).toEqual([6.8, 7.0]);
    // The earliest record has nothing before it.
    expect(buildInstrumentContext('1', patient, histories, 1, '2026-06-30', '2026-01-01').previous).toBeUndefined();
  });
});
