import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonalCenterData } from '@tcm/contracts/api/annex-queries';
import { AnnexQueryPaths } from '@tcm/contracts/api/annex-query-paths';
import type { Paged } from '@tcm/contracts/api/envelope';
import type { PatientListItem } from '@tcm/contracts/api/patient';
import { api } from './client';
import { queryKeys } from './query-keys';

export interface AnnexListFilter {
  page: number;
  limit: number;
  institutionId?: number;
}

export const annexQueryApi = {
  toBeContinued: (filter: AnnexListFilter) => api.get<Paged<PatientListItem>>(AnnexQueryPaths.toBeContinued, filter),
  completed: (filter: AnnexListFilter) => api.get<Paged<PatientListItem>>(AnnexQueryPaths.completed, filter),
  personalCenter: (institutionId?: number) =>
    api.get<PersonalCenterData>(AnnexQueryPaths.personalCenter, institutionId ? { institutionId } : undefined),
};

/** Follow-up entry lists: completed or not completed (PRODUCT §3), i.e. /userList/completed and /userList/running. */
export function useFillStatusList(kind: 'completed' | 'toBeContinued', filter: AnnexListFilter, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.annex, kind, filter],
    queryFn: () => annexQueryApi[kind](filter),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The personal centre's figures of an institution (the administrator's: the city's, null). */
export function personalCenterQuery(institutionId: number | null | undefined) {
  return queryOptions({
    queryKey: [...queryKeys.annex, 'personalCenter', institutionId ?? null],
    queryFn: () => annexQueryApi.personalCenter(institutionId ?? undefined),
  });
}

export function usePersonalCenter(institutionId: number | null | undefined, enabled = true) {
  return useQuery({ ...personalCenterQuery(institutionId), enabled });
}
