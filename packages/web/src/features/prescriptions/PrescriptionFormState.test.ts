import { parsePrescription } from '@tcm/contracts/prescriptions/schemas';
import { blankPrescription } from '@tcm/contracts/prescriptions/templates';
import { describe, expect, it } from 'vitest';
import { fieldOwners, isEnabled, toContent, type Values } from './PrescriptionFormState';

const blank = (kind: Parameters<typeof blankPrescription>[0]) => ({ ...blankPrescription(kind, 7) }) as unknown as Values;

describe('prescription form state', () => {
  it('enables a text only under its ticked checkbox, and sub-items only under their ticked group', () => {
    const owners = fieldOwners('motion');
    const values = blank('motion');
    expect(isEnabled(owners, values, 'a11')).toBe(false);
    expect(isEnabled(owners, values, 'a181')).toBe(false);
    expect(isEnabled(owners, values, 'a41')).toBe(true); // a note: always on
    values.a1 = true;
    expect(isEnabled(owners, values, 'a11')).toBe(true);
    expect(isEnabled(owners, values, 'a181')).toBe(false);
    values.a18 = true;
    expect(isEnabled(owners, values, 'a181')).toBe(true);
    values.a1 = false;
    expect(isEnabled(owners, values, 'a181')).toBe(false);
  });

  it('physique: a group text belongs to the group checkbox', () => {
    const owners = fieldOwners('physique');
    const values = blank('physique');
    expect(isEnabled(owners, values, 'a13')).toBe(false);
    values.a1 = true;
    expect(isEnabled(owners, values, 'a13')).toBe(true);
  });

  it('clears what hangs under unticked boxes, trims texts and passes the save schema', () => {
    const values = { ...blank('motion'), a1: false, a11: true, a18: true, a181: '登山', a3: true, a32: true, a41: '  每周5次  ' };
    const content = toContent('motion', values);
    expect(content).toMatchObject({ a1: false, a11: false, a18: false, a181: '', a3: true, a32: true, a41: '每周5次', isBlank: false });
    expect(parsePrescription('motion', content).success).toBe(true);
  });

  it('keeps a ticked item with an empty text, so the schema names the missing text', () => {
    const content = toContent('diet', { ...blank('diet'), a41: true, a42: '   ' });
    const parsed = parsePrescription('diet', content);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path[0], i.message])).toContainEqual(['a42', '已勾选“食疗方”，请填写“食疗方内容”']);
  });
});
