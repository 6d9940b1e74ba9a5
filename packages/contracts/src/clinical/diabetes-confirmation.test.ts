import { describe, expect, it } from 'vitest';
import { confirmDiabetes, statusWithHistory } from './diabetes-confirmation';

describe('confirmDiabetes (WHO 1999: a second diabetic value on another day, unless symptoms)', () => {
  it('leaves one diabetic value unconfirmed and confirms it with a second on another day', () => {
    expect(confirmDiabetes([{ date: '2026-03-01', fpg: 7.0 }])).toEqual({
      status: 'unconfirmed',
      eventDate: null,
      pendingSince: '2026-03-01',
    });
    expect(confirmDiabetes([{ date: '2026-03-01', fpg: 6.9 }])).toEqual({ status: 'none', eventDate: null, pendingSince: null });
    // The event date is the first diabetic value of the confirming pair; input order does not matter.
    const pair = [
      { date: '2026-03-10', hba1c: 6.5 },
      { date: '2026-03-01', fpg: 7.2 },
    ];
    expect(confirmDiabetes(pair)).toEqual({ status: 'confirmed', eventDate: '2026-03-01', pendingSince: null });
  });

  it('confirms in one sitting with two different diabetic tests or classic symptoms', () => {
    expect(confirmDiabetes([{ date: '2026-03-01', fpg: 7.0, ogtt2h: 11.1 }]).status).toBe('confirmed');
    expect(confirmDiabetes([{ date: '2026-03-01', fpg: 7.0, ogtt2h: 11.0 }]).status).toBe('unconfirmed');
    expect(confirmDiabetes([{ date: '2026-03-01', ogtt2h: 12.0, hba1c: 6.5 }]).eventDate).toBe('2026-03-01');
    expect(confirmDiabetes([{ date: '2026-03-01', randomGlucose: 11.1, hasClassicSymptoms: true }]).status).toBe('confirmed');
    // A random value without symptoms is not a diabetic test at all.
    expect(confirmDiabetes([{ date: '2026-03-01', randomGlucose: 15.0 }]).status).toBe('none');
    // Two records of one day are one sitting: FPG on one, HbA1c on the other.
    const sameDay = [
      { date: '2026-03-01', fpg: 7.4 },
      { date: '2026-03-01', hba1c: 6.8 },
    ];
    expect(confirmDiabetes(sameDay)).toEqual({ status: 'confirmed', eventDate: '2026-03-01', pendingSince: null });
  });

  it('clears a pending value when the repeat is below every cut-off, and stays confirmed once confirmed', () => {
    const cleared = [
      { date: '2026-03-01', fpg: 7.1 },
      { date: '2026-03-12', fpg: 6.5 },
      { date: '2026-06-01', fpg: 7.3 },
    ];
    expect(confirmDiabetes(cleared)).toEqual({ status: 'unconfirmed', eventDate: null, pendingSince: '2026-06-01' });
    const kept = [
      { date: '2026-03-01', fpg: 7.1 },
      { date: '2026-03-12', fpg: 7.5 },
      { date: '2026-06-01', fpg: 6.0 },
    ];
    expect(confirmDiabetes(kept)).toEqual({ status: 'confirmed', eventDate: '2026-03-01', pendingSince: null });
    // A sitting with nothing measured neither confirms nor clears.
    const empty = [{ date: '2026-03-01', fpg: 7.1 }, { date: '2026-03-05' }, { date: '2026-03-12', hba1c: 6.6 }];
    expect(confirmDiabetes(empty).eventDate).toBe('2026-03-01');
  });

  it('reads a sitting against the history (statusWithHistory)', () => {
    const history = [{ date: '2026-03-01', fpg: 7.2 }];
    expect(statusWithHistory({ date: '2026-03-15', fpg: 7.0 }, history)).toBe('diabetes');
    expect(statusWithHistory({ date: '2026-03-15', fpg: 6.9 }, history)).toBe('IFG');
    expect(statusWithHistory({ date: '2026-03-15', fpg: 7.0 }, [])).toBe('diabetesUnconfirmed');
    // A later record cannot confirm an earlier one.
    expect(statusWithHistory({ date: '2026-02-15', fpg: 7.0 }, history)).toBe('diabetesUnconfirmed');
  });
});

describe('confirmDiabetes: the outcome report cases worked by hand', () => {
  it('does not count an FPG of 7.0 that a later 6.0 and a normal OGTT did not confirm', () => {
    const days = [
      { date: '2026-03-01', fpg: 7.0 },
      { date: '2026-03-15', fpg: 6.0 },
      { date: '2026-04-30', fpg: 5.4, ogtt2h: 7.2 },
    ];
    expect(confirmDiabetes(days)).toEqual({ status: 'none', eventDate: null, pendingSince: null });
  });

  it('dates the event at the first value of the confirming pair', () => {
    const days = [
      { date: '2026-03-01', fpg: 6.4 },
      { date: '2026-04-01', fpg: 7.1 },
      { date: '2026-04-20', hba1c: 6.6 },
    ];
    expect(confirmDiabetes(days)).toEqual({ status: 'confirmed', eventDate: '2026-04-01', pendingSince: null });
  });
});
