import { type UseQueryResult, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@tcm/contracts/api/envelope';
import type { AnnexRecord, RecordRevision } from '@tcm/contracts/api/records';
import { ResponseCode } from '@tcm/contracts/api/transport';
import type { AnnexKey, ItemError, RecordData } from '@tcm/contracts/instruments/types';
import { useCallback } from 'react';
import { ApiError, createCall, http } from '../../api/client';
import { clientEffects } from '../../api/effects';
import { queryKeys } from '../../api/query-keys';

/** Every record of one patient fits in one page: a patient has at most a few dozen per annex. */
export const HISTORY_LIMIT = 100;

const recordsKey = ['records'] as const;
const collection = (annex: AnnexKey) => `/api/annex/${annex}/records`;
const item = (annex: AnnexKey, id: number) => `/api/annex/${annex}/records/${id}`;

/** The server's answer to an edit of a record that changed (or was voided) since it was read. */
export const CONFLICT_CODE = 409;

/** The server's answer to a second follow-up on a date that already has one, unless confirmed. */
export const DUPLICATE_FOLLOW_UP_CODE = ResponseCode.DUPLICATE_FOLLOW_UP;

/** A refusal of the server with the item errors of `data.errors` (code 400), if it sent any. */
export class RecordRefusedError extends Error {
  constructor(readonly errors: ItemError[]) {
    super(errors[0]?.message ?? 'refused');
    this.name = 'RecordRefusedError';
  }
}

function itemErrorsOf(data: unknown): ItemError[] | null {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return null;
  return errors.filter((e): e is ItemError => typeof e?.item === 'string' && typeof e?.message === 'string');
}

/** The form answers these itself: a question for a same-day follow-up, a retry offer when no answer came. */
const shownByForm = (error: ApiError) => error.code === DUPLICATE_FOLLOW_UP_CODE || error.noAnswer !== null;

/**
 * Saves are silent so that a refusal with item errors (code 400, data.errors) shows on the items, not
 * as one toast; any other refusal is shown as the server says it.
 */
async function send(method: 'post' | 'put', url: string, body: unknown, key?: string): Promise<AnnexRecord> {
  try {
    const response = await http.request<AnnexRecord>({ method, url, data: body, silent: true, ...(key ? createCall(key) : {}) });
    return response.data;
  } catch (error) {
    const errors = error instanceof ApiError ? itemErrorsOf(error.data) : null;
    if (errors && errors.length > 0) throw new RecordRefusedError(errors);
    if (error instanceof ApiError && !error.isSessionExpired && !shownByForm(error)) clientEffects().showError(error.serverMessage);
    throw error;
  }
}

/** One submit of a new record: its key (the same on a retry) and whether a same-day follow-up is confirmed. */
export interface CreateSubmit {
  key: string;
  confirmDuplicate?: boolean;
}

export const recordApi = {
  list: (annex: AnnexKey, patientId: number) =>
    http.get<Paged<AnnexRecord>>(collection(annex), { params: { patientId, page: 1, limit: HISTORY_LIMIT } }).then((r) => r.data),
  get: (annex: AnnexKey, id: number) => http.get<AnnexRecord>(item(annex, id)).then((r) => r.data),
  create: (annex: AnnexKey, patientId: number, data: RecordData, submit: CreateSubmit) =>
    send('post', collection(annex), { patientId, data, ...(submit.confirmDuplicate ? { confirmDuplicate: true } : {}) }, submit.key),
  /** `revision` is the one the editor loaded: a stale one answers 409 and changes nothing. */
  update: (annex: AnnexKey, id: number, data: RecordData, revision: number) => send('put', item(annex, id), { data, revision }),
  revisions: (annex: AnnexKey, id: number) => http.get<{ list: RecordRevision[] }>(`${item(annex, id)}/revisions`).then((r) => r.data.list),
  void: (annex: AnnexKey, id: number, reason: string) => http.delete<unknown>(item(annex, id), { params: { reason } }).then((r) => r.data),
};

export const recordKeys = {
  all: recordsKey,
  patient: (patientId: number | null) => [...recordsKey, patientId] as const,
  history: (patientId: number | null, annex: AnnexKey) => [...recordsKey, patientId, annex] as const,
  revisions: (patientId: number, annex: AnnexKey, id: number) => [...recordsKey, patientId, annex, 'revisions', id] as const,
};

/** Every revision of one record, newest first (who, when, what changed). */
export function useRecordRevisions(annex: AnnexKey, patientId: number, id: number | null) {
  return useQuery({
    queryKey: recordKeys.revisions(patientId, annex, id ?? 0),
    queryFn: () => recordApi.revisions(annex, id as number),
    enabled: id !== null,
  });
}

/** Several histories at once (validation context, charts). */
export function usePatientHistories(patientId: number | null, annexes: readonly AnnexKey[]) {
  // A stable combine keeps the result's identity until a history changes (it feeds memoised contexts).
  const combine = useCallback(
    (results: UseQueryResult<Paged<AnnexRecord>>[]) => ({
      isPending: results.some((r) => r.isPending),
      byAnnex: Object.fromEntries(annexes.map((annex, index) => [annex, results[index]?.data?.list ?? []])) as Partial<
        Record<AnnexKey, AnnexRecord[]>
      >,
    }),
    [annexes],
  );
  return useQueries({
    queries: annexes.map((annex) => ({
      queryKey: recordKeys.history(patientId, annex),
      queryFn: () => recordApi.list(annex, patientId as number),
      enabled: patientId !== null,
    })),
    combine,
  });
}

/** A save changes the patient's lists, fill-in status and reminders as well as the histories. */
export function useInvalidateRecordViews() {
  const client = useQueryClient();
  return (patientId: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: recordKeys.patient(patientId) }),
      client.invalidateQueries({ queryKey: queryKeys.patients }),
      // A record can make a patient urgent or resolve it, in either group's lists (the home's urgent card).
      client.invalidateQueries({ queryKey: queryKeys.comparative }),
      client.invalidateQueries({ queryKey: queryKeys.annex }),
      client.invalidateQueries({ queryKey: queryKeys.remind }),
    ]);
}

/** A new record (no `edit`), or an edit of the revision the form loaded. */
export function useSaveRecord(annex: AnnexKey, patientId: number) {
  const invalidate = useInvalidateRecordViews();
  return useMutation({
    mutationFn: ({ edit, data, submit }: { edit?: { id: number; revision: number }; data: RecordData; submit: CreateSubmit }) => {
      return edit === undefined ? recordApi.create(annex, patientId, data, submit) : recordApi.update(annex, edit.id, data, edit.revision);
    },
    onSuccess: () => invalidate(patientId),
    // Someone else changed or voided the record: the histories show what it is now.
    onError: (error) => {
      if (error instanceof ApiError && error.code === CONFLICT_CODE) void invalidate(patientId);
    },
  });
}

export function useVoidRecord(annex: AnnexKey, patientId: number) {
  const invalidate = useInvalidateRecordViews();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => recordApi.void(annex, id, reason),
    onSuccess: () => invalidate(patientId),
  });
}
