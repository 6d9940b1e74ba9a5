import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateComparativeBody, comparativeListBody } from '@tcm/contracts/api/comparative';
import { ComparativePaths } from '@tcm/contracts/api/comparative-paths';
import type { Paged } from '@tcm/contracts/api/envelope';
import type { ComparisonRole, PatientListItem } from '@tcm/contracts/api/patient';
import type { z } from 'zod';
import { api, createCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The list body of the contract; the role is typed as the comparison codes rather than coerced input. */
export type ComparativeFilter = Omit<Partial<z.output<typeof comparativeListBody>>, 'page' | 'limit' | 'role'> & {
  page: number;
  limit: number;
  role?: ComparisonRole;
};

export const comparativeApi = {
  create: (body: CreateComparativeBody) => api.post<{ id: number }>(ComparativePaths.create, body, createCall()),
  list: (filter: ComparativeFilter) => api.post<Paged<PatientListItem>>(ComparativePaths.list, filter),
  endManagement: (id: number) => api.get<unknown>(ComparativePaths.endManagement, { id }),
  /** Deleting voids the member with a reason (kept for the audit trail, PRODUCT §1). */
  remove: (id: number, reason: string) => api.delete<unknown>(ComparativePaths.remove, { id, reason }),
};

/** A page of the comparison group: the one query a screen and a route's prefetch share. */
export function comparativeListQuery(filter: ComparativeFilter) {
  return queryOptions({ queryKey: [...queryKeys.comparative, 'list', filter], queryFn: () => comparativeApi.list(filter) });
}

export function useComparativeList(filter: ComparativeFilter, enabled = true) {
  return useQuery({ ...comparativeListQuery(filter), placeholderData: keepPreviousData, enabled });
}

function useInvalidateComparative() {
  const client = useQueryClient();
  // The personal-centre figures (annex area) count comparison members too.
  return () =>
    Promise.all([client.invalidateQueries({ queryKey: queryKeys.comparative }), client.invalidateQueries({ queryKey: queryKeys.annex })]);
}

export function useCreateComparative() {
  const invalidate = useInvalidateComparative();
  return useMutation({ mutationFn: comparativeApi.create, onSuccess: invalidate });
}

export function useEndComparative() {
  const invalidate = useInvalidateComparative();
  return useMutation({ mutationFn: comparativeApi.endManagement, onSuccess: invalidate });
}

export function useRemoveComparative() {
  const invalidate = useInvalidateComparative();
  return useMutation({ mutationFn: (v: { id: number; reason: string }) => comparativeApi.remove(v.id, v.reason), onSuccess: invalidate });
}
