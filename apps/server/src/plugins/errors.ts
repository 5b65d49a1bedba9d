import { type ApiErrorBody, type FieldError, messages } from '@slat/contracts';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
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

/** One handler for every failure: typed codes to statuses, field paths on 400, masked 5xx. */
export function registerErrorHandling(app: FastifyInstance, reporter?: ErrorReporter): void {
  const report = (error: unknown, request: FastifyRequest) =>
    reporter?.capture(error, {
      method: request.method,
      url: request.url.split('?')[0] ?? request.url,
      requestId: String(request.id),
      ...(request.session ? { accountId: request.session.accountId } : {}),
    });
  app.setErrorHandler((error: FastifyError, request, reply) => {
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
        return reply.status(413).send(
          send({
            error: {
              code: 'PAYLOAD_TOO_LARGE',
              message: 'The request body is larger than 1 MB',
              fields: [{ path: '(body)', message: 'The request body is larger than 1 MB' }],
            },
          }),
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send(
          send({
            error: {
              code: 'UNSUPPORTED_MEDIA_TYPE',
              message: 'Send the request body as application/json',
              fields: [{ path: '(body)', message: 'Send the request body as application/json' }],
            },
          }),
        );
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(
        send({
          error: {
            code: error.statusCode === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
            message: error.message,
            fields: [{ path: '(request)', message: error.message }],
          },
        }),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    report(error, request);
    return reply
      .status(500)
      .send(send({ error: { code: 'INTERNAL', message: messages.serverError, fields: [] } }));
  });
}
