import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactItem, CreateContactBody, FollowUpStatus, MessageItem, OutreachList } from '@tcm/contracts/api/outreach';
import { OutreachPaths } from '@tcm/contracts/api/outreach-paths';
import { UserPaths } from '@tcm/contracts/api/patient-paths';
import { api, createCall } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

export const OUTREACH_LIST_SIZE = 10;
/** The outreach list the home's card opens on. */
export const FIRST_OUTREACH_LIST: OutreachList = 'toContact';

/** An outreach working list (OutreachCard, and the home route's prefetch), the earliest due first. */
export function outreachFilter(list: OutreachList, page: number) {
  return { page, limit: OUTREACH_LIST_SIZE, state: 'running' as const, sort: 'dueDate' as const, outreach: list };
}

export const outreachApi = {
  recordContact: (body: CreateContactBody) => api.post<ContactItem>(OutreachPaths.contacts, body, createCall()),
  contacts: (patientId: number) => api.get<ContactItem[]>(OutreachPaths.contacts, { patientId }),
  messages: (patientId: number) => api.get<MessageItem[]>(OutreachPaths.messages, { patientId }),
  setStatus: (patientId: number, status: FollowUpStatus, reason?: string) =>
    api.post<unknown>(OutreachPaths.status, { patientId, status, ...(reason ? { reason } : {}) }),
  /** PUT /api/user records the consent (or its withdrawal) with today's date and the doctor. */
  setSmsConsent: (patientId: number, smsConsent: boolean) => api.put<unknown>(UserPaths.update, { id: patientId, smsConsent }),
};

/**
 * A contact or a status change moves the patient between working lists, in or out of every worklist,
 * the bells and the personal-centre figures: all of them refresh.
 */
function useInvalidateOutreachViews() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.patients, queryKeys.comparative, queryKeys.annex, queryKeys.remind, queryKeys.outreach].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

export function useContactHistory(patientId: number, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.outreach, 'contacts', patientId],
    queryFn: () => outreachApi.contacts(patientId),
    enabled,
  });
}

export function useReminderHistory(patientId: number, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.outreach, 'messages', patientId],
    queryFn: () => outreachApi.messages(patientId),
    enabled,
  });
}

export function useRecordContact() {
  const invalidate = useInvalidateOutreachViews();
  return useMutation({ mutationFn: outreachApi.recordContact, onSuccess: invalidate });
}

export function useSetFollowUpStatus() {
  const invalidate = useInvalidateOutreachViews();
  return useMutation({
    mutationFn: (v: { patientId: number; status: FollowUpStatus; reason?: string }) =>
      outreachApi.setStatus(v.patientId, v.status, v.reason),
    onSuccess: invalidate,
  });
}

export function useSetSmsConsent() {
  const invalidate = useInvalidateOutreachViews();
  return useMutation({
    mutationFn: (v: { patientId: number; smsConsent: boolean }) => outreachApi.setSmsConsent(v.patientId, v.smsConsent),
    onSuccess: invalidate,
  });
}
