import { describe, expect, it } from 'vitest';
import { PRESCRIPTION_FIELD_LABELS, PRESCRIPTION_KIND_LABELS } from './labels';
import { blankPrescription, PRESCRIPTION_KINDS, PRESCRIPTION_TEXT_OWNERS, type PrescriptionTemplate } from './templates';

// SEED-SPEC §3 "Blank prescription templates", written out by hand — not derived from the code — so a
// renamed or retyped field fails here. B = boolean (blank false), T = text (blank '').
const B = false;
const T = '';
const SPEC = {
  diet: { patientId: 7, isBlank: true, a1: B, a2: B, a3: B, a41: B, a42: T, a51: B, a52: T },
  healthEducation: { patientId: 7, isBlank: true, a1: B, a2: B, a3: B, a4: T, a5: B, a6: T },
  loseWeight: { patientId: 7, isBlank: true, a1: B, a2: B, a31: B, a32: T },
  motion: {
    patientId: 7,
    isBlank: true,
    a1: B,
    a11: B,
    a12: B,
    a13: B,
    a14: B,
    a15: B,
    a16: B,
    a17: B,
    a18: B,
    a181: T,
    a2: B,
    a21: B,
    a22: B,
    a23: B,
    a231: T,
    a3: B,
    a31: B,
    a32: B,
    a33: B,
    a34: B,
    a35: B,
    a351: T,
    a41: T,
    a42: T,
  },
  other: { patientId: 7, isBlank: true, content: T },
  physique: {
    patientId: 7,
    isBlank: true,
    a1: B,
    a11: B,
    a12: B,
    a13: T,
    a2: B,
    a21: B,
    a22: B,
    a23: T,
    a3: B,
    a31: B,
    a32: B,
    a33: T,
    a4: B,
    a41: T,
  },
  sleep: { patientId: 7, isBlank: true, a1: B, a2: B, a21: T },
};

describe('blank prescription templates (SEED-SPEC §3)', () => {
  it('has the seven kinds in the spec order', () => {
    expect(PRESCRIPTION_KINDS).toEqual(['diet', 'sleep', 'motion', 'loseWeight', 'other', 'healthEducation', 'physique']);
  });

  it.each(PRESCRIPTION_KINDS)('%s: exactly the spec fields, types and blank values', (kind) => {
    const blank = blankPrescription(kind, 7);
    expect(blank).toStrictEqual(SPEC[kind]);
    expect(Object.keys(blank).sort()).toEqual(Object.keys(SPEC[kind]).sort());
    for (const [field, value] of Object.entries(SPEC[kind]))
      expect(typeof (blank as Record<string, unknown>)[field], field).toBe(typeof value);
  });

  it('returns a fresh object each call', () => {
    const a = blankPrescription('diet', 1);
    const b = blankPrescription('diet', 1);
    expect(a).not.toBe(b);
    a.a1 = true;
    expect(b.a1).toBe(false);
  });

  it('refuses a patient id that is not a positive integer', () => {
    expect(() => blankPrescription('sleep', 0)).toThrow(RangeError);
    expect(() => blankPrescription('sleep', 1.5)).toThrow(RangeError);
  });

  it('types a template per kind (compile-time check)', () => {
    const diet: PrescriptionTemplate<'diet'> = {
      patientId: 1,
      isBlank: true,
      a1: true,
      a2: false,
      a3: false,
      a41: true,
      a42: '山药粥',
      a51: false,
      a52: '',
    };
    expect(diet.a42).toBe('山药粥');
  });

  it('labels every field of every kind in Chinese and English, and names the kinds', () => {
    for (const kind of PRESCRIPTION_KINDS) {
      const labels = PRESCRIPTION_FIELD_LABELS[kind] as Record<string, { zh: string; en: string }>;
      const fields = Object.keys(SPEC[kind]).filter((f) => f !== 'patientId' && f !== 'isBlank');
      expect(Object.keys(labels).sort()).toEqual(fields.sort());
      for (const f of fields) expect(labels[f]?.zh && labels[f]?.en, `${kind}.${f}`).toBeTruthy();
    }
    expect(Object.values(PRESCRIPTION_KIND_LABELS).map((l) => l.zh)).toEqual([
      '饮食处方',
      '睡眠处方',
      '运动处方',
      '减重处方',
      '健康教育处方',
      '体质调养处方',
      '其他处方',
    ]);
  });

  it('says which text belongs to which checkbox', () => {
    expect(PRESCRIPTION_TEXT_OWNERS).toEqual({
      diet: { a42: 'a41', a52: 'a51' },
      sleep: { a21: 'a2' },
      motion: { a181: 'a18', a231: 'a23', a351: 'a35' },
      loseWeight: { a32: 'a31' },
      other: {},
      healthEducation: { a4: 'a3', a6: 'a5' },
      physique: { a13: 'a1', a23: 'a2', a33: 'a3', a41: 'a4' },
    });
  });
});
