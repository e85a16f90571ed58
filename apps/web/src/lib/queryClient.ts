import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { captureError } from './errors';

/** Answers of the API (4xx) and lost connections are expected; anything else is a defect worth reporting. */
function isUnexpected(err: unknown): boolean {
  if (isApiError(err)) return err.status >= 500;
  return !(err instanceof DOMException && err.name === 'AbortError');
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (err) => {
      if (isUnexpected(err)) captureError(err);
    },
  }),
  mutationCache: new MutationCache({
    onError: (err) => {
      if (isUnexpected(err)) captureError(err);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => {
        if (isApiError(err) && err.status >= 400 && err.status < 500) return false;
        return count < 2;
      },
    },
    mutations: { retry: false },
  },
});
