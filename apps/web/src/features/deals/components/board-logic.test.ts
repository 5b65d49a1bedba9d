import type { Deal, Workflow } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import '../strings';
import {
  activeFilterCount,
  filterChips,
  filtersToListQuery,
  filtersToSearch,
  nextSort,
  parseBoardFilters,
  parseSort,
  presetSummary,
  presetToSearch,
  searchToPreset,
  sortDirection,
} from './board-filters';
import {
  type ColumnData,
  columnCount,
  columnDeals,
  insertIntoColumn,
  planMove,
  removeFromColumn,
} from './board-logic';

const deal = (id: number, statusId: number, sortOrder: string): Deal => ({
  id,
  tuid: id,
  name: `Deal ${id}`,
  description: '',
  workflowId: 1,
  statusId,
  sortOrder,
  contactId: null,
  contact: null,
  isArchived: false,
  createdAt: '',
  updatedAt: '',
  context: {
    workflow: { id: 1, name: 'Residential', slug: 'residential' },
    status: { id: statusId, name: '', slug: '', phase: 'New' },
    flagValues: [],
    alerts: [],
    alertWeight: 0,
    quoteCount: 0,
    orderCount: 0,
  },
});

const column = (deals: Deal[], counts: Record<string, number>): ColumnData => ({
  pages: [
    { data: deals.slice(0, 2), total: deals.length, counts },
    { data: deals.slice(2), total: deals.length, counts },
  ],
  pageParams: [0, 2],
});

const [a, b, c, d] = [deal(1, 10, '1'), deal(2, 10, '2'), deal(3, 10, '3'), deal(4, 10, '4')] as [
  Deal,
  Deal,
  Deal,
  Deal,
];
const [x, y] = [deal(5, 20, '1'), deal(6, 20, '2')] as [Deal, Deal];

describe('planMove', () => {
  it('across columns: lands above the card it is dropped on (belowId: the card above)', () => {
    expect(planMove(a, [x, y], 20, 1)).toMatchObject({
      dealId: 1,
      currentStatusId: 10,
      targetStatusId: 20,
      belowId: 5,
      belowSortOrder: '1',
    });
    expect(planMove(a, [x, y], 20, 0)).toMatchObject({ belowId: null, belowSortOrder: null });
    expect(planMove(a, [x, y], 20, null)).toMatchObject({ belowId: 6 });
    expect(planMove(a, [], 20, null)).toMatchObject({ belowId: null });
  });

  it('within a column: takes the index of the card it is over, down or up', () => {
    // A over C: B, C, A, D
    expect(planMove(a, [a, b, c, d], 10, 2)).toMatchObject({ belowId: 3 });
    // D over B: A, D, B, C
    expect(planMove(d, [a, b, c, d], 10, 1)).toMatchObject({ belowId: 1 });
    // D to the top
    expect(planMove(d, [a, b, c, d], 10, 0)).toMatchObject({ belowId: null });
  });

  it('a drop where it already is changes nothing', () => {
    expect(planMove(b, [a, b, c, d], 10, 1)).toBeNull();
    expect(planMove(d, [a, b, c, d], 10, null)).toBeNull();
  });
});

describe('optimistic reorder and rollback', () => {
  const counts = { 10: 4, 20: 2 };
  const source = column([a, b, c, d], counts);
  const target = column([x, y], counts);

  it('moves the card out of one column and in below the right card of the other, counts following', () => {
    const move = planMove(b, [x, y], 20, 1)!;
    const from = removeFromColumn(source, move);
    const to = insertIntoColumn(target, b, move);
    expect(columnDeals(from).map((d) => d.id)).toEqual([1, 3, 4]);
    expect(columnDeals(to).map((d) => d.id)).toEqual([5, 2, 6]);
    expect(columnDeals(to)[1]?.statusId).toBe(20);
    expect(columnCount(from, 10)).toBe(3);
    expect(columnCount(to, 20)).toBe(3);
  });

  it('reorders within a column without changing its count', () => {
    const move = planMove(a, [a, b, c, d], 10, 2)!;
    const reordered = insertIntoColumn(source, a, move);
    expect(columnDeals(reordered).map((d) => d.id)).toEqual([2, 3, 1, 4]);
    expect(columnCount(reordered, 10)).toBe(4);
    // a column the filters leave empty has no key in counts: 0, not unknown
    expect(columnCount(reordered, 99)).toBe(0);
    expect(columnCount(undefined, 10)).toBeUndefined();
  });

  it('the snapshot it started from is untouched, so a rollback restores the board exactly', () => {
    const before = JSON.stringify([source, target]);
    const move = planMove(a, [x, y], 20, 0)!;
    removeFromColumn(source, move);
    insertIntoColumn(target, a, move);
    expect(JSON.stringify([source, target])).toBe(before);
  });
});

