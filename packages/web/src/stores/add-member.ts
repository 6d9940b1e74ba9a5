import type { ComparisonRole } from '@tcm/contracts/api/patient';
import { create } from 'zustand';

/** Open state of the add-comparison-member flow, which the popover and the comparison lists both start. */
interface AddMemberState {
  step: 'closed' | 'choose' | 'form';
  role: ComparisonRole;
  start: (role?: ComparisonRole) => void;
  chooseRole: (role: ComparisonRole) => void;
  toForm: () => void;
  back: () => void;
  close: () => void;
}

export const useAddMemberStore = create<AddMemberState>()((set) => ({
  step: 'closed',
  // Spec §5: the type defaults to pre-diabetes (role 0).
  role: 0,
  start: (role = 0) => set({ step: 'choose', role }),
  chooseRole: (role) => set({ role }),
  toForm: () => set({ step: 'form' }),
  back: () => set({ step: 'choose' }),
  close: () => set({ step: 'closed' }),
}));
