import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { MIN_PASSWORD_LENGTH, messages } from '../messages';

const requiredString = (message: string) =>
  z.string({ error: (iss) => (iss.input === undefined ? message : 'Expected a string') }).min(1, message);

export const csrfTokenField = z.string({ error: 'A session token is required' }).min(1).max(200);

export const sessionUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  country_code: z.string(),
  admin_company_id: z.number().int(),
  main_admin_access: z.boolean(),
});

export const sessionCompanySchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  country_id: z.number().int(),
  country_code: z.string(),
  /** Beyond the spec's four fields: what the shell header shows. */
  name: z.string(),
  address: z.string().nullable(),
});

export const modulesSchema = z.object({ 'dealer_portal.sales': z.boolean() });

export const meResponseSchema = z.object({
  user: sessionUserSchema,
  company: sessionCompanySchema,
  modules: modulesSchema,
});
export type MeResponse = z.infer<typeof meResponseSchema>;

export const okSchema = z.object({ success: z.literal(true) });

export const generateToken = defineEndpoint({
  method: 'GET',
  path: '/old/auth/generate-token',
  summary: 'A CSRF token bound to the session cookie (sets an anonymous session cookie when none)',
  // Public: the sign-in form needs a token before there is a session.
  auth: 'public',
  response: z.string(),
});

export const loginRequestSchema = z.strictObject({
  username: requiredString(messages.usernameRequired).max(200),
  password: requiredString(messages.passwordRequired).max(1000),
  master_console: z.boolean().default(false),
  remember: z.boolean().default(false),
  _token: csrfTokenField,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/old/auth',
  summary: 'Sign in; starts a new session (the session id changes)',
  // Public: signing in is how a session starts.
  auth: 'public',
  body: loginRequestSchema,
  response: meResponseSchema,
});

export const me = defineEndpoint({
  method: 'POST',
  path: '/old/auth/me',
  summary: 'The signed-in user and company',
  auth: 'session',
  csrf: false,
  response: meResponseSchema,
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/old/auth/logout',
  summary: 'End the session on the server',
  // Public: signing out must work with an expired session too (it only clears the cookie).
  auth: 'public',
  response: okSchema,
});

export const forgotPasswordRequestSchema = z.strictObject({
  email: requiredString(messages.emailRequired).max(320).pipe(z.email(messages.emailInvalid)),
  _token: csrfTokenField,
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/old/auth/forgot-password',
  summary: 'Mail a reset link; the same answer whether or not the address exists',
  // Public: a user who cannot sign in asks for the reset mail.
  auth: 'public',
  body: forgotPasswordRequestSchema,
  response: okSchema,
});

export const newPasswordSchema = requiredString(messages.newPasswordRequired)
  .min(MIN_PASSWORD_LENGTH, messages.passwordTooShort)
  .max(1000);

export const resetPasswordRequestSchema = z
  .strictObject({
    token: z.string({ error: messages.resetFailed }).min(1, messages.resetFailed).max(200),
    password: newPasswordSchema,
    confirm_password: requiredString(messages.confirmPasswordRequired).max(1000),
    _token: csrfTokenField.optional(),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: messages.passwordsDoNotMatch,
    path: ['confirm_password'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/old/auth/reset-password',
  summary: 'Set a new password with a single-use token (valid 60 minutes); ends other sessions',
  // Public: the reset link's token is the credential.
  auth: 'public',
  body: resetPasswordRequestSchema,
  response: okSchema,
});
