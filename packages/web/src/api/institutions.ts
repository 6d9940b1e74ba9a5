import { useQuery } from '@tanstack/react-query';
import type { Institution, institutionListResult } from '@tcm/contracts/api/institution';
import { InstitutionPaths } from '@tcm/contracts/api/institution-presets';
import { useEffect } from 'react';
import type { z } from 'zod';
import { useInstitutionStore } from '../stores/institutions';
import { api } from './client';
import { queryKeys } from './query-keys';

/** The spec's request body: page 1, limit 1000 (spec §7, §9). */
const INSTITUTION_LIST_BODY = { limit: 1000, page: 1 } as const;

export const institutionApi = {
  // Silent: the ten defaults already fill every select, so a failure here must not alarm anyone.
  list: () => api.post<z.infer<typeof institutionListResult>>(InstitutionPaths.list, INSTITUTION_LIST_BODY, { silent: true }),
};

/** Loads the server's list once at app start and replaces the preset ten in the store. */
export function useLoadInstitutions(): void {
  const replace = useInstitutionStore((s) => s.replace);
  const { data } = useQuery({
    queryKey: queryKeys.institutions,
    queryFn: institutionApi.list,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 2,
  });
  useEffect(() => {
    if (data && data.list.length > 0) replace(data.list);
  }, [data, replace]);
}

export function useInstitutions(): readonly Institution[] {
  return useInstitutionStore((s) => s.institutions);
}
