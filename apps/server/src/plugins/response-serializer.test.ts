import * as contracts from '@slat/contracts';
import { dealQuoteSchema, orderLineSchema } from '@slat/contracts';
import fc from 'fast-check';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileResponseWriter, responseSerializerCompiler } from './response-serializer';

// The response serializer must answer exactly what fastify-type-provider-zod's serializer
// answers (zod encode, then JSON.stringify) for every contract's response, valid or not: the
// same JSON bytes, or the same error. These properties drive both with values made from each
// schema: valid ones, ones with undeclared fields and keys in any order, and ones with a wrong
// value somewhere (wrong types, NaN, infinities, -0, fractions where integers are declared, lone
// surrogates and characters JSON escapes).

type AnySchema = z.ZodType;
type Def = {
  type: string;
  shape?: Record<string, AnySchema>;
  element?: AnySchema;
  innerType?: AnySchema;
  keyType?: AnySchema;
  valueType?: AnySchema;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: AnySchema[];
  checks?: { _zod: { def: { check: string; format?: string } } }[];
};
const defOf = (s: AnySchema) => (s as unknown as { _zod: { def: Def } })._zod.def;

const endpoints = Object.entries(contracts).flatMap(([name, value]) => {
  const e = value as { method?: unknown; path?: unknown; response?: unknown };
  return e &&
    typeof e === 'object' &&
    typeof e.method === 'string' &&
    typeof e.path === 'string' &&
    e.response
    ? [{ name, schema: e.response as AnySchema }]
    : [];
});

const compile = (compiler: typeof zodSerializerCompiler, schema: AnySchema) =>
  compiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as Parameters<typeof compiler>[0]);

/** What a serializer answers for a value: its JSON, or its error's class and message. */
function outcome(serialize: (data: unknown) => unknown, value: unknown) {
  try {
    const out = serialize(value);
    return { json: Buffer.isBuffer(out) ? out.toString('utf8') : out };
  } catch (error) {
    const e = error as Error;
    return { error: e.constructor.name, message: e.message, cause: String((e as { cause?: unknown }).cause) };
  }
}

const awkwardString = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom(
    '',
    '"',
    '\\',
    '\n',
    '\u0000',
    '\u001f',
    '\u2028',
    '\ud800',
    'a\udc00b',
    'Ł—ó',
    '😀',
    '__proto__',
  ),
);
const awkwardNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(
    0,
    -0,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.MAX_SAFE_INTEGER,
    2 ** 53,
    -(2 ** 53),
  ),
  fc.double(),
);
/** Anything, for a wrong value. */
const wrong = fc.oneof(
  fc.anything({ maxDepth: 1 }),
  fc.constantFrom(undefined, null, Number.NaN, '1', 1, true, [], {}, new Date(0), 10n),
);

/** Values shaped by a schema, mostly valid. */
function arbitraryOf(schema: AnySchema, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const valid = validOf(def, depth);
  // Now and then a wrong value instead, anywhere in the tree.
  return fc.oneof({ weight: 30, arbitrary: valid }, { weight: 1, arbitrary: wrong });
}

