import { env } from '../config/env';
import { ApiError, NetworkError } from './api/errors';

type Sentry = typeof import('@sentry/react');
let sentry: Sentry | null = null;

/** Sentry only when a DSN is configured; loaded on demand so it costs nothing otherwise. */
export async function initMonitoring(dsn = env.sentryDsn): Promise<void> {
  if (!dsn) return;
  const module = await import('@sentry/react');
  module.init({ dsn, release: env.gitCommit, environment: env.dev ? 'development' : 'production' });
  sentry = module;
}

const CHECKOUT_ENDPOINT = /\/api\/public\/payment\//;
const LOGIN_ENDPOINT = /^POST \/api\/old\/auth$/;

/**
 * The §8 'not reported' cases: failures of checkout endpoints, a 400 on login, network failures
 * without a status. Session expiry (401/419) is a state, not an error.
 */
export function shouldReport(error: unknown): boolean {
  if (error instanceof NetworkError) return false;
  if (error instanceof ApiError) {
    if (CHECKOUT_ENDPOINT.test(error.endpoint)) return false;
    if (error.status === 400 && LOGIN_ENDPOINT.test(error.endpoint)) return false;
    if (error.status === 401 || error.status === 419) return false;
  }
  return true;
}

export function reportError(error: unknown): void {
  if (!shouldReport(error)) return;
  if (sentry) sentry.captureException(error);
  else if (env.dev && import.meta.env.MODE !== 'test')
    console.warn('[slat] unreported error (no SENTRY_DSN):', error);
}
