import { beforeEach, describe, expect, it } from 'vitest';
import { usePatientStore } from './patient';
import { usePrescriptionHistoryStore } from './prescriptions';

const issued = (id: number, patientId: number) =>
  ({
    id,
    kind: 'other',
    patientId,
    content: { patientId, isBlank: false, content: '按揉足三里' },
    issuedAt: '2026-11-22',
    doctorId: 1,
    doctorName: '张医生',
    createdAt: '2026-11-22T04:00:00.000Z',
  }) as const;

describe('client-held prescription history lists (spec §3)', () => {
  beforeEach(() => usePrescriptionHistoryStore.getState().reset());

  it('holds one list per kind for one patient; another patient starts empty', () => {
    const store = usePrescriptionHistoryStore;
    store.getState().setHistory(5, 'other', [issued(2, 5), issued(1, 5)]);
    expect(store.getState().other.map((p) => p.id)).toEqual([2, 1]);
    expect(Object.keys(store.getState())).toEqual(
      expect.arrayContaining(['diet', 'sleep', 'motion', 'loseWeight', 'other', 'healthEducation', 'physique']),
    );
    store.getState().setHistory(6, 'diet', []);
    expect(store.getState().patientId).toBe(6);
    expect(store.getState().other).toEqual([]);
  });

  it('is emptied when the selected patient is cleared (e.g. on sign-out)', () => {
    usePatientStore.setState({ patientId: 5 });
    usePrescriptionHistoryStore.getState().setHistory(5, 'other', [issued(1, 5)]);
    usePatientStore.getState().reset();
    expect(usePrescriptionHistoryStore.getState().patientId).toBeNull();
    expect(usePrescriptionHistoryStore.getState().other).toEqual([]);
  });
});
