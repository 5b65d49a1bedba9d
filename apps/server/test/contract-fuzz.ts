import {
  apiErrorSchema,
  CSRF_HEADER,
  type Endpoint,
  findUnstorableText,
  type RawEndpoint,
} from '@slat/contracts';
import fc from 'fast-check';
import type { z } from 'zod';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import type { TestClient } from './harness';

/**
 * A contract fuzzer (decision 010). The operations and their input schemas come from the OpenAPI
 * document the app serves at /api/docs/json, so a route added later is fuzzed without editing a test.
 * fast-check draws valid inputs from each JSON Schema; hostile values are put in one place at a
 * time (each path parameter, query parameter and body field), and whole bodies are broken.
 * The oracle: never a 5xx; every 4xx in the JSON error shape; and an input that the route's zod
 * contract refuses (or that holds a NUL, or is not parseable) must be refused.
 */

/** The part of JSON Schema (OpenAPI 3.0 dialect) that zod writes for request inputs. */
export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  default?: unknown;
  examples?: unknown[];
};

type Parameter = { in: string; name: string; required?: boolean; schema: JsonSchema };
type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};
type OpenApiDocument = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
};

type Operation = {
  /** `POST /deals/{id}/move`, as the document names it. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  base: string;
  params: Parameter[];
  query: Parameter[];
  body: JsonSchema | undefined;
  /** An event stream stays open: a valid call's answer does not end. */
  streams: boolean;
  /** The zod contract of the registered route, the oracle of what must be refused. */
  contract: Endpoint | RawEndpoint | undefined;
};

type Body = { text: string; contentType: string; value: unknown; parseable: boolean };
type Input = { params: Record<string, string>; query: Record<string, string | string[]>; body?: Body };
type Case = { label: string; input: Input };

export type FuzzFailure = {
  operation: string;
  label: string;
  status: number | 'timeout';
  problem: string;
  request: string;
  answer: string;
};
export type FuzzReport = {
  operations: number;
  cases: number;
  /** How many answers of each status, to see how many cases got past validation. */
  statuses: Record<number, number>;
  failures: FuzzFailure[];
  ms: number;
};

const INT4_OVER = 2147483648;
const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const INVALID_DATES = ['2026-02-30', '2026-13-45', '2026-00-00', '0000-01-01', '2026-11-23 25:00:00'];

/** Values for path and query parameters (strings on the wire). */
const PARAMETER_VALUES: [string, string][] = [
  ['0', '0'],
  ['-1', '-1'],
  ['2^31', String(INT4_OVER)],
  ['2^31-1', '2147483647'],
  ['1e300', '1e300'],
  ['1.5', '1.5'],
  ['text', 'abc'],
  ['empty', ''],
  ['NUL', 'de\u0000mo'],
  ['control characters', '\u0001\u001b\u007f'],
  ['long', '9'.repeat(400)],
  ['non-Latin-1', 'Łódź ✓'],
  ...INVALID_DATES.map((d): [string, string] => [d, d]),
];

/** Values put in place of one body field. */
const FIELD_VALUES: [string, unknown][] = [
  ['a string', 'slat'],
  ['a fraction', 1.5],
  ['true', true],
  ['null', null],
  ['an array', [1, 'x']],
  ['an object', { fuzz: 1 }],
  ['2^31', INT4_OVER],
  ['-2^31-1', -INT4_OVER - 1],
  ['1e300', 1e300],
  ['-1', -1],
  ['0', 0],
  ['NUL', 'de\u0000mo'],
  ['control characters', '\u0001\u0008\u001b\u007f\u2028'],
  ['a lone surrogate', '\ud800'],
  ['1 MB string', MEGABYTE_STRING],
  ...INVALID_DATES.map((d): [string, unknown] => [d, d]),
];

const json = (text: string, value: unknown, parseable = true): Body => ({
  text,
  contentType: 'application/json',
  value,
  parseable,
});

