import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/shared/lib/api-client';

/** Retries only what a retry can fix: network trouble, never an answer the server gave. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    (error.kind === 'server' || error.kind === 'unauthorized' || error.kind === 'timeout')
  ) {
    return false;
  }
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
