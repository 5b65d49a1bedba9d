// Loaded on demand by the sign-in document (see load-auth-calls.ts): everything here brings zod
// and the contracts, which the sign-in page does not need to show itself.
import {
  type Branding,
  type ForgotPasswordRequest,
  forgotPassword,
  forgotPasswordRequestSchema,
  getBranding,
  type LoginRequest,
  login,
  loginRequestSchema,
  type MeResponse,
  messages,
  newPasswordSchema,
  type ResetPasswordRequest,
  resetPassword,
} from '@slat/contracts';
import { z } from 'zod';
import { callApi, getCsrfToken, resetCsrfToken } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';

export { reportError } from '../../../lib/monitoring';
export { endSession } from '../../../lib/session/sign-out';

/** The sign-in form: the login contract's username and password rules. */
export const credentialsSchema = loginRequestSchema.pick({ username: true, password: true });
export type Credentials = z.infer<typeof credentialsSchema>;

/** The forgot-password form: the contract's email rule. */
export const forgotEmailSchema = forgotPasswordRequestSchema.pick({ email: true });

/** The reset form: the §5 new-password rules, and a confirmation that matches. */
export const resetFormSchema = z
  .object({
    password: newPasswordSchema,
    confirm_password: z.string().min(1, messages.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: messages.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ResetForm = z.infer<typeof resetFormSchema>;

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

export function signIn(credentials: Pick<LoginRequest, 'username' | 'password'>): Promise<MeResponse> {
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

/** Login branding for this hosting domain (nulls when none), when the page did not bring it. */
export function fetchBranding(host: string): Promise<Branding> {
  return callApi(getBranding, { query: { host } }, { sessionExpiry: false });
}
