import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  ChangePasswordInput,
  CurrentUser,
  checkIsRegisterResult,
  getVerificationCodeResult,
  LoginBody,
  LoginResult,
  RegisterBody,
  registerResult,
  VerificationPurpose,
} from '@tcm/contracts/api/auth';
import { AuthPaths } from '@tcm/contracts/api/auth-paths';
import type { ChangeOwnPasswordBody, OwnSessionsResult, RevokeOtherSessionsResult } from '@tcm/contracts/api/own-account';
import type { z } from 'zod';
import { useSessionStore } from '../stores/session';
import { api } from './client';
import { queryKeys } from './query-keys';

export type SendCodeResult = z.infer<typeof getVerificationCodeResult>;

// The account screens show refusals inline next to the form, so those calls are silent; the code
// button relies on the client's toast.
export const authApi = {
  login: (body: LoginBody) => api.post<LoginResult>(AuthPaths.login, body, { silent: true }),
  logout: () => api.post<Record<string, never>>(AuthPaths.logout, {}, { silent: true }),
  me: () => api.get<CurrentUser>(AuthPaths.me),
  sendCode: (mobile: string, purpose: VerificationPurpose) => api.get<SendCodeResult>(AuthPaths.getVerificationCode, { mobile, purpose }),
  checkIsRegister: (mobile: string) =>
    api.get<z.infer<typeof checkIsRegisterResult>>(AuthPaths.checkIsRegister, { mobile }, { silent: true }),
  register: (body: RegisterBody) => api.post<z.infer<typeof registerResult>>(AuthPaths.register, body, { silent: true }),
  /** PRODUCT §2: the same fields as the spec's GET, sent as a POST body so the password never sits in a URL. */
  changePassword: (body: ChangePasswordInput) =>
    api.post<Record<string, never>>(AuthPaths.changePwdByVerificationCode, body, { silent: true }),
  /** Signed in: the old password and a new one; the dialog shows refusals inline. */
  changeOwnPassword: (body: ChangeOwnPasswordBody) => api.post<Record<string, never>>(AuthPaths.changePassword, body, { silent: true }),
  ownSessions: () => api.get<OwnSessionsResult>(AuthPaths.sessions),
  revokeOtherSessions: () => api.post<RevokeOtherSessionsResult>(AuthPaths.revokeOtherSessions),
};

/** The signed-in user, refreshed at shell start so a renamed doctor or a revoked session shows at once. */
export function useMe() {
  const token = useSessionStore((s) => s.token);
  return useQuery({ queryKey: queryKeys.me, queryFn: authApi.me, enabled: Boolean(token), staleTime: 5 * 60_000 });
}

export function useLogin() {
  return useMutation({ mutationFn: authApi.login });
}

export function useSendCode(purpose: VerificationPurpose) {
  return useMutation({ mutationFn: (mobile: string) => authApi.sendCode(mobile, purpose) });
}

export function useRegister() {
  return useMutation({ mutationFn: authApi.register });
}

export function useResetPassword() {
  return useMutation({ mutationFn: authApi.changePassword });
}
