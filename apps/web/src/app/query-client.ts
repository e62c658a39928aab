import { QUERY_DEFAULTS } from '@agencia/shared/constants';
import { QueryClient } from '@tanstack/react-query';
import { getErrorStatus } from '../lib/http-status';

/** Statuses where retrying cannot help: the answer will be the same (spec doc 2 §9). */
const NO_RETRY_STATUSES = new Set([401, 403, 404]);

/** Query retry rule: up to QUERY_DEFAULTS.queryRetries times, never on 401/403/404. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = getErrorStatus(error);
  if (status !== undefined && NO_RETRY_STATUSES.has(status)) return false;
  return failureCount < QUERY_DEFAULTS.queryRetries;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTime,
        gcTime: QUERY_DEFAULTS.gcTime,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetries },
    },
  });
}

export const queryClient = createQueryClient();
