import { DEFAULT_INSTITUTIONS, type Institution } from '@tcm/contracts/api/institution';
import { create } from 'zustand';

interface InstitutionState {
  /** Starts with the 10 preset centres (spec §3) so selects work before the server answers. */
  institutions: readonly Institution[];
  isFromServer: boolean;
  replace: (list: readonly Institution[]) => void;
}

export const useInstitutionStore = create<InstitutionState>()((set) => ({
  institutions: DEFAULT_INSTITUTIONS,
  isFromServer: false,
  replace: (list) => set({ institutions: list, isFromServer: true }),
}));

export function institutionName(institutions: readonly Institution[], id: number | null | undefined): string | undefined {
  if (id === null || id === undefined) return undefined;
  return institutions.find((i) => i.id === id)?.name;
}
