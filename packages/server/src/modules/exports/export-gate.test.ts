import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { ExportGate } from './export-gate';

describe('ExportGate', () => {
  it('admits up to the limit, refuses the next with code 429 and a message, and admits again after a release', () => {
    const gate = new ExportGate(2);
    const a = gate.enter();
    gate.enter();
    expect(gate.active).toBe(2);
    let refusal: unknown;
    try {
      gate.enter();
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 429, message: '当前导出任务较多，请稍后再试' });
    expect(gate.active).toBe(2);
    a();
    expect(gate.active).toBe(1);
    gate.enter();
    expect(gate.active).toBe(2);
  });

  it('counts a release once even when called twice', () => {
    const gate = new ExportGate(1);
    const release = gate.enter();
    release();
    release();
    expect(gate.active).toBe(0);
    gate.enter();
    expect(() => gate.enter()).toThrow(AppError);
  });
});
