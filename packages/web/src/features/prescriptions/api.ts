import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@tcm/contracts/api/envelope';
import type { CurrentPrescriptions, IssuedPrescription, PrescriptionBlankResult } from '@tcm/contracts/api/prescription';
import { PrescriptionPaths } from '@tcm/contracts/api/prescription-paths';
import { PRESCRIPTION_KINDS, type PrescriptionKind } from '@tcm/contracts/prescriptions/templates';
import { ApiError, api, createCall } from '../../api/client';

/** Page size of a kind's history; its first page is also the client-held history list (spec §3). */
export const HISTORY_PAGE_SIZE = 10;

/** Query-key area of the prescriptions; a save or a void refreshes all of it. */
export const PRESCRIPTIONS_KEY = ['prescriptions'] as const;

const path = (template: string, params: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));

/** One field problem the server found in a save (data.errors of its 400 answer). */
export interface PrescriptionFieldError {
  item: string;
  message: string;
}

/** A refused save: the server's message and, when it checked the fields, where each problem is. */
export class PrescriptionSaveError extends ApiError {
  constructor(
    cause: ApiError,
    readonly fieldErrors: PrescriptionFieldError[],
  ) {
    super(cause.code, cause.serverMessage, cause.isSessionExpired, cause.data);
    this.name = 'PrescriptionSaveError';
  }
}

function readFieldErrors(data: unknown): PrescriptionFieldError[] {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (e): e is PrescriptionFieldError => typeof e === 'object' && e !== null && typeof e.item === 'string' && typeof e.message === 'string',
  );
}

/**
 * POST a prescription, silently: the form shows a refusal itself, each message of the field list
 * (the envelope's data.errors, kept on the ApiError) on its field.
 */
async function savePrescription(kind: PrescriptionKind, content: Record<string, unknown>): Promise<IssuedPrescription> {
  try {
    return await api.post<IssuedPrescription>(path(PrescriptionPaths.collection, { kind }), content, { silent: true, ...createCall() });
  } catch (error) {
    if (error instanceof ApiError) throw new PrescriptionSaveError(error, readFieldErrors(error.data));
    throw error;
  }
}

export const prescriptionApi = {
  current: (patientId: number) => api.get<CurrentPrescriptions>(PrescriptionPaths.current, { patientId }, { silent: true }),
  blank: (kind: PrescriptionKind, patientId: number) =>
    api.get<PrescriptionBlankResult>(path(PrescriptionPaths.blank, { kind }), { patientId }, { silent: true }),
  history: (kind: PrescriptionKind, patientId: number, page: number, limit: number) =>
    api.get<Paged<IssuedPrescription>>(path(PrescriptionPaths.history, { kind }), { patientId, page, limit }),
  get: (kind: PrescriptionKind, id: number) => api.get<IssuedPrescription>(path(PrescriptionPaths.item, { kind, id })),
  save: savePrescription,
  void: (kind: PrescriptionKind, id: number, reason: string) => api.delete<unknown>(path(PrescriptionPaths.item, { kind, id }), { reason }),
};

export function useCurrentPrescriptions(patientId: number | null) {
  return useQuery({
    queryKey: [...PRESCRIPTIONS_KEY, 'current', patientId],
    queryFn: () => prescriptionApi.current(patientId as number),
    enabled: patientId !== null,
    retry: false,
  });
}

/** The blank of a kind, prefilled by the suggestion rules; not cached across visits (the records move on). */
export function usePrescriptionBlank(kind: PrescriptionKind, patientId: number | null) {
  return useQuery({
    queryKey: [...PRESCRIPTIONS_KEY, 'blank', kind, patientId],
    queryFn: () => prescriptionApi.blank(kind, patientId as number),
    enabled: patientId !== null,
    retry: false,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/**
 * The kinds the suggestion rules have something to prefill for, from the patient's latest records
 * (the blank of each kind, as the kind's form asks for it): the overview marks them.
 */
export function useSuggestedKinds(kinds: readonly PrescriptionKind[], patientId: number | null): ReadonlySet<PrescriptionKind> {
  return useQueries({
    queries: kinds.map((kind) => ({
      queryKey: [...PRESCRIPTIONS_KEY, 'blank', kind, patientId],
      queryFn: () => prescriptionApi.blank(kind, patientId as number),
      enabled: patientId !== null,
      retry: false,
      gcTime: 0,
      refetchOnWindowFocus: false,
    })),
    combine: (results) => new Set(kinds.filter((_, index) => (results[index]?.data?.suggestions.length ?? 0) > 0)),
  });
}

export function usePrescriptionHistory(kind: PrescriptionKind, patientId: number | null, page: number, limit: number) {
  return useQuery({ ...historyQuery(kind, patientId, page, limit), placeholderData: keepPreviousData });
}

const historyQuery = (kind: PrescriptionKind, patientId: number | null, page: number, limit: number) => ({
  queryKey: [...PRESCRIPTIONS_KEY, 'history', kind, patientId, page, limit],
  queryFn: () => prescriptionApi.history(kind, patientId as number, page, limit),
  enabled: patientId !== null,
});

/**
 * The client-held prescription history lists of spec §3 (diet, sleep, motion, loseWeight, other,
 * healthEducation, physique) for the selected patient: the newest page of each kind's history, held
 * in the query cache (the same queries as the history tables, so no extra calls there) and refreshed
 * with every save or void, which invalidate all of PRESCRIPTIONS_KEY. Undefined while a list loads.
 */
export function usePrescriptionHistoryLists(patientId: number | null): PrescriptionHistoryLists {
  return useQueries({
    queries: PRESCRIPTION_KINDS.map((kind) => historyQuery(kind, patientId, 1, HISTORY_PAGE_SIZE)),
    combine: byKind,
  });
}

export type PrescriptionHistoryLists = { [K in PrescriptionKind]?: Extract<IssuedPrescription, { kind: K }>[] };

/** Stable (module-level) so useQueries keeps the combined object while no list changes. */
function byKind(results: { data?: Paged<IssuedPrescription> }[]): PrescriptionHistoryLists {
  return Object.fromEntries(PRESCRIPTION_KINDS.map((kind, i) => [kind, results[i]?.data?.list])) as PrescriptionHistoryLists;
}

export function usePrescription(kind: PrescriptionKind, id: number | null) {
  return useQuery({
    queryKey: [...PRESCRIPTIONS_KEY, 'item', kind, id],
    queryFn: () => prescriptionApi.get(kind, id as number),
    enabled: id !== null,
    retry: false,
  });
}

export function useSavePrescription(kind: PrescriptionKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: Record<string, unknown>) => prescriptionApi.save(kind, content),
    onSuccess: () => client.invalidateQueries({ queryKey: PRESCRIPTIONS_KEY }),
  });
}

export function useVoidPrescription(kind: PrescriptionKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => prescriptionApi.void(kind, id, reason),
    onSuccess: () => client.invalidateQueries({ queryKey: PRESCRIPTIONS_KEY }),
  });
}
