import { describe, expect, it } from 'vitest';
import {
  clampPage,
  contactListSearch,
  contactPageSize,
  exportHref,
  mailtoHref,
  nextSort,
  pageCount,
  pageOffset,
  parseContactListParams,
  sortDirection,
  telHref,
} from './contact-list-logic';

describe('contact list paging', () => {
  it('shows 50 a page, 100 while searching', () => {
    expect(contactPageSize('')).toBe(50);
    expect(contactPageSize('ann')).toBe(100);
  });

  it('counts pages at the edges', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(1, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
    expect(pageCount(120, 50)).toBe(3);
    expect(pageCount(200, 100)).toBe(2);
  });

  it('turns a page into an offset', () => {
    expect(pageOffset(1, 50)).toBe(0);
    expect(pageOffset(3, 50)).toBe(100);
  });

  it('clamps a page past the end to the last page', () => {
    expect(clampPage(9, 120, 50)).toBe(3);
    expect(clampPage(2, 0, 50)).toBe(1);
    expect(clampPage(2, 120, 50)).toBe(2);
  });
});

describe('contact list URL parameters', () => {
  it('reads search, sort and page, ignoring what is not valid', () => {
    expect(parseContactListParams({ search: ' ann ', sort: '-email', page: '3' })).toEqual({
      search: 'ann',
      sort: '-email',
      page: 3,
    });
    expect(parseContactListParams({ sort: 'age', page: '0' })).toEqual({
      search: '',
      sort: undefined,
      page: 1,
    });
    expect(parseContactListParams({ page: '2.5' }).page).toBe(1);
  });

  it('writes only what differs from the defaults', () => {
    expect(contactListSearch({ search: '', sort: undefined, page: 1 })).toEqual({
      search: undefined,
      sort: undefined,
      page: undefined,
    });
    expect(contactListSearch({ search: 'ann', sort: 'name', page: 2 })).toEqual({
      search: 'ann',
      sort: 'name',
      page: '2',
    });
  });

  it('a column sorts ascending, then descending', () => {
    expect(nextSort(undefined, 'email')).toBe('email');
    expect(nextSort('email', 'email')).toBe('-email');
    expect(nextSort('-email', 'email')).toBe('email');
    expect(nextSort('-email', 'name')).toBe('name');
    expect(sortDirection('-email', 'email')).toBe('descending');
    expect(sortDirection('email', 'email')).toBe('ascending');
    expect(sortDirection('email', 'name')).toBeUndefined();
  });
});

describe('contact links and the export', () => {
  it('links an email with mailto: and a phone with tel: (digits, a leading + kept)', () => {
    expect(mailtoHref(' ann@example.com ')).toBe('mailto:ann@example.com');
    expect(mailtoHref("o'brien@example.com")).toBe("mailto:o'brien@example.com");
    expect(telHref('+61 412 000 111')).toBe('tel:+61412000111');
    expect(telHref('(02) 9000-1234')).toBe('tel:0290001234');
  });

  it('exports what the list shows: its search and sort, not its page', () => {
    expect(exportHref('/api', { search: '', sort: undefined, page: 3 })).toBe('/api/contacts/export');
    expect(exportHref('/api', { search: 'ann & co', sort: '-email', page: 2 })).toBe(
      '/api/contacts/export?search=ann+%26+co&sort=-email',
    );
  });
});
