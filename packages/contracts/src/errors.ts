import { z } from 'zod';

export const errorCodes = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_CREDENTIALS',
  'INVALID_RESET_TOKEN',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CSRF_TOKEN_MISMATCH',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  /** A feature the company has not set up (§8: a PDF type without a configured template). */
  'NOT_IMPLEMENTED',
  /** Work the server could not finish in time or lost midway (a PDF): trying again may work. */
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one map from error code to HTTP status (419 is the session-token status the spec uses). */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_CREDENTIALS: 400,
  INVALID_RESET_TOKEN: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,

  CSRF_TOKEN_MISMATCH: 419,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  UNAVAILABLE: 503,
};

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.array(fieldErrorSchema),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
