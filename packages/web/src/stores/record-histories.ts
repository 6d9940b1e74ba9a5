import type { AnnexRecord } from '@tcm/contracts/api/records';
import { HISTORY_NAME_TO_ANNEX, type HistoryName } from '@tcm/contracts/instruments/types';
import { create } from 'zustand';

/**
 * The client-held history lists of spec §3 (annex1, annex2, annex4, annex5, annex6, customize,
 * annex7, annex9) for the selected patient. They are the server's histories, copied here whenever
 * the record workspace loads them; not persisted (records are health data, the server is the truth).
 */
export type HistoryLists = Record<HistoryName, AnnexRecord[]>;

const EMPTY: HistoryLists = { annex1: [], annex2: [], annex4: [], annex5: [], annex6: [], customize: [], annex7: [], annex9: [] };

interface RecordHistoriesState extends HistoryLists {
  patientId: number | null;
  setHistory: (patientId: number, name: HistoryName, list: AnnexRecord[]) => void;
  reset: () => void;
}

export const HISTORY_NAMES = Object.keys(HISTORY_NAME_TO_ANNEX) as HistoryName[];

export const useRecordHistoriesStore = create<RecordHistoriesState>()((set) => ({
  patientId: null,
  ...EMPTY,
  setHistory: (patientId, name, list) => set((s) => (s.patientId === patientId ? { [name]: list } : { ...EMPTY, patientId, [name]: list })),
  reset: () => set({ patientId: null, ...EMPTY }),
}));
