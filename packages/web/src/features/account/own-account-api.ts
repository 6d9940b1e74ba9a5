import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authApi } from '../../api/auth';

// The hooks of the personal menu's account dialogs, loaded with them rather than with the shell.

const ownSessionsKey = ['ownSessions'] as const;

export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.changeOwnPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownSessionsKey }),
  });
}

/** One's own live sessions, read when the view opens. */
export function useOwnSessions(enabled: boolean) {
  return useQuery({ queryKey: ownSessionsKey, queryFn: authApi.ownSessions, enabled, staleTime: 0 });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authApi.revokeOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownSessionsKey }),
  });
}
