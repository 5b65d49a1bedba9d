import { type ErrorCode, errorStatus, type FieldError } from '@slat/contracts';

/** A failure the client is told about: a typed code, its HTTP status, and field paths where they apply. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const fieldError = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);
