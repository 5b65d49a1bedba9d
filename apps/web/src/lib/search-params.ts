import { z } from 'zod';

/**
 * Search params are plain strings (no JSON coercion: a reset token of digits stays a string);
 * routes type theirs with zod (`validateSearch`).
 */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr.startsWith('?') ? searchStr.slice(1) : searchStr));
}

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A route's text parameter in its `validateSearch` schema: the URL's string, or nothing. Pages
 * read the meaning (trimmed text, slugs, ids) from it, so a hand-edited link still opens.
 */
export const searchText = z.string().optional().catch(undefined);
