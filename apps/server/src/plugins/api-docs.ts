import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import {
  API_AUDIENCE_TAGS,
  apiErrorSchema,
  CSRF_HEADER,
  type Endpoint,
  getApiDocument,
  getApiReference,
  getApiReferenceAsset,
  messages,
  type RawEndpoint,
} from '@slat/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
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
 * (419); the public calls (sign-in, reset, the customer's pages) are limited by address (429).
 */
export function errorStatusesOf(contract: Endpoint | RawEndpoint): ErrorStatus[] {
  const statuses: ErrorStatus[] = [400];
  if (contract.auth !== 'public') statuses.push(401);
  if (contract.path.includes('/:')) statuses.push(404);
  if (contract.method !== 'GET') statuses.push(409);
  if (contract.csrf && contract.auth !== 'supplier') statuses.push(419);
  if (contract.auth === 'public') statuses.push(429);
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

const ASSET_BASE = '/api/docs/assets';

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
<link rel="icon" type="image/png" href="${ASSET_BASE}/favicon-32x32.png">
<link rel="stylesheet" href="${ASSET_BASE}/swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="${ASSET_BASE}/swagger-ui-bundle.js"></script>
<script src="${ASSET_BASE}/api-reference.js"></script>
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

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
};

/** The page's files: Swagger UI's from swagger-ui-dist, and the script that starts it. */
function assetSources(): Record<string, () => Buffer> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const fromDist = (name: string) => () => readFileSync(path.join(dist, name));
  return {
    'swagger-ui-bundle.js': fromDist('swagger-ui-bundle.js'),
    'swagger-ui.css': fromDist('swagger-ui.css'),
    'favicon-32x32.png': fromDist('favicon-32x32.png'),
    'api-reference.js': () => Buffer.from(INIT_SCRIPT, 'utf8'),
  };
}

type Asset = { type: string; bytes: Buffer; br?: Buffer; gzip?: Buffer };

/** Each file read on its first request and compressed once per encoding asked for (the bundle is 1.7 MB, 392 KB in brotli). */
class AssetCache {
  private readonly assets = new Map<string, Asset>();
  constructor(private readonly sources: Record<string, () => Buffer>) {}

  get(name: string): Asset | undefined {
    const source = Object.hasOwn(this.sources, name) ? this.sources[name] : undefined;
    if (!source) return undefined;
    let asset = this.assets.get(name);
    if (!asset) {
      asset = { type: CONTENT_TYPES[path.extname(name)] ?? 'application/octet-stream', bytes: source() };
      this.assets.set(name, asset);
    }
    return asset;
  }

  encoded(asset: Asset, encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br') {
      asset.br ??= zlib.brotliCompressSync(asset.bytes, {
        // Quality 9: within a few per cent of the maximum in a tenth of the time, once.
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: asset.bytes.length,
        },
      });
      return asset.br;
    }
    asset.gzip ??= zlib.gzipSync(asset.bytes, { level: zlib.constants.Z_BEST_COMPRESSION });
    return asset.gzip;
  }
}

const compressible = (type: string) => !type.startsWith('image/');

function sendAsset(request: FastifyRequest, reply: FastifyReply, cache: AssetCache, asset: Asset) {
  reply.header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding').type(asset.type);
  const encoding = compressible(asset.type) ? chooseEncoding(request.headers['accept-encoding']) : undefined;
  if (!encoding) return reply.send(asset.bytes);
  return reply.header('content-encoding', encoding).send(cache.encoded(asset, encoding));
}

/** Registers the document, the page and its files under /api (`api` is the /api scope; `app` makes the document). */
export function registerApiReference(api: FastifyInstance, app: FastifyInstance): void {
  const cache = new AssetCache(assetSources());
  rawRoute(api, getApiDocument, async () => app.swagger());
  rawRoute(api, getApiReference, async ({ reply }) => {
    reply
      .header('content-security-policy', PAGE_POLICY)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    return PAGE;
  });
  rawRoute(api, getApiReferenceAsset, async ({ params, request, reply }) => {
    const asset = cache.get(params.file);
    if (!asset) throw new AppError('NOT_FOUND', `${messages.notFound}: ${params.file}`);
    return sendAsset(request, reply, cache, asset);
  });
}
