import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  API_AUDIENCE_TAGS,
  apiErrorSchema,
  CSRF_HEADER,
  type Endpoint,
  getApiDocument,
  getApiReference,
  getApiReferenceScript,
  getSwaggerUiIcon,
  getSwaggerUiScript,
  getSwaggerUiStyles,
  type RawEndpoint,
} from '@slat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type ApiRoute,
  CSRF_HEADER_SCHEME,
  rawRoute,
  SESSION_COOKIE_SCHEME,
  SUPPLIER_BEARER_SCHEME,
} from './api';
import { chooseEncoding } from './serialized-json';
import { SESSION_COOKIE } from './sessions';

/**
 * The API reference (decision 033): the OpenAPI 3.1 document generated from the contracts at
 * GET /api/docs/json, and a Swagger UI page over it at GET /api/docs, served from this server
 * (no CDN) with its scripts in files so the page runs without inline script.
 */

type OpenApiDocument = {
  paths?: Record<string, Record<string, OpenApiOperation> | undefined>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
};
type OpenApiOperation = { responses?: Record<string, unknown>; [key: string]: unknown };

const JSON_ERROR = { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } };

/** The refusals every call may answer, each once in `components.responses` and referenced by status. */
const ERROR_ANSWERS = {
  400: {
    name: 'BadRequest',
    description:
      'The input was refused: VALIDATION_FAILED (with the fields at fault), MALFORMED_JSON, INVALID_CREDENTIALS, …',
  },
  401: {
    name: 'Unauthenticated',
    description: 'UNAUTHENTICATED: no session (or supplier credential), or it has expired',
  },
  404: { name: 'NotFound', description: 'NOT_FOUND: nothing of that id in your account' },
  409: {
    name: 'Conflict',
    description:
      'CONFLICT: the change does not fit what it changes now (read-only, archived, answered already, …)',
  },
  419: {
    name: 'CsrfTokenMismatch',
    description: `CSRF_TOKEN_MISMATCH: the ${CSRF_HEADER} header (or \`_token\`) is missing or not this session's`,
  },
  429: {
    name: 'RateLimited',
    description: 'RATE_LIMITED: too many attempts from this address; try again after Retry-After seconds',
  },
} as const;
type ErrorStatus = keyof typeof ERROR_ANSWERS;

/**
 * The refusals a call may answer, from its contract: every call refuses input (400); guarded calls
 * refuse a caller without credentials (401); a path with an id may name nothing (404); a change may
 * conflict with the current state (409); a session's state-changing call checks its CSRF token
 * (419); the public calls (sign-in, reset, the customer's pages) and the supplier calls (wrong
 * credentials) are limited by address (429).
 */
export function errorStatusesOf(contract: Endpoint | RawEndpoint): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400];
  if (contract.auth !== 'public') statuses.push(401);
  if (contract.path.includes('/:')) statuses.push(404);
  if (contract.method !== 'GET') statuses.push(409);
  if (contract.csrf && contract.auth !== 'supplier') statuses.push(419);
  if (contract.auth === 'public' || contract.auth === 'supplier') statuses.push(429);
  return statuses;
}

const documentPath = (contractPath: string) => contractPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The error shape as JSON Schema 2020-12 (what OpenAPI 3.1 takes as is). */
function errorSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12' });
  return schema;
}

/**
 * Adds the shared error shape and each call's refusals to the generated document, and names the
 * content type of the calls whose answer is not JSON.
 */
export function withErrorAnswers(document: OpenApiDocument, routes: readonly ApiRoute[]): OpenApiDocument {
  const contracts = new Map(routes.map((r) => [`${r.method} ${documentPath(r.contract.path)}`, r.contract]));
  const paths: NonNullable<OpenApiDocument['paths']> = {};
  for (const [pathKey, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    const operations: Record<string, OpenApiOperation> = {};
    for (const [method, operation] of Object.entries(item)) {
      const contract = contracts.get(`${method.toUpperCase()} ${pathKey}`);
      if (!contract) {
        operations[method] = operation;
        continue;
      }
      const responses: Record<string, unknown> = { ...operation.responses };
      const ok = responses['200'] as { description?: string; content?: unknown } | undefined;
      if ('produces' in contract && ok && !ok.content) {
        responses['200'] = { description: ok.description, content: { [contract.produces]: {} } };
      }
      for (const status of errorStatusesOf(contract)) {
        responses[String(status)] = { $ref: `#/components/responses/${ERROR_ANSWERS[status].name}` };
      }
      operations[method] = { ...operation, responses };
    }
    paths[pathKey] = operations;
  }
  const responses = Object.fromEntries(
    Object.entries(ERROR_ANSWERS).map(([status, { name, description }]) => [
      name,
      {
        description,
        content: JSON_ERROR,
        ...(status === '429'
          ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
          : {}),
      },
    ]),
  );
  const components = (document.components ?? {}) as { schemas?: Record<string, unknown> };
  return {
    ...document,
    paths,
    components: {
      ...components,
      schemas: { ...components.schemas, ApiError: errorSchema() },
      responses,
    },
  };
}

/** @fastify/swagger's options: OpenAPI 3.1 (zod's JSON Schema 2020-12 as is), with the audiences and credentials. */
export function apiDocumentOptions(routes: () => readonly ApiRoute[]): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Slat API',
        version: '1.0.0',
        description:
          'Every call is served under /api. The dealer API takes the session cookie set at sign-in; its state-changing calls also carry the CSRF token from GET /api/old/auth/generate-token in the X-CSRF-Token header (sign-in, forgot and reset may send it as `_token` in the body). The supplier API takes a supplier\'s bearer credential instead. Errors: {"error":{"code","message","fields":[{"path","message"}]}}.',
      },
      servers: [{ url: '/api' }],
      tags: [
        {
          name: API_AUDIENCE_TAGS.session,
          description: "The dealer's app: every call needs a signed-in session",
        },
        {
          name: API_AUDIENCE_TAGS.public,
          description:
            "No session: sign-in and reset, the customer's quote and payment pages, provider webhooks",
        },
        {
          name: API_AUDIENCE_TAGS.supplier,
          description: "A supplier's calls: a supplier token (slat_sup_…) or an order link as the bearer",
        },
      ],
      components: {
        securitySchemes: {
          [SESSION_COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'The session cookie set at sign-in (POST /old/auth); GET /old/auth/generate-token sets an anonymous one before it',
          },
          [CSRF_HEADER_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: 'X-CSRF-Token',
            description: 'The CSRF token bound to the session cookie, from GET /old/auth/generate-token',
          },
          [SUPPLIER_BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: "A supplier's token (slat_sup_…) or the id of an order link",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      const document = 'openapiObject' in documentObject ? documentObject.openapiObject : undefined;
      if (!document) throw new Error('The API document is OpenAPI, not Swagger 2');
      return withErrorAnswers(document as OpenApiDocument, routes());
    },
  };
}