/** Whole bodies that are not what any JSON route expects. */
function brokenBodies(base: unknown): [string, Body][] {
  return [
    ['malformed JSON', json('{"name":', undefined, false)],
    ['truncated JSON', json('{', undefined, false)],
    ['a raw NUL byte in JSON', json('{"name":"de\u0000mo"}', undefined, false)],
    ['an empty JSON body', json('', undefined, false)],
    ['an array for the object', json('[]', [])],
    ['the body in an array', json(`[${JSON.stringify(base ?? {})}]`, [base ?? {}])],
    ['a number', json('1', 1)],
    ['a string', json('"x"', 'x')],
    ['null', json('null', null)],
    ['deeply nested arrays', json(`${'['.repeat(5000)}${']'.repeat(5000)}`, undefined)],
    [
      '__proto__ keys',
      json('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}', undefined),
    ],
    ['text/plain', { text: 'hello', contentType: 'text/plain', value: 'hello', parseable: true }],
    [
      'a form',
      { text: 'a=1', contentType: 'application/x-www-form-urlencoded', value: undefined, parseable: false },
    ],
  ];
}

const BOUNDARY = 'slat-fuzz-boundary';
const part = (name: string, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${
    filename === undefined ? '' : `; filename="${filename}"\r\nContent-Type: application/octet-stream`
  }\r\n\r\n${value}\r\n`;
const END = `--${BOUNDARY}--\r\n`;

/** Malformed and hostile multipart bodies; the oracle only knows a JSON route must refuse them. */
function multipartBodies(): [string, Body][] {
  const form = (text: string, contentType = `multipart/form-data; boundary=${BOUNDARY}`): Body => ({
    text,
    contentType,
    value: undefined,
    parseable: true,
  });
  const fields = (extra: string) =>
    part('friendly_name', 'Fuzz') + part('model', 'deal') + part('model_id', '1') + extra;
  return [
    ['multipart without a boundary', form('hello', 'multipart/form-data')],
    ['multipart without parts', form('no parts here')],
    ['empty multipart', form('')],
    [
      'truncated multipart',
      form(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"`),
    ],
    ['multipart without its end', form(part('file', 'hello', 'a.txt'))],
    ['multipart part without headers', form(`--${BOUNDARY}\r\nnot a header\r\n\r\nx\r\n${END}`)],
    [
      'NUL in multipart fields',
      form(fields(part('friendly_name', 'de\u0000mo') + part('file', 'a', 'a.txt')) + END),
    ],
    ['a NUL and non-Latin-1 file name', form(part('file', 'hello', 'Łódź ✓\u0000.txt') + END)],
    [
      'too many multipart fields',
      form(Array.from({ length: 30 }, (_, i) => part(`f${i}`, 'x')).join('') + END),
    ],
    ['two files', form(part('file', 'a', 'a.txt') + part('document', 'b', 'b.txt') + END)],
    ['a 900 kB multipart field', form(part('friendly_name', 'x'.repeat(900_000)) + END)],
    [
      'model_id 2^31',
      form(fields(part('model_id', String(INT4_OVER)) + part('document', 'a', 'a.txt')) + END),
    ],
    ['an empty file', form(part('file', '', 'a.png') + part('document', '', 'a.png') + END)],
  ];
}

// ——— Valid inputs from a JSON Schema ———

const withoutNul = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replaceAll('\u0000', ' ');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [withoutNul(k), withoutNul(v)]));
  return value;
};

const clamp32 = (n: number) => Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, n));

