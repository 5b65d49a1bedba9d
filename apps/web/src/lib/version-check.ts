import { healthResponseSchema } from '@slat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { STORAGE_KEYS, VERSION_POLL_INTERVAL_MS } from '../config/constants';
import { env } from '../config/env';
import { requestJson } from './api/client';
import { storage } from './storage';

export const versionQueryKey = ['health', 'version'] as const;

/** 300000 ms; browser tests may shorten it through local storage. */
export function versionPollInterval(): number {
  const override = Number(storage.get(STORAGE_KEYS.versionPollMs));
  return Number.isFinite(override) && override >= 100 ? override : VERSION_POLL_INTERVAL_MS;
}

export const versionQueryOptions = queryOptions({
  queryKey: versionQueryKey,
  queryFn: ({ signal }) => requestJson({ method: 'GET', url: '/health.json', signal }, healthResponseSchema),
  refetchInterval: () => versionPollInterval(),
  staleTime: 0,
  meta: { errorHandling: 'local' },
});

/** A newer deployment exists when /health.json reports another commit than the running build's. */
export function isUpdateAvailable(
  deployedCommit: string | undefined,
  runningCommit = env.gitCommit,
): boolean {
  if (!deployedCommit || runningCommit === 'development') return false;
  return deployedCommit !== runningCommit;
}
