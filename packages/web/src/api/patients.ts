import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterStatus } from '@tcm/contracts/api/auth';
import type { Paged } from '@tcm/contracts/api/envelope';
import type {
  DoctorListItem,
  EnrolPatientBody,
  PatientDetail,
  PatientListItem,
  UserListBody,
  unfilledRemindResult,
} from '@tcm/contracts/api/patient';
import { UserPaths } from '@tcm/contracts/api/patient-paths';
import type { z } from 'zod';
import { useSessionStore } from '../stores/session';
import { api, createCall } from './client';
import { queryKeys } from './query-keys';

type PatientListFilter = Omit<Partial<UserListBody>, 'role' | 'registerStatus'> & { page: number; limit: number };
type DoctorListFilter = { page: number; limit: number; registerStatus?: RegisterStatus; keyword?: string; institutionId?: number };
export type UnfilledRemind = z.infer<typeof unfilledRemindResult>;

export const patientApi = {
  list: (filter: PatientListFilter) => api.post<Paged<PatientListItem>>(UserPaths.list, { ...filter, role: 'patient' }),
  doctors: (filter: DoctorListFilter, options?: { background?: boolean }) =>
    api.post<Paged<DoctorListItem>>(UserPaths.list, { ...filter, role: 'doctor' }, options),
  detail: (id: number) => api.get<PatientDetail>(UserPaths.detail, { id }),
  enrol: (body: EnrolPatientBody) => api.post<{ id: number }>(UserPaths.enrol, body, createCall()),
  endManagement: (id: number) => api.get<unknown>(UserPaths.endManagement, { id }),
  notRemind: (id: number) => api.get<unknown>(UserPaths.notRemind, { id }),
  deleteFromIncompleteList: (id: number) => api.get<unknown>(UserPaths.deleteFromIncompleteList, { id }),
  /** The bell's poll: marked as background so that an open tab alone does not keep the session alive. */
  unfilledRemind: () => api.get<UnfilledRemind>(UserPaths.unfilledRemind, undefined, { background: true }),
  institutionPatients: (institutionId: number, keyword: string, limit = 20) =>
    api.get<PatientListItem[]>(UserPaths.institutionPatients, { institutionId, keyword, limit }),
  /** PUT /api/user: the administrator disables or re-enables a doctor (PRODUCT §1). */
  setDoctorDisabled: (id: number, isDisabled: boolean) => api.put<unknown>(UserPaths.update, { id, isDisabled }),
  reviewDoctor: (id: number, registerStatus: 'Approved' | 'Rejected', reason?: string) =>
    api.get<unknown>(UserPaths.reviewDoctor, { id, registerStatus, ...(reason ? { reason } : {}) }),
};

/** A page of the managed group's patients: the one query a screen and a route's prefetch share. */
export function patientListQuery(filter: PatientListFilter) {
  return queryOptions({ queryKey: [...queryKeys.patients, 'list', filter], queryFn: () => patientApi.list(filter) });
}

export function usePatientList(filter: PatientListFilter, enabled = true) {
  return useQuery({ ...patientListQuery(filter), placeholderData: keepPreviousData, enabled });
}

export function useDoctorList(filter: DoctorListFilter) {
  return useQuery({
    queryKey: [...queryKeys.doctors, 'list', filter],
    queryFn: () => patientApi.doctors(filter),
    placeholderData: keepPreviousData,
  });
}

/**
 * The admin bell: only the total matters, so one row is asked for. A background call: the poll must
 * not keep an unattended session alive.
 */
export function usePendingRegistrations(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.doctors, 'pending'],
    queryFn: () => patientApi.doctors({ page: 1, limit: 1, registerStatus: 'ToBeReviewed' }, { background: true }),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

export function useUnfilledRemind(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.remind, 'unfilled'],
    queryFn: patientApi.unfilledRemind,
    enabled,
    refetchInterval: 5 * 60_000,
  });
}

/** Full identifiers of one patient; every read is audited on the server, so it is not refetched eagerly. */
export function usePatientDetail(id: number | null) {
  return useQuery({
    queryKey: [...queryKeys.patients, 'detail', id],
    queryFn: () => patientApi.detail(id as number),
    enabled: id !== null,
    staleTime: 10 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export function useInstitutionPatientSearch(keyword: string) {
  const institutionId = useSessionStore((s) => s.user?.institutionId ?? null);
  const trimmed = keyword.trim();
  return useQuery({
    queryKey: [...queryKeys.patients, 'search', institutionId, trimmed],
    queryFn: () => patientApi.institutionPatients(institutionId as number, trimmed),
    enabled: institutionId !== null && trimmed.length > 0,
  });
}

/** Any change to a patient can move them between lists and change every count on screen. */
function useInvalidatePatientViews() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.patients }),
      client.invalidateQueries({ queryKey: queryKeys.annex }),
      client.invalidateQueries({ queryKey: queryKeys.remind }),
    ]);
}

export function usePatientAction(action: 'endManagement' | 'notRemind' | 'deleteFromIncompleteList') {
  const invalidate = useInvalidatePatientViews();
  return useMutation({ mutationFn: (id: number) => patientApi[action](id), onSuccess: invalidate });
}

export function useEnrolPatient() {
  const invalidate = useInvalidatePatientViews();
  return useMutation({ mutationFn: patientApi.enrol, onSuccess: invalidate });
}

export function useReviewDoctor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; registerStatus: 'Approved' | 'Rejected'; reason?: string }) =>
      patientApi.reviewDoctor(v.id, v.registerStatus, v.reason),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.doctors }),
  });
}

export function useSetDoctorDisabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; isDisabled: boolean }) => patientApi.setDoctorDisabled(v.id, v.isDisabled),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.doctors }),
  });
}