// ——— The page ———

/** Starts Swagger UI over the document (a file, not inline script: the page's policy allows none). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/docs/json',
    dom_id: '#api-reference',
    deepLinking: true,
    filter: true,
    operationsSorter: 'alpha',
    defaultModelsExpandDepth: -1,
    displayOperationId: true,
    validatorUrl: null,
    withCredentials: true,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Slat API reference</title>
<link rel="icon" type="image/png" href="/api${getSwaggerUiIcon.path}">
<link rel="stylesheet" href="/api${getSwaggerUiStyles.path}">
</head>
<body>
<div id="api-reference"></div>
<script src="/api${getSwaggerUiScript.path}"></script>
<script src="/api${getApiReferenceScript.path}"></script>
</body>
</html>
`;

/**
 * The page's own policy (the /api one allows nothing): scripts and calls to this origin only, no
 * inline or eval; inline styles and data: images, which Swagger UI's style sheet and React use.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A file of the page: read on its first request, compressed once per encoding asked for, off the
 * event loop (the bundle's brotli takes ~1 s of CPU here). Brotli quality 5: 1.7 MB → 405 KB;
 * quality 9 saves 3 % more for three times the CPU.
 */
class PageFile {
  private bytes: Buffer | undefined;
  private readonly encoded: { br?: Promise<Buffer>; gzip?: Promise<Buffer> } = {};

  constructor(
    readonly type: string,
    private readonly read: () => Buffer,
  ) {}

  async body(encoding: 'br' | 'gzip' | undefined): Promise<Buffer> {
    this.bytes ??= this.read();
    const bytes = this.bytes;
    if (encoding === 'br') {
      this.encoded.br ??= brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      });
      return this.encoded.br;
    }
    if (encoding === 'gzip') {
      this.encoded.gzip ??= gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
      return this.encoded.gzip;
    }
    return bytes;
  }
}

async function sendFile(request: FastifyRequest, reply: FastifyReply, file: PageFile) {
  reply.header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding').type(file.type);
  // The icon is a PNG, compressed already.
  const encoding = file.type.startsWith('image/')
    ? undefined
    : chooseEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(await file.body(encoding));
}

/** Registers the document, the page and its files under /api (`api` is the /api scope; `app` makes the document). */
export function registerApiReference(api: FastifyInstance, app: FastifyInstance): void {
  rawRoute(api, getApiDocument, async () => app.swagger());
  rawRoute(api, getApiReference, async ({ reply }) => {
    reply
      .header('content-security-policy', PAGE_POLICY)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    return PAGE;
  });
  // Swagger UI's files from swagger-ui-dist (the bundle is 1.7 MB, 405 KB in brotli), and the start script.
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const fromDist = (name: string) => () => readFileSync(path.join(dist, name));
  const files = [
    [getSwaggerUiScript, new PageFile('text/javascript; charset=utf-8', fromDist('swagger-ui-bundle.js'))],
    [getSwaggerUiStyles, new PageFile('text/css; charset=utf-8', fromDist('swagger-ui.css'))],
    [getSwaggerUiIcon, new PageFile('image/png', fromDist('favicon-32x32.png'))],
    [
      getApiReferenceScript,
      new PageFile('text/javascript; charset=utf-8', () => Buffer.from(INIT_SCRIPT, 'utf8')),
    ],
  ] as const;
  for (const [endpoint, file] of files) {
    rawRoute(api, endpoint, async ({ request, reply }) => sendFile(request, reply, file));
  }
}
