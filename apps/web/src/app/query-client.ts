import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isSessionError, NetworkError } from '../lib/api/errors';
import { i18n } from '../lib/i18n/i18n';
import { reportError } from '../lib/monitoring';
import { notifyError } from '../lib/notify';
import { versionQueryKey } from '../lib/version-check';

type CallMeta = {
  /** 'local': the page shows its own message for this call; the global toast stays quiet. */
  errorHandling?: 'local' | 'global';
};

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}

/**
 * §8: a failed call shows the server-issues toast, is reported, and re-runs the version check
 * (a failure may mean a new deployment). Session errors are handled by the session module.
 */
export function handleFailedCall(queryClient: QueryClient, error: unknown, meta: CallMeta | undefined): void {
  if (isSessionError(error)) return;
  if (meta?.errorHandling === 'local') return;
  reportError(error);
  void queryClient.invalidateQueries({ queryKey: versionQueryKey });
  notifyError(i18n.t('errors.genericTitle'), i18n.t('errors.serverIssues'));
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && error.status >= 500;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleFailedCall(queryClient, error, query.meta),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handleFailedCall(queryClient, error, mutation.meta),
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
