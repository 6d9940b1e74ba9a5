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
    // A save is sent even when the browser says it is offline: it fails at once with a message and a
    // retry, instead of waiting unseen in a queue and all going out together when the network returns.
    mutations: { retry: false, networkMode: 'always' },
  },
});
