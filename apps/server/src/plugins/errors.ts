import { validateHeaderValue } from 'node:http';
import { type ApiErrorBody, type ErrorCode, errorStatus, type FieldError, messages } from '@slat/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import type { ErrorReporter } from '../lib/error-reporting';

type ValidationItem = { keyword: string; instancePath: string; message?: string; params: { keys?: unknown } };

/** `items[0].name` style, the way a person reads a field path. */
export function formatPath(segments: readonly PropertyKey[]): string {
  return segments
    .map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? String(s) : `.${String(s)}`))
    .join('');
}

function validationFields(item: ValidationItem): FieldError[] {
  const base = item.instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  if (item.keyword === 'unrecognized_keys' && Array.isArray(item.params.keys)) {
    return item.params.keys.map((k) => ({
      path: formatPath([...base, String(k)]),
      message: `Unrecognized field '${String(k)}'`,
    }));
  }
  return [{ path: formatPath(base) || '(body)', message: item.message ?? 'Invalid value' }];
}

function send(body: ApiErrorBody) {
  return body;
}

/** The error code a status stands for (the first in `errorStatus`); other 4xx are validation failures. */
const codeOfStatus = (status: number): ErrorCode =>
  (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ??
  'VALIDATION_FAILED';

const clientError = (code: ErrorCode, message: string, path = '(body)') =>
  send({ error: { code, message, fields: [{ path, message }] } });

/** Clearer words for the multipart plugin's refusals (its own are 'reach parts limit' and the like). */
const MULTIPART_MESSAGES: Record<string, string> = {
  FST_PARTS_LIMIT: 'The form has too many parts',
  FST_FILES_LIMIT: 'Send one file per request',
  FST_FIELDS_LIMIT: 'The form has too many fields',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data',
  FST_PROTO_VIOLATION: 'The form has a field name that is not allowed',
  FST_MP_PREMATURE_CLOSE: 'The form ended before it was complete',
};

/** The multipart parser (busboy) fails with plain errors: no boundary, a cut-off body, a bad boundary. */
const MULTIPART_PARSE_FAILURE = /multipart|boundary|needle/i;
const isMalformedMultipart = (error: FastifyError, request: FastifyRequest) =>
  error.statusCode === undefined && request.isMultipart() && MULTIPART_PARSE_FAILURE.test(error.message);

/**
 * Headers the route set before it failed do not belong on the error: a download's
 * content-disposition would save the error as the file, and a header Node refuses to write (a
 * file name outside Latin-1, say) would fail the error answer too.
 */
function dropRouteHeaders(reply: FastifyReply): void {
  reply.removeHeader('content-disposition');
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    try {
      validateHeaderValue(name, String(value ?? ''));
    } catch {
      reply.removeHeader(name);
    }
  }
}

/**
 * Errors Fastify answers before a route is found (a URL that does not decode, a path parameter
 * over 100 characters): the same JSON error shape as every other refusal. Passed to Fastify as
 * its `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path parameter is too long' : 'The URL is not valid';
  return reply.status(status).send(clientError('VALIDATION_FAILED', message, '(url)'));
}

/** One handler for every failure: typed codes to statuses, field paths on 400, masked 5xx. */
export function registerErrorHandling(app: FastifyInstance, reporter?: ErrorReporter): void {
  const report = (error: unknown, request: FastifyRequest) => {
    try {
      reporter?.capture(error, {
        method: request.method,
        url: request.url.split('?')[0] ?? request.url,
        requestId: String(request.id),
        ...(request.session ? { accountId: request.session.accountId } : {}),
      });
    } catch (failure) {
      request.log.error({ err: failure }, 'the error reporter failed');
    }
  };
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    // Anything may be thrown (a string, null); it is answered as an unexpected error.
    const error =
      thrown instanceof Error ? thrown : (new Error(`Non-error thrown: ${String(thrown)}`) as FastifyError);
    dropRouteHeaders(reply);
    if (error instanceof AppError) {
      reply.headers(error.headers);
      return reply
        .status(error.status)
        .send(send({ error: { code: error.code, message: error.message, fields: error.fields } }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.flatMap((v) => validationFields(v as unknown as ValidationItem));
      const where = error.validationContext === 'body' ? '' : `${error.validationContext ?? ''} `;
      return reply.status(400).send(
        send({
          error: {
            code: 'VALIDATION_FAILED',
            message: fields[0] ? `${where}${fields[0].path}: ${fields[0].message}` : 'Invalid request',
            fields,
          },
        }),
      );
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      report(error, request);
      return reply
        .status(500)
        .send(send({ error: { code: 'INTERNAL', message: messages.serverError, fields: [] } }));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(
          send({
            error: {
              code: 'MALFORMED_JSON',
              message: 'The request body is not valid JSON',
              fields: [{ path: '(body)', message: error.message }],
            },
          }),
        );
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply
          .status(413)
          .send(clientError('PAYLOAD_TOO_LARGE', 'The request body is larger than 1 MB'));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply
          .status(415)
          .send(clientError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json'));
    }
    if (isMalformedMultipart(error, request)) {
      return reply
        .status(400)
        .send(clientError('VALIDATION_FAILED', 'The multipart/form-data body is malformed'));
    }
    // Fastify's and its plugins' own refusals keep their 4xx status, in the same shape.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const message = MULTIPART_MESSAGES[error.code] ?? error.message;
      return reply
        .status(error.statusCode)
        .send(clientError(codeOfStatus(error.statusCode), message, '(request)'));
    }
    request.log.error({ err: error }, 'unhandled error');
    report(error, request);
    return reply
      .status(500)
      .send(send({ error: { code: 'INTERNAL', message: messages.serverError, fields: [] } }));
  });
}