const workflow: Workflow = {
  id: 1,
  name: 'Residential',
  slug: 'residential',
  isActive: true,
  isEditable: true,
  statuses: [
    { id: 10, name: 'New Enquiry', slug: 'new-enquiry', phase: 'New' },
    { id: 11, name: 'Quoted', slug: 'quoted', phase: 'Quoting' },
  ],
  flags: [
    {
      id: 1,
      name: 'Payment',
      slug: 'payment',
      values: [
        { id: 1, slug: 'none', label: 'None', appearance: 'default' },
        { id: 2, slug: 'deposit-paid', label: 'Deposit Paid', appearance: 'info' },
      ],
    },
  ],
};

describe('URL filters', () => {
  it('reads search, status slugs joined by |, phase, alerts and one parameter per flag slug', () => {
    const filters = parseBoardFilters(
      {
        search: ' smith ',
        status: 'new-enquiry|quoted|gone',
        phase: 'Quoting',
        alerts: 'warning',
        payment: 'deposit-paid|bogus',
        unrelated: 'x',
      },
      workflow,
    );
    expect(filters).toEqual({
      search: 'smith',
      status: ['new-enquiry', 'quoted'],
      phase: 'Quoting',
      alerts: 'warning',
      flags: { payment: ['deposit-paid'] },
      archived: false,
    });
    expect(activeFilterCount(filters)).toBe(4);
  });

  it('drops what the workflow does not know', () => {
    expect(parseBoardFilters({ phase: 'Later', alerts: 'all', payment: 'nope' }, workflow)).toEqual({
      search: '',
      status: [],
      phase: null,
      alerts: null,
      flags: {},
      archived: false,
    });
  });

  it('round-trips through the URL and maps flags to the list call', () => {
    const search = { search: 'smith', status: 'quoted', phase: 'Quoting', payment: 'none|deposit-paid' };
    const filters = parseBoardFilters(search, workflow);
    expect(filtersToSearch(filters)).toEqual(search);
    expect(filtersToListQuery(filters)).toEqual({
      search: 'smith',
      status: 'quoted',
      phase: 'Quoting',
      'flag.payment': 'none|deposit-paid',
    });
  });

  it('presets keep a readable query string', () => {
    expect(searchToPreset({ status: 'new-enquiry|quoted', alerts: 'any' })).toBe(
      'status=new-enquiry|quoted&alerts=any',
    );
    expect(presetToSearch('?status=new-enquiry|quoted&alerts=any')).toEqual({
      status: 'new-enquiry|quoted',
      alerts: 'any',
    });
  });
});

describe('filter chips', () => {
  it('names every active filter, each removable on its own, archived included', () => {
    const filters = parseBoardFilters(
      { status: 'new-enquiry|quoted', phase: 'Quoting', alerts: 'warning', payment: 'none', archived: 'all' },
      workflow,
    );
    const chips = filterChips(filters, workflow, i18n.t);
    expect(chips.map((c) => c.label)).toEqual([
      'Status: New Enquiry, Quoted',
      'Phase: Quoting',
      'Alerts: With warnings',
      'Payment: None',
      'Including archived deals',
    ]);
    for (const chip of chips) {
      expect(activeFilterCount(chip.without)).toBe(activeFilterCount(filters) - 1);
      expect(filterChips(chip.without, workflow, i18n.t).map((c) => c.key)).not.toContain(chip.key);
    }
    expect(filterChips(parseBoardFilters({ search: 'smith' }, workflow), workflow, i18n.t)).toEqual([]);
  });

  it('says what a preset shows in words, the query string only underneath', () => {
    expect(presetSummary('status=quoted&payment=deposit-paid&sort=-updated', workflow, i18n.t)).toBe(
      'Status: Quoted · Payment: Deposit Paid · Sorted by Updated (descending)',
    );
    expect(presetSummary('search=smith', workflow, i18n.t)).toBe('Search: smith');
    expect(presetSummary('', workflow, i18n.t)).toBe('All deals');
    expect(presetSummary('bogus=1&status=gone', workflow, i18n.t)).toBe('All deals');
  });
});

describe('table sort', () => {
  it('reads a known column or flag from the URL, either direction; anything else is the board order', () => {
    expect(parseSort('name', workflow)).toBe('name');
    expect(parseSort('-updated', workflow)).toBe('-updated');
    expect(parseSort('flag:payment', workflow)).toBe('flag:payment');
    expect(parseSort('flag:install', workflow)).toBeNull();
    expect(parseSort('name;drop', workflow)).toBeNull();
    expect(parseSort(undefined, workflow)).toBeNull();
  });

  it('a header cycles ascending, descending, board order; aria-sort follows', () => {
    expect(nextSort(null, 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBeNull();
    expect(nextSort('-name', 'contact')).toBe('contact');
    expect(sortDirection('-name', 'name')).toBe('descending');
    expect(sortDirection('name', 'name')).toBe('ascending');
    expect(sortDirection('name', 'contact')).toBe('none');
  });
});
