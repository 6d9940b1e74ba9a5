import { AUDIT_ACTIONS } from '@tcm/contracts';
import { describe, expect, it } from 'vitest';
import { type AuditEntry, changeDetail, changedFields, scrubIdentifiers, withoutIdentifiers } from './audit';

describe('audit details', () => {
  const before = { id: 7, name: '改名前', idNum: '330102197506153415', telNum: '13700000001', gender: 'man', updatedAt: new Date(1) };
  const after = { ...before, name: '改名后', telNum: '13700000002', updatedAt: new Date(2) };

  it('names the changed fields, identifiers included, but not the bookkeeping timestamp', () => {
    expect(changedFields(before, after)).toEqual(['name', 'telNum']);
    expect(changedFields(before, { ...before })).toEqual([]);
  });

  it('keeps every field but the identifiers in before/after', () => {
    const detail = changeDetail(before, after);
    expect(detail.changed).toEqual(['name', 'telNum']);
    expect(detail.before).toEqual({ id: 7, name: '改名前', gender: 'man', updatedAt: new Date(1) });
    expect(JSON.stringify(detail)).not.toMatch(/3301021975|137000000/);
    expect(withoutIdentifiers({ tel_num: '1', id_num: '2', mobile: '3', kept: 4 })).toEqual({ kept: 4 });
  });

  it('drops identifier keys at any depth and leaves other values as they are', () => {
    const at = new Date(5);
    const scrubbed = scrubIdentifiers({ after: { idNum: 'x', at, items: [{ tel_num: 'y', score: 3 }] }, fields: ['idNum', 'tel_num'] });
    expect(scrubbed).toEqual({ after: { at, items: [{ score: 3 }] }, fields: ['idNum', 'tel_num'] });
    expect(scrubIdentifiers(null)).toBeNull();
    expect(scrubIdentifiers('text')).toBe('text');
  });

  it('drops the stored forms of identifiers too: ciphertexts, blind indexes and unsealed plaintext', () => {
    const stored = {
      idNumSealed: 'v1.0a1b2c3d.AAAA',
      tel_num_sealed: 'v1.0a1b2c3d.BBBB',
      idNumIndex: 'aa',
      id_last4_index: 'bb',
      telNumIndex: 'cc',
      telLast4Index: 'dd',
      legacyIdNum: '330102197506153415',
      legacyTelNum: '13700000001',
      kept: 1,
    };
    expect(scrubIdentifiers({ after: stored })).toEqual({ after: { kept: 1 } });
    expect(withoutIdentifiers(stored)).toEqual({ kept: 1 });
  });

  it('takes only actions from the contracts list', () => {
    const known: AuditEntry = { action: 'patient.search' };
    // @ts-expect-error a free string is not an audit action
    const unknown: AuditEntry = { action: 'patient.lookup' };
    expect(AUDIT_ACTIONS).toContain(known.action);
    expect(AUDIT_ACTIONS).not.toContain(unknown.action);
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
