import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Window focus refetches would re-read audited patient details and flicker tables a doctor is
      // working in; lists refresh after every change through invalidation instead.
      refetchOnWindowFocus: false,
      // A server that answered (any code) will answer the same again; only retry when nothing came back.
      retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.code === null,
    },
    mutations: { retry: false },
  },
});