function bounds(s: JsonSchema, integer: boolean): [number, number] {
  const step = integer ? 1 : Number.EPSILON;
  let lo = s.minimum ?? Number.MIN_SAFE_INTEGER;
  let hi = s.maximum ?? Number.MAX_SAFE_INTEGER;
  if (s.exclusiveMinimum === true) lo += step;
  if (typeof s.exclusiveMinimum === 'number') lo = s.exclusiveMinimum + step;
  if (s.exclusiveMaximum === true) hi -= step;
  if (typeof s.exclusiveMaximum === 'number') hi = s.exclusiveMaximum - step;
  return [Math.max(lo, Number.MIN_SAFE_INTEGER), Math.min(hi, Number.MAX_SAFE_INTEGER)];
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const [lo, hi] = bounds(s, integer);
  const anywhere = fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  if (!integer) return anywhere;
  const first = Math.ceil(lo);
  // Mostly small ids and counts (they may name real rows), sometimes anywhere in range.
  return fc.oneof(
    { arbitrary: fc.integer({ min: clamp32(first), max: clamp32(Math.min(hi, first + 1000)) }), weight: 4 },
    { arbitrary: fc.constantFrom(first, Math.floor(hi)), weight: 1 },
    { arbitrary: anywhere.map((n) => Math.max(first, Math.min(Math.floor(hi), Math.round(n)))), weight: 1 },
  );
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateOnly = fc
  .record({
    y: fc.integer({ min: 1000, max: 9999 }),
    m: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);

/** Any code point but NUL, control characters included (fast-check's 'binary' unit takes 0.8 s to build). */
const anyCharacter = fc
  .integer({ min: 1, max: 0x10ffff })
  .filter((c) => c < 0xd800 || c > 0xdfff)
  .map((c) => String.fromCodePoint(c));

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'date') return dateOnly;
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('1970-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 40));
  return fc.oneof(
    fc.string({ unit: 'grapheme-ascii', minLength, maxLength }),
    fc.string({ unit: 'grapheme', minLength, maxLength }),
    fc.string({ unit: anyCharacter, minLength, maxLength }),
  );
}

function objectArbitrary(s: JsonSchema, full: boolean): fc.Arbitrary<unknown> {
  const properties = s.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) {
    const values = typeof s.additionalProperties === 'object' ? s.additionalProperties : {};
    if (s.additionalProperties === false) return fc.constant({});
    return fc.dictionary(fc.string({ maxLength: 12 }), arbitraryOf(values, full), {
      minKeys: full ? 1 : 0,
      maxKeys: 3,
    });
  }
  const model = Object.fromEntries(keys.map((k) => [k, arbitraryOf(properties[k]!, full)]));
  return fc.record(model, { requiredKeys: full ? keys : (s.required ?? []).filter((k) => k in model) });
}

/** Draws values a schema accepts (mostly: refinements zod keeps to itself are not in the schema). */
export function arbitraryOf(s: JsonSchema, full = false): fc.Arbitrary<unknown> {
  let arbitrary = schemaArbitrary(s, full);
  if (s.examples?.length) arbitrary = fc.oneof(fc.constantFrom(...s.examples), arbitrary);
  return s.nullable ? fc.option(arbitrary, { nil: null, freq: 4 }) : arbitrary;
}

function schemaArbitrary(s: JsonSchema, full: boolean): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  if ('const' in s) return fc.constant(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, full)));
  if (s.allOf?.[0]) return arbitraryOf(s.allOf[0], full);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => arbitraryOf({ ...s, type }, full)));
  switch (s.type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(s.items ?? {}, full), {
        minLength: Math.max(s.minItems ?? 0, full ? 1 : 0),
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case 'object':
      return objectArbitrary(s, full);
    default:
      return s.properties ? objectArbitrary(s, full) : fc.jsonValue({ maxDepth: 2 });
  }
}

// ——— Operations and cases ———

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

