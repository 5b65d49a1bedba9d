import { CONTACTS_PAGE_SIZE, CONTACTS_SEARCH_PAGE_SIZE } from '../../../config/constants';
import { type ContactSort, contactListSearchSchema } from '../search';

export type ContactColumn = 'name' | 'email' | 'phone';

/** The list's state as the URL keeps it: search, sort and the 1-based page. */
export type ContactListParams = { search: string; sort: ContactSort | undefined; page: number };

export function parseContactListParams(raw: Record<string, unknown>): ContactListParams {
  const { search, sort, page } = contactListSearchSchema.parse(raw);
  return { search: search?.trim() ?? '', sort, page: page ?? 1 };
}

/** Back to URL parameters; defaults are left out so /contacts stays clean. */
export function contactListSearch(params: ContactListParams): {
  search: string | undefined;
  sort: ContactSort | undefined;
  page: string | undefined;
} {
  return {
    search: params.search || undefined,
    sort: params.sort,
    page: params.page > 1 ? String(params.page) : undefined,
  };
}

/** The list's URL parameters, as links to the list and the modals over it carry them. */
export type ContactListSearch = ReturnType<typeof contactListSearch>;

/** The list's parameters a modal over it keeps, to go back to the same page of the list. */
export const contactListSearchFrom = (raw: Record<string, unknown>) =>
  contactListSearch(parseContactListParams(raw));

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

/** A mailto: link to an address (the address as typed, encoded where a URL needs it). */
export const mailtoHref = (email: string): string => `mailto:${encodeURI(email.trim())}`;

/** A tel: link: the digits of the number, with a leading + kept (RFC 3966), spaces and dashes left out. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/** The export of what the list shows: its search and sort (every page of it). */
export function exportHref(base: string, params: ContactListParams): string {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.sort) query.set('sort', params.sort);
  const text = query.toString();
  return `${base}/contacts/export${text ? `?${text}` : ''}`;
}
