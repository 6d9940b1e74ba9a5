import { describe, expect, it } from 'vitest';
import { ageOn, makeResidentId, maskMobile, maskResidentId, parseResidentId, residentIdCheckChar } from './resident-id';

describe('resident ID (GB 11643)', () => {
  it('computes the MOD 11-2 check character of a published example', () => {
    // The standard's example 11010519491231002X.
    expect(residentIdCheckChar('11010519491231002')).toBe('X');
    expect(parseResidentId('11010519491231002x')).toEqual({
      ok: true,
      value: { normalized: '11010519491231002X', birthDate: '1949-12-31', gender: 'woman' },
    });
  });

  it('rejects a wrong check digit, a bad length, an impossible or future birth date', () => {
    expect(parseResidentId('110105194912310021')).toEqual({ ok: false, message: '身份证号校验位不正确' });
    expect(parseResidentId('1101051949123100')).toEqual({ ok: false, message: '身份证号应为18位' });
    const feb30 = makeResidentId('110105', '1980-02-30', 11);
    expect(parseResidentId(feb30)).toEqual({ ok: false, message: '身份证号中的出生日期无效' });
    const future = makeResidentId('110105', '2099-01-01', 11);
    expect(parseResidentId(future, new Date('2026-01-01'))).toEqual({ ok: false, message: '身份证号中的出生日期晚于今天' });
  });

  it('derives gender from the sequence parity and age from the birth date', () => {
    const man = makeResidentId('310101', '1970-06-15', 13);
    const parsed = parseResidentId(man);
    expect(parsed.ok && parsed.value.gender).toBe('man');
    expect(ageOn('1970-06-15', new Date(2026, 5, 14))).toBe(55);
    expect(ageOn('1970-06-15', new Date(2026, 5, 15))).toBe(56);
  });

  it('masks ID numbers and mobiles as PRODUCT §1 shows', () => {
    expect(maskResidentId('110101199001011234')).toBe('110101********1234');
    expect(maskMobile('13812345678')).toBe('138****5678');
  });
});
