import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { EXPORT_REFUSALS, ExportGate, type ExportHolder } from './export-gate';

const doctor = (userId: number, institutionId: number | null): ExportHolder => ({ userId, institutionId });

/** The refusal's message, or 'admitted' (the place is kept: tests release what they need). */
function attempt(gate: ExportGate, holder: ExportHolder): string {
  try {
    gate.enter(holder);
    return 'admitted';
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 429, httpStatus: 429 });
    return (error as AppError).message;
  }
}

describe('ExportGate', () => {
  it('admits up to the limit, refuses the next with code 429 and a message, and admits again after a release', () => {
    const gate = new ExportGate(2);
    const a = gate.enter(doctor(1, 1));
    gate.enter(doctor(2, 2));
    expect(gate.active).toBe(2);
    expect(attempt(gate, doctor(3, 3))).toBe('当前导出任务较多，请稍后再试');
    expect(gate.active).toBe(2);
    a();
    expect(gate.active).toBe(1);
    expect(attempt(gate, doctor(3, 3))).toBe('admitted');
    expect(gate.active).toBe(2);
  });

  it('counts a release once even when called twice', () => {
    const gate = new ExportGate(1);
    const release = gate.enter(doctor(1, 1));
    release();
    release();
    expect(gate.active).toBe(0);
    gate.enter(doctor(1, 1));
    expect(() => gate.enter(doctor(2, 2))).toThrow(AppError);
  });

  it('runs one export per user at a time, saying so, while places are free', () => {
    const gate = new ExportGate(4);
    const first = gate.enter(doctor(1, 1));
    expect(attempt(gate, doctor(1, 1))).toBe(EXPORT_REFUSALS.user);
    expect(EXPORT_REFUSALS.user).toBe('您已有一个导出正在进行，请等它完成后再试');
    expect(gate.active).toBe(1);
    first();
    expect(attempt(gate, doctor(1, 1))).toBe('admitted');
  });

  it('one doctor cannot hold every place: nine tries by another institution all get in', () => {
    const gate = new ExportGate(2);
    gate.enter(doctor(1, 1));
    for (let i = 0; i < 9; i++) expect(attempt(gate, doctor(1, 1))).toBe(EXPORT_REFUSALS.user);
    // A colleague of the same institution may not take the last place either…
    expect(attempt(gate, doctor(2, 1))).toBe(EXPORT_REFUSALS.institution);
    expect(EXPORT_REFUSALS.institution).toBe('本机构正在进行的导出较多，请稍后再试');
    // …so another institution's doctor finds it free every time they ask.
    for (let i = 0; i < 9; i++) {
      const release = gate.enter(doctor(9, 2));
      release();
    }
    expect(gate.active).toBe(1);
  });

  it('an institution past its half of the places never takes the last free one; the admin counts as one more institution', () => {
    // Four places: a fair share of two. Institution 1 may take a third while two are free, not a fourth.
    const gate = new ExportGate(4);
    for (const userId of [1, 2, 3]) expect(attempt(gate, doctor(userId, 1))).toBe('admitted');
    expect(attempt(gate, doctor(4, 1))).toBe(EXPORT_REFUSALS.institution);
    expect(attempt(gate, doctor(100, null))).toBe('admitted');
    expect(attempt(gate, doctor(5, 2))).toBe(EXPORT_REFUSALS.full);

    // Three places: a share of two; the third is left to someone else.
    const three = new ExportGate(3);
    expect(attempt(three, doctor(1, 1))).toBe('admitted');
    expect(attempt(three, doctor(2, 1))).toBe('admitted');
    expect(attempt(three, doctor(3, 1))).toBe(EXPORT_REFUSALS.institution);
    expect(attempt(three, doctor(4, 2))).toBe('admitted');

    // One place: whoever comes first.
    const one = new ExportGate(1);
    expect(attempt(one, doctor(1, 1))).toBe('admitted');
    expect(attempt(one, doctor(2, 2))).toBe(EXPORT_REFUSALS.full);
  });

  it("frees an institution's share when its exports end", () => {
    const gate = new ExportGate(2);
    const release = gate.enter(doctor(1, 1));
    expect(attempt(gate, doctor(2, 1))).toBe(EXPORT_REFUSALS.institution);
    release();
    expect(attempt(gate, doctor(2, 1))).toBe('admitted');
    expect(attempt(gate, doctor(3, 2))).toBe('admitted');
  });
});
