import { CONTACTS_PAGE_SIZE, CONTACTS_SEARCH_PAGE_SIZE } from '../../../config/constants';

export const CONTACT_SORTS = ['name', '-name', 'email', '-email', 'phone', '-phone'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];
export type ContactColumn = 'name' | 'email' | 'phone';

/** The list's state as the URL keeps it: search, sort and the 1-based page. */
export type ContactListParams = { search: string; sort: ContactSort | undefined; page: number };

export function parseContactListParams(raw: Record<string, unknown>): ContactListParams {
  const search = typeof raw.search === 'string' ? raw.search.trim() : '';
  const sort = CONTACT_SORTS.includes(raw.sort as ContactSort) ? (raw.sort as ContactSort) : undefined;
  const page = Number(raw.page);
  return { search, sort, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** Back to URL parameters; defaults are left out so /contacts stays clean. */
export function contactListSearch(params: ContactListParams): Record<string, string | undefined> {
  return {
    search: params.search || undefined,
    sort: params.sort,
    page: params.page > 1 ? String(params.page) : undefined,
  };
}

/** §9: 50 a page, 100 while searching. */
export const contactPageSize = (search: string): number =>
  search ? CONTACTS_SEARCH_PAGE_SIZE : CONTACTS_PAGE_SIZE;

/** At least one page, even when nothing was found. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / pageSize));

export const pageOffset = (page: number, pageSize: number): number => (page - 1) * pageSize;

/** A page past the end (contacts deleted, a hand-edited URL) shows the last one. */
export const clampPage = (page: number, total: number, pageSize: number): number =>
  Math.min(Math.max(1, page), pageCount(total, pageSize));

/** Clicking a column: ascending first, then descending, then ascending again. */
export function nextSort(current: ContactSort | undefined, column: ContactColumn): ContactSort {
  return current === column ? (`-${column}` as ContactSort) : column;
}

export function sortDirection(current: ContactSort | undefined, column: ContactColumn) {
  if (current === column) return 'ascending' as const;
  if (current === `-${column}`) return 'descending' as const;
  return undefined;
}
