import { create } from 'zustand';

/** Which cohort the home worklist shows; /index/{type} sets it. */
export const HOME_TYPES = ['all', 'managed', 'comparison'] as const;
export type HomeType = (typeof HOME_TYPES)[number];
/**
 * The worklist's view: normal, every patient in management, the next follow-up due first; dueSoon,
 * due within DUE_SOON_DAYS (the forms' `due` state); overdue, past the group's interval (the managed
 * group's 15-day list).
 */
export const HOME_STATE_TYPES = ['normal', 'dueSoon', 'overdue'] as const;
export type HomeStateType = (typeof HOME_STATE_TYPES)[number];

interface HomeState {
  homeType: HomeType;
  homeStateType: HomeStateType;
  setHomeType: (value: HomeType) => void;
  setHomeStateType: (value: HomeStateType) => void;
}

export const useHomeStore = create<HomeState>()((set) => ({
  homeType: 'all',
  homeStateType: 'normal',
  setHomeType: (homeType) => set({ homeType }),
  setHomeStateType: (homeStateType) => set({ homeStateType }),
}));

export function isHomeType(value: string | undefined): value is HomeType {
  return (HOME_TYPES as readonly string[]).includes(value ?? '');
}
