import {
  type ForgotPasswordRequest,
  forgotPassword,
  getBranding,
  type LoginRequest,
  login,
  type MeResponse,
  type ResetPasswordRequest,
  resetPassword,
} from '@slat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi, getCsrfToken, resetCsrfToken } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';

/** Sign-in, forgot and reset fetch a fresh token first and send it as `_token` (foundation §7). */
async function withFreshToken<T>(call: (token: string) => Promise<T>): Promise<T> {
  resetCsrfToken();
  try {
    return await call(await getCsrfToken());
  } catch (error) {
    // a token minted just before another tab changed the session: one retry with a new one
    if (!(error instanceof ApiError && error.status === 419)) throw error;
    resetCsrfToken();
    return call(await getCsrfToken());
  }
}

export type Credentials = Pick<LoginRequest, 'username' | 'password'>;

export function signIn(credentials: Credentials): Promise<MeResponse> {
  return withFreshToken((_token) =>
    callApi(
      login,
      { body: { ...credentials, master_console: false, remember: false, _token } },
      { sessionExpiry: false },
    ),
  );
}

export function requestPasswordReset(body: Pick<ForgotPasswordRequest, 'email'>): Promise<unknown> {
  return withFreshToken((_token) =>
    callApi(forgotPassword, { body: { ...body, _token } }, { sessionExpiry: false }),
  );
}

export function setNewPassword(body: Omit<ResetPasswordRequest, '_token'>): Promise<unknown> {
  return withFreshToken((_token) =>
    callApi(resetPassword, { body: { ...body, _token } }, { sessionExpiry: false }),
  );
}

/** Login branding for this hosting domain (logo, background colour); nulls when none. */
export const brandingQueryOptions = (host: string) =>
  queryOptions({
    queryKey: ['branding', host],
    queryFn: ({ signal }) => callApi(getBranding, { query: { host } }, { signal, sessionExpiry: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { errorHandling: 'local' },
  });
