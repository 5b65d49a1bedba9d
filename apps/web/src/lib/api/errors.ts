import type { ErrorCode, FieldError } from '@slat/contracts';
import type { z } from 'zod';

/** The server answered with an error status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly endpoint: string,
    readonly status: number,
    readonly code: ErrorCode | 'UNKNOWN',
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
  }
}

/** The call never got an answer (offline, DNS, aborted connection): there is no status. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly endpoint: string,
    cause: unknown,
  ) {
    super(`Network failure calling ${endpoint}`, { cause });
  }
}

/** The server answered 2xx but the body does not match the contract. */
export class ResponseSchemaError extends Error {
  override readonly name = 'ResponseSchemaError';
  constructor(
    readonly endpoint: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Unexpected response from ${endpoint}: ${describeIssues(issues)}`);
  }
}

/** "user.first_name: Invalid input: expected string, received number; …" */
function describeIssues(issues: z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

/** 401 (not signed in) and 419 (stale session token) both mean the session has expired. */
export function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 419);
}