function validOf(def: Def, depth: number): fc.Arbitrary<unknown> {
  switch (def.type) {
    case 'string':
      // A format-checked string: mostly one the format takes (uuid), now and then anything.
      return def.checks?.length
        ? fc.oneof(fc.uuid(), fc.constant('00000000-0000-0000-0000-000000000000'), awkwardString)
        : awkwardString;
    case 'record':
      return fc
        .record({
          entries: fc.dictionary(
            fc.oneof(awkwardString, fc.constantFrom('1', '10', '2', 'constructor')),
            arbitraryOf(def.valueType!, depth + 1),
            { maxKeys: 4 },
          ),
          proto: fc.constantFrom('plain', 'plain', 'plain', 'null', 'class'),
          symbol: fc.boolean(),
          hidden: fc.boolean(),
        })
        .map(({ entries, proto, symbol, hidden }) => {
          const target: Record<string | symbol, unknown> =
            proto === 'null' ? Object.create(null) : proto === 'class' ? new (class Row {})() : {};
          for (const [k, v] of Object.entries(entries))
            Object.defineProperty(target, k, {
              value: v,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          if (symbol && hidden) target[Symbol('s')] = 1;
          else if (hidden) Object.defineProperty(target, 'hidden', { value: 1, enumerable: false });
          return target;
        });
    case 'number':
      return def.checks?.length
        ? fc.oneof({ weight: 8, arbitrary: fc.integer() }, { weight: 1, arbitrary: awkwardNumber })
        : awkwardNumber;
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'nullable':
      return fc.oneof(fc.constant(null), arbitraryOf(def.innerType!, depth));
    case 'optional':
      return fc.oneof(fc.constant(undefined), arbitraryOf(def.innerType!, depth));
    case 'array':
      return depth > 4 ? fc.constant([]) : fc.array(arbitraryOf(def.element!, depth + 1), { maxLength: 3 });
    case 'object': {
      const keys = Object.keys(def.shape ?? {});
      return fc
        .record({
          fields: fc.tuple(...keys.map((k) => arbitraryOf(def.shape![k]!, depth + 1))),
          // A declared optional key left out, or present with undefined.
          absent: fc.array(fc.boolean(), { minLength: keys.length, maxLength: keys.length }),
          extra: fc.option(fc.dictionary(awkwardString, fc.anything({ maxDepth: 1 }), { maxKeys: 3 })),
          reversed: fc.boolean(),
          proto: fc.constantFrom('plain', 'plain', 'plain', 'null', 'class'),
        })
        .map(({ fields, absent, extra, reversed, proto }) => {
          const entries: [string, unknown][] = keys.flatMap((k, i) =>
            fields[i] === undefined && absent[i] ? [] : [[k, fields[i]] as [string, unknown]],
          );
          if (extra) entries.push(...Object.entries(extra));
          if (reversed) entries.reverse();
          const target: Record<string, unknown> =
            proto === 'null' ? Object.create(null) : proto === 'class' ? new (class Row {})() : {};
          for (const [k, v] of entries)
            Object.defineProperty(target, k, {
              value: v,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          return target;
        });
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => arbitraryOf(o, depth)));
    default:
      // Parts the fast writer leaves to zod (records, tuples, refinements…): anything at all.
      return fc.anything({ maxDepth: 2 });
  }
}

describe('response serializer', () => {
  it('covers the contracts: the quote detail and most responses are written in one pass', () => {
    expect(endpoints.length).toBeGreaterThan(70);
    expect(compileResponseWriter(dealQuoteSchema)).toBeDefined();
    // The board's list: records of column counts, cards with a uuid contact id.
    expect(compileResponseWriter(contracts.listDeals.response)).toBeDefined();
    // The purchase-order list: supplier order ids are a union of an integer and a string.
    expect(compileResponseWriter(contracts.listPurchaseOrders.response)).toBeDefined();
    const fast = endpoints.filter((e) => compileResponseWriter(e.schema));
    expect(fast.length / endpoints.length).toBeGreaterThan(0.6);
  });

  it('answers what the zod serializer answers for every contract response, valid or not', () => {
    for (const { name, schema } of endpoints) {
      const viaZod = compile(zodSerializerCompiler, schema);
      const viaFast = compile(responseSerializerCompiler as typeof zodSerializerCompiler, schema);
      fc.assert(
        fc.property(arbitraryOf(schema), (value) => {
          expect(outcome(viaFast, value), name).toEqual(outcome(viaZod, value));
        }),
        { numRuns: 60 },
      );
    }
  }, 120_000);

  it('writes only declared fields, in declared order, and refuses a wrong value as zod does', () => {
    const schema = z.object({
      id: z.number().int(),
      name: z.string(),
      note: z.string().optional(),
      size: z.object({ value: z.string(), unit: z.enum(['mm', 'in']) }).nullable(),
      tags: z.array(z.object({ code: z.literal('A'), n: z.number() })),
    });
    const serialize = compile(responseSerializerCompiler as typeof zodSerializerCompiler, schema);
    const out = (v: unknown) => outcome(serialize, v);
    const value = {
      secret: 'password hash',
      tags: [{ n: 1.5, code: 'A', secret: 1 }],
      size: { unit: 'mm', value: '1200', secret: true },
      name: 'Blind',
      id: 7,
      note: undefined,
    };
    expect(out(value)).toEqual({
      json: '{"id":7,"name":"Blind","size":{"value":"1200","unit":"mm"},"tags":[{"code":"A","n":1.5}]}',
    });
    // A class instance with toJSON is copied, not asked for its own JSON.
    class Sneaky {
      id = 1;
      name = 'x';
      size = null;
      tags = [];
      toJSON() {
        return { leaked: true };
      }
    }
    expect(out(new Sneaky())).toEqual({ json: '{"id":1,"name":"x","size":null,"tags":[]}' });
    for (const bad of [
      { ...value, id: 1.5 },
      { ...value, id: Number.NaN },
      { ...value, name: null },
      { ...value, size: { value: '1', unit: 'cm' } },
      { ...value, tags: [{ code: 'B', n: 1 }] },
      { ...value, tags: [{ code: 'A', n: Number.POSITIVE_INFINITY }] },
      { ...value, note: 5 },
    ]) {
      const result = out(bad);
      expect(result.error).toBe('ResponseSerializationError');
      expect(result).toEqual(outcome(compile(zodSerializerCompiler, schema), bad));
    }
  });

  it('writes a union of scalars as its first option that takes the value, and leaves other unions to zod', () => {
    const schema = z.object({
      id: z.union([z.number().int(), z.string()]),
      tag: z.union([z.literal('A'), z.null(), z.enum(['B', 'C'])]).nullable(),
    });
    expect(compileResponseWriter(schema)).toBeDefined();
    const serialize = compile(responseSerializerCompiler as typeof zodSerializerCompiler, schema);
    const viaZod = compile(zodSerializerCompiler, schema);
    for (const value of [
      { id: 7, tag: 'A' },
      { tag: null, id: '7', extra: 1 },
      { id: 1.5, tag: 'B' },
      { id: 7, tag: 'D' },
      { id: true, tag: null },
      { id: Number.NaN, tag: 'C' },
    ])
      expect(outcome(serialize, value)).toEqual(outcome(viaZod, value));
    expect(outcome(serialize, { id: '7', tag: 'C' })).toEqual({ json: '{"id":"7","tag":"C"}' });
    // Unions whose options' copies could differ from the value, and exclusive ones, stay with zod.
    expect(compileResponseWriter(z.union([z.object({ a: z.string() }), z.string()]))).toBeUndefined();
    expect(compileResponseWriter(z.xor([z.string(), z.number()]))).toBeUndefined();
    expect(
      compileResponseWriter(
        z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]),
      ),
    ).toBeUndefined();
  });

  it('writes a quote line with undeclared fields at every level exactly as zod does, without them', () => {
    const line = {
      id: 1,
      orderId: 2,
      windowGroupName: 'Level 1/Room 1/Window',
      orderWindowId: 3,
      externalOrderLineId: null,
      quantity: 2,
      costPrice: '10.50',
      sellPrice: '14.70',
      notes: 'Ł "quoted" \\ —',
      siteMount: '',
      isTaxable: true,
      hasFreight: false,
      hasInstallation: false,
      manufacturerId: 4,
      dimensions: {
        width: { value: '36.375', unit: 'in', display: '36 3/8"', undeclaredA: 1 },
        height: null,
      },
      context: {
        configuration: {
          width: '36 3/8"',
          height: null,
          optionGroups: [
            {
              name: 'Fabric',
              options: [
                { value: 'f', itemName: 'F', price: '0', quantity: 2, type: 'FABRIC', undeclaredB: 9 },
              ],
            },
          ],
        },
        errors: [{ code: 'BAD_SIZE', message: 'Specified width/height is not allowed.', undeclaredC: 'x' }],
        product: {
          id: 5,
          name: 'Roller',
          hasWidth: true,
          hasHeight: true,
          hasQuantity: true,
          categoryName: 'Blinds',
          brandName: 'Aria',
          disableFineFractions: false,
          undeclaredD: { priceGrid: [1, 2, 3] },
        },
        unitCostPrice: '5.25',
        markup: { type: 'PERCENT_MARK_UP', value: '40', source: 'ACCOUNT', undeclaredE: 9 },
        catalogVersion: { id: 6, number: 1, isLatest: true },
      },
      undeclaredF: 9,
    };
    const schema = z.object({ data: orderLineSchema });
    const fast = compile(responseSerializerCompiler as typeof zodSerializerCompiler, schema)({ data: line });
    const json = Buffer.isBuffer(fast) ? fast.toString('utf8') : String(fast);
    expect(json).toBe(compile(zodSerializerCompiler, schema)({ data: line }));
    expect(json).not.toContain('undeclared');
    expect(json).not.toContain('priceGrid');
  });
});