function operationsOf(doc: OpenApiDocument, client: TestClient): Operation[] {
  const base = doc.servers?.[0]?.url ?? '';
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    METHODS.flatMap((method) => {
      const op = byMethod[method.toLowerCase()];
      if (!op) return [];
      const url = `${base}${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const parameters = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const contract = client.app.apiRoutes.find((r) => r.method === method && r.url === url)?.contract;
      return [
        {
          name: `${method} ${path}`,
          method,
          path,
          base,
          params: parameters.filter((p) => p.in === 'path'),
          query: parameters.filter((p) => p.in === 'query'),
          body: content['application/json']?.schema,
          streams:
            contract !== undefined && 'produces' in contract && contract.produces === 'text/event-stream',
          contract,
        },
      ];
    }),
  );
}

const parametersSchema = (list: Parameter[]): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
  required: list.filter((p) => p.required || p.in === 'path').map((p) => p.name),
  additionalProperties: false,
});

const asStrings = (value: unknown) =>
  Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v)]));

function validInputs(op: Operation, full: boolean): fc.Arbitrary<Input> {
  return fc
    .record({
      params: arbitraryOf(parametersSchema(op.params), true).map(asStrings),
      query: arbitraryOf(parametersSchema(op.query), full).map(asStrings),
      body: op.body ? arbitraryOf(op.body, full) : fc.constant(undefined),
    })
    .map(
      (raw) =>
        withoutNul(raw) as { params: Record<string, string>; query: Record<string, string>; body: unknown },
    )
    .map(({ params, query, body }) => ({
      params,
      query,
      ...(body === undefined ? {} : { body: json(JSON.stringify(body), body) }),
    }));
}

type Path = (string | number)[];

function* pathsOf(value: unknown, prefix: Path = []): Generator<Path> {
  if (prefix.length > 6) return;
  if (Array.isArray(value)) {
    if (value.length === 0) return;
    yield [...prefix, 0];
    yield* pathsOf(value[0], [...prefix, 0]);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      yield [...prefix, k];
      yield* pathsOf(v, [...prefix, k]);
    }
  }
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

const pathName = (path: Path) => path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');

function cases(op: Operation, seed: number, validRuns: number): Case[] {
  const [base] = fc.sample(validInputs(op, true), { seed, numRuns: 1 }) as [Input];
  const out: Case[] = fc
    .sample(validInputs(op, false), { seed: seed + 1, numRuns: validRuns })
    .map((input, i) => ({ label: `valid input #${i + 1}`, input }));
  const withParam = (name: string, value: string) => ({ ...base, params: { ...base.params, [name]: value } });
  const withQuery = (name: string, value: string | string[]) => ({
    ...base,
    query: { ...base.query, [name]: value },
  });
  for (const p of op.params)
    for (const [label, value] of PARAMETER_VALUES)
      out.push({ label: `path ${p.name} = ${label}`, input: withParam(p.name, value) });
  for (const p of [...op.query.map((q) => q.name), 'fuzz'])
    for (const [label, value] of [
      ...PARAMETER_VALUES,
      ['1 MB', MEGABYTE_STRING],
      ['repeated', ['1', '2']],
    ] as [string, string | string[]][])
      out.push({ label: `query ${p} = ${label}`, input: withQuery(p, value) });
  if (op.method === 'GET') return out;

  const withBody = (label: string, body: Body) => out.push({ label, input: { ...base, body } });
  const bodies = op.body
    ? fc.sample(arbitraryOf(op.body, true), { seed: seed + 2, numRuns: 8 }).map(withoutNul)
    : [{}];
  const seen = new Set<string>();
  for (const body of bodies)
    for (const path of pathsOf(body)) {
      const at = pathName(path);
      if (seen.has(at)) continue;
      seen.add(at);
      for (const [label, value] of FIELD_VALUES) {
        const broken = setAt(body, path, value);
        withBody(`body${at} = ${label}`, json(JSON.stringify(broken), broken));
      }
    }
  for (const path of [[], ...pathsOf(bodies[0])]) {
    const target = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], bodies[0]);
    if (!target || typeof target !== 'object' || Array.isArray(target)) continue;
    const broken = setAt(bodies[0], [...path, 'fuzzExtra'], 1);
    withBody(`body${pathName(path)} with an extra field`, json(JSON.stringify(broken), broken));
  }
  for (const [label, body] of [...brokenBodies(bodies[0]), ...multipartBodies()])
    withBody(`body: ${label}`, body);
  return out;
}

// ——— Running and judging ———

const accepts = (schema: z.ZodType | undefined, value: unknown) => !schema || schema.safeParse(value).success;

/**
 * What the route must refuse: what its contract refuses, text PostgreSQL cannot store (a NUL, an
 * unpaired surrogate) anywhere, and bodies that do not parse.
 */
function mustRefuse(op: Operation, input: Input): boolean {
  if (input.body && !input.body.parseable) return true;
  if (findUnstorableText([input.params, input.query, input.body?.value])) return true;
  const c = op.contract;
  if (!c) return false;
  return !(
    accepts(c.params, input.params) &&
    accepts(c.query, input.query) &&
    accepts(c.body, input.body?.value)
  );
}

function urlOf(op: Operation, input: Input): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(input.params[name] ?? ''),
  );
  const query = Object.entries(input.query)
    .flatMap(([k, v]) => [v].flat().map((one) => `${encodeURIComponent(k)}=${encodeURIComponent(one)}`))
    .join('&');
  return `${op.base}${path}${query ? `?${query}` : ''}`;
}

