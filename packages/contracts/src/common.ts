import { z } from 'zod';

/** The largest id a row can have: ids are PostgreSQL `integer` (int4) columns. */
export const MAX_ID = 2147483647;

/** A row id in a JSON body: a whole number from 1 to 2³¹−1 (a larger one can name no row). */
export const idSchema = z.number().int().min(1).max(MAX_ID);

/** The one spelling of an id on the wire: decimal digits without a sign or leading zero. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/;

const idParamWith = (message: string) =>
  z
    // The wire is always text; the browser's own calls build their paths from numbers.
    .union([z.string({ error: message }).regex(CANONICAL_ID, message), z.number({ error: message })], {
      error: message,
    })
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(MAX_ID, message));

const ID_MESSAGE = 'Must be a whole number id (digits only, no leading zero)';
/** Built once and shared (a schema is immutable): the 40-odd paths with an id each built their own. */
const defaultIdParam = idParamWith(ID_MESSAGE);

/**
 * A row id in a path or query parameter (text on the wire), with the same bounds. Only the
 * canonical decimal form is an id: `0x10`, `1e0`, ` 1`, `+1` and `01` would each name another
 * spelling of a number, so they answer 400 rather than quietly addressing row 16 or 1.
 */
export const idParam = (message = ID_MESSAGE) =>
  message === ID_MESSAGE ? defaultIdParam : idParamWith(message);

/** `/:id` paths. */
export const idParams = z.object({ id: idParam() });

export const textMessages = {
  nul: 'Text cannot contain NUL characters',
  surrogate: 'Text must be valid Unicode (it has an unpaired surrogate)',
} as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why a string cannot be stored, or undefined when it can: PostgreSQL text and JSONB hold no NUL
 * character, and JSONB refuses an unpaired UTF-16 surrogate (text would silently change it to
 * U+FFFD). The server applies this to every string of every request (names, values, keys).
 */
export function unstorableText(value: string): string | undefined {
  if (value.includes('\u0000')) return textMessages.nul;
  if (LONE_SURROGATE.test(value)) return textMessages.surrogate;
  return undefined;
}

type Node = { value: unknown; key?: string | number; parent?: Node };

function pathOf(node: Node): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n: Node | undefined = node; n?.parent; n = n.parent) path.push(n.key!);
  return path.reverse();
}

/**
 * The first string inside `value` (keys included) that cannot be stored, with its path. Walks
 * with its own stack: a body of 5,000 nested arrays is only JSON, not a reason to overflow.
 */
export function findUnstorableText(
  value: unknown,
): { path: (string | number)[]; message: string } | undefined {
  const stack: Node[] = [{ value }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const v = node.value;
    if (typeof v === 'string') {
      const message = unstorableText(v);
      if (message) return { path: pathOf(node), message };
    } else if (v !== null && typeof v === 'object') {
      const children = Array.isArray(v) ? v.map((item, i) => [i, item] as const) : Object.entries(v);
      for (const [key, item] of children.reverse()) {
        const message = typeof key === 'string' ? unstorableText(key) : undefined;
        if (message) return { path: pathOf({ value: key, key, parent: node }), message };
        stack.push({ value: item, key, parent: node });
      }
    }
  }
  return undefined;
}
