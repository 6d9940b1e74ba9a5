import type { IssuedPrescription } from '@tcm/contracts/api/prescription';
import type { PrescriptionKind } from '@tcm/contracts/prescriptions/templates';
import { create } from 'zustand';
import { usePatientStore } from './patient';

/**
 * The client-held prescription history lists of spec §3 (diet, sleep, motion, loseWeight, other,
 * healthEducation, physique): the latest page of each kind's history, newest first, for the selected
 * patient. Filled from GET /prescription/{kind}/history; not persisted (clinical data stays on the server).
 */
export type PrescriptionHistoryLists = { [K in PrescriptionKind]: Extract<IssuedPrescription, { kind: K }>[] };

const empty = (): PrescriptionHistoryLists => ({
  diet: [],
  sleep: [],
  motion: [],
  loseWeight: [],
  other: [],
  healthEducation: [],
  physique: [],
});

interface PrescriptionHistoryState extends PrescriptionHistoryLists {
  /** Whose lists these are; another patient's lists are dropped when the patient changes. */
  patientId: number | null;
  setHistory: <K extends PrescriptionKind>(patientId: number, kind: K, list: PrescriptionHistoryLists[K]) => void;
  reset: () => void;
}

export const usePrescriptionHistoryStore = create<PrescriptionHistoryState>()((set) => ({
  patientId: null,
  ...empty(),
  setHistory: (patientId, kind, list) =>
    set((s) => (s.patientId === patientId ? { [kind]: list } : { ...empty(), patientId, [kind]: list })),
  reset: () => set({ patientId: null, ...empty() }),
}));

// Another patient, or none (sign-out resets the patient store): this patient's lists go at once, even
// when no prescription screen is open to notice.
usePatientStore.subscribe((patient) => {
  const lists = usePrescriptionHistoryStore.getState();
  if (lists.patientId !== null && lists.patientId !== patient.patientId) lists.reset();
});