const short = (text: string, max = 300) =>
  JSON.stringify(text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

type Answer = { statusCode: number; body: string };

function judge(res: Answer, refuse: boolean): string | undefined {
  if (res.statusCode >= 500) return 'a 5xx answer';
  if (res.statusCode >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      body = undefined;
    }
    if (!apiErrorSchema.safeParse(body).success) return 'an error answer outside the JSON error shape';
  }
  if (refuse && res.statusCode < 400) return 'invalid input accepted';
  return undefined;
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A call to an event stream, answered as soon as its head is written: an open stream is a 200
 * that never ends, so its body is left unread; any other answer is read whole.
 */
async function streamCall(
  client: TestClient,
  op: Operation,
  url: string,
  body: Body | undefined,
): Promise<Answer> {
  const res = await client.app.inject({
    method: op.method,
    url,
    remoteAddress: client.ip,
    payloadAsStream: true,
    headers: {
      ...(client.cookie ? { cookie: `${SESSION_COOKIE}=${client.cookie}` } : {}),
      ...(op.method !== 'GET' && client.token ? { [CSRF_HEADER]: client.token } : {}),
      ...(body ? { 'content-type': body.contentType } : {}),
    },
    ...(body ? { payload: body.text } : {}),
  });
  const stream = res.stream();
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    stream.destroy();
    return { statusCode: res.statusCode, body: '' };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { statusCode: res.statusCode, body: Buffer.concat(chunks).toString() };
}

/**
 * Fuzzes every operation of the app's OpenAPI document as `client` (signed in, with its CSRF
 * token). `renewSession` signs the client in again when a case (sign-out, say) ended its session.
 */
export async function fuzzApi(
  client: TestClient,
  opts: {
    seed: number;
    validRuns: number;
    renewSession: () => Promise<void>;
    /** A supplier's credential for the supplier calls (made again when a case rotated it away). */
    supplierCredential?: () => Promise<string>;
  },
): Promise<FuzzReport> {
  let credential: string | undefined;
  const started = Date.now();
  const doc = (await client.get('/api/docs/json')).json<OpenApiDocument>();
  const operations = operationsOf(doc, client);
  const failures: FuzzFailure[] = [];
  const statuses: Record<number, number> = {};
  let count = 0;
  for (const [i, op] of operations.entries()) {
    for (const { label, input } of cases(op, opts.seed + i * 7, opts.validRuns)) {
      count++;
      const url = urlOf(op, input);
      const supplierCall = op.contract?.auth === 'supplier';
      if (supplierCall && credential === undefined && opts.supplierCredential)
        credential = await opts.supplierCredential();
      // A supplier call carries the bearer credential; the dealer's cookie goes along and is ignored.
      const bearer = (): Record<string, string> =>
        supplierCall && credential ? { authorization: `Bearer ${credential}` } : {};
      const send = () =>
        within<Answer>(
          op.streams
            ? streamCall(client, op, url, input.body)
            : client.request(op.method, url, input.body?.text, {
                ...(input.body ? { 'content-type': input.body.contentType } : {}),
                ...bearer(),
              }),
          10_000,
        );
      let res = await send();
      if (res !== 'timeout' && res.statusCode === 401 && supplierCall && opts.supplierCredential) {
        credential = await opts.supplierCredential();
        res = await send();
      } else if (res !== 'timeout' && res.statusCode === 401 && op.contract?.auth !== 'public') {
        await opts.renewSession();
        res = await send();
      } else if (!client.cookie) await opts.renewSession();
      const request = `${op.method} ${short(url, 200)}${input.body ? ` ${input.body.contentType} ${short(input.body.text)}` : ''}`;
      if (res === 'timeout') {
        failures.push({
          operation: op.name,
          label,
          status: 'timeout',
          problem: 'no answer in 10 s',
          request,
          answer: '',
        });
        continue;
      }
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      const problem = judge(res, mustRefuse(op, input));
      if (problem)
        failures.push({
          operation: op.name,
          label,
          status: res.statusCode,
          problem,
          request,
          answer: short(res.body),
        });
    }
  }
  return { operations: operations.length, cases: count, statuses, failures, ms: Date.now() - started };
}

export const describeFailure = (f: FuzzFailure) =>
  `${f.operation} — ${f.label}: ${f.status}, ${f.problem}\n    request ${f.request}\n    answer  ${f.answer}`;
