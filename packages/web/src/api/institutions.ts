import { useQuery } from '@tanstack/react-query';
import { DEFAULT_INSTITUTIONS, type Institution, InstitutionPaths, type institutionListResult } from '@tcm/contracts/api/institution';
import type { z } from 'zod';
import { api } from './client';
import { queryKeys } from './query-keys';

/** The spec's request body: page 1, limit 1000 (spec §7, §9). */
const INSTITUTION_LIST_BODY = { limit: 1000, page: 1 } as const;

export const institutionApi = {
  // Silent: the ten defaults already fill every select, so a failure here must not alarm anyone.
  list: () => api.post<z.infer<typeof institutionListResult>>(InstitutionPaths.list, INSTITUTION_LIST_BODY, { silent: true }),
};

const institutionsQuery = {
  queryKey: queryKeys.institutions,
  queryFn: institutionApi.list,
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
} as const;

/** Loads the server's list once at app start, so every select has it when it opens. */
export function useLoadInstitutions(): void {
  useQuery(institutionsQuery);
}

/** The server's list; the ten preset centres (spec §3) until it answers, so selects work at once. */
export function useInstitutions(): readonly Institution[] {
  const { data } = useQuery(institutionsQuery);
  return data && data.list.length > 0 ? data.list : DEFAULT_INSTITUTIONS;
}

export function institutionName(institutions: readonly Institution[], id: number | null | undefined): string | undefined {
  if (id === null || id === undefined) return undefined;
  return institutions.find((i) => i.id === id)?.name;
}
