import { useQuery } from '@tanstack/react-query';
import type { Institution, institutionListResult } from '@tcm/contracts/api/institution';
import { DEFAULT_INSTITUTIONS, InstitutionPaths } from '@tcm/contracts/api/institution-presets';
import type { z } from 'zod';
import { api } from './client';
import { queryKeys } from './query-keys';

/** The spec's request body: page 1, limit 1000 (spec §7, §9). */
const INSTITUTION_LIST_BODY = { limit: 1000, page: 1 } as const;

type InstitutionList = z.infer<typeof institutionListResult>;

export const institutionApi = {
  // Silent: the ten defaults already fill every select, so a failure here must not alarm anyone.
  list: () => api.post<InstitutionList>(InstitutionPaths.list, INSTITUTION_LIST_BODY, { silent: true }),
};

/** Read once per session: the list changes only with a deployment's seed. */
const institutionQuery = {
  queryKey: queryKeys.institutions,
  queryFn: institutionApi.list,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
} as const;

/** The server's list, or the 10 preset centres (spec §3) until it answers (or when it has none). */
const withDefaults = (data: InstitutionList): readonly Institution[] => (data.list.length > 0 ? data.list : DEFAULT_INSTITUTIONS);

/** Loads the server's list at app start, so that the first select that needs it has it. */
export function useLoadInstitutions(): void {
  useQuery(institutionQuery);
}

/** The institution list from the query cache; the preset ten while it loads, so selects work at once. */
export function useInstitutions(): readonly Institution[] {
  return useQuery({ ...institutionQuery, select: withDefaults }).data ?? DEFAULT_INSTITUTIONS;
}

export function institutionName(institutions: readonly Institution[], id: number | null | undefined): string | undefined {
  if (id === null || id === undefined) return undefined;
  return institutions.find((i) => i.id === id)?.name;
}
