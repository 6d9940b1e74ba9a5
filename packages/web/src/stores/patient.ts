import type { PatientListItem } from '@tcm/contracts/api/patient';
import type { Gender } from '@tcm/contracts/clinical/resident-id';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The selected patient (spec §3 patientId / patientInfo). It survives a reload, so it is persisted;
 * only the masked identifiers of the list are kept in the browser, the panel fetches the full values
 * (an audited read) when it shows them.
 */
export interface PatientInfo {
  name: string;
  age: number;
  gender: Gender;
  idNum: string;
  telNum: string;
  endManagement: boolean;
  /** Not in the spec's list, but needed to tell the record workspace which instruments apply. */
  cohort: PatientListItem['cohort'];
  role: PatientListItem['role'];
}

export interface RecentPatient {
  id: number;
  name: string;
  gender: Gender;
  age: number;
  cohort: PatientListItem['cohort'];
  role: PatientListItem['role'];
}

const MAX_RECENT = 8;

interface PatientState {
  patientId: number | null;
  patientInfo: PatientInfo | null;
  recent: RecentPatient[];
  selectPatient: (patient: PatientListItem) => void;
  clearPatient: () => void;
  /** On sign-out: the next person at this computer must not see who was open. */
  reset: () => void;
}

export function toPatientInfo(p: PatientListItem): PatientInfo {
  return {
    name: p.name,
    age: p.age,
    gender: p.gender,
    idNum: p.idNum,
    telNum: p.tel_num,
    endManagement: p.endManagement,
    cohort: p.cohort,
    role: p.role,
  };
}

export const usePatientStore = create<PatientState>()(
  persist(
    (set) => ({
      patientId: null,
      patientInfo: null,
      recent: [],
      selectPatient: (p) =>
        set((s) => ({
          patientId: p.id,
          patientInfo: toPatientInfo(p),
          recent: [
            { id: p.id, name: p.name, gender: p.gender, age: p.age, cohort: p.cohort, role: p.role },
            ...s.recent.filter((r) => r.id !== p.id),
          ].slice(0, MAX_RECENT),
        })),
      clearPatient: () => set({ patientId: null, patientInfo: null }),
      reset: () => set({ patientId: null, patientInfo: null, recent: [] }),
    }),
    { name: 'tcm.patient', storage: createJSONStorage(() => localStorage), version: 1 },
  ),
);
