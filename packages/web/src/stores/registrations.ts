import { create } from 'zustand';

/** The pending-registration count of spec §3: the admin bell's badge, kept where any screen can read it. */
interface RegistrationState {
  pendingCount: number;
  setPendingCount: (count: number) => void;
}

export const useRegistrationStore = create<RegistrationState>()((set) => ({
  pendingCount: 0,
  setPendingCount: (pendingCount) => set({ pendingCount }),
}));
