import type { OrderLine, PurchaseOrder, RevisionChange } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import {
  canReopen,
  emptyProducts,
  filterLines,
  groupChoices,
  reopenedAtOnce,
  reviewBlock,
  revisionChangeTitle,
  revisionFieldText,
} from './detail-logic';

/** Only what the detail's rules read of a line: its id, window group and errors. */
function line(id: number, group: string, errors: OrderLine['context']['errors'] = []): OrderLine {
  return { id, windowGroupName: group, quantity: 1, context: { errors } } as unknown as OrderLine;
}

const badSize = [
  { code: 'BAD_SIZE', message: 'Specified width/height is not allowed.' },
] as OrderLine['context']['errors'];

function order(
  over: Partial<PurchaseOrder> & { offlineOnly?: boolean; pending?: boolean } = {},
): PurchaseOrder {
  const { offlineOnly = true, pending = false, ...fields } = over;
  const base = {
    id: 40,
    tuid: 1007,
    revisionNumber: 1,
    status: 'SUBMITTED',
    isArchived: false,
    isReadOnly: true,
    totalQuantity: 2,
    submittedAt: '2026-11-27T10:00:00.000Z',
    context: {
      supplier: { offlineOnly },
      pendingUpdates: { hasPendingUpdates: pending, orderUpdates: {}, products: [] },
    },
  } as unknown as PurchaseOrder;
  return { ...base, ...fields };
}

describe('the Products filters', () => {
  const lines = [
    line(1, 'House / Lounge'),
    line(2, '', badSize),
    line(3, 'House / Bed 1', badSize),
    line(4, '  '),
  ];

  it('Problems keeps only the lines with errors; All keeps every line', () => {
    expect(filterLines(lines, 'problems', null).map((l) => l.id)).toEqual([2, 3]);
    expect(filterLines(lines, 'all', null).map((l) => l.id)).toEqual([1, 2, 3, 4]);
  });

  it('the window-group filter keeps one group, and (None) the lines without a group', () => {
    expect(filterLines(lines, 'all', 'House / Lounge').map((l) => l.id)).toEqual([1]);
    expect(filterLines(lines, 'all', '').map((l) => l.id)).toEqual([2, 4]);
    expect(filterLines(lines, 'problems', '').map((l) => l.id)).toEqual([2]);
  });

  it('offers (None) first only when a line has no group, then the groups sorted', () => {
    expect(groupChoices(lines)).toEqual(['', 'House / Bed 1', 'House / Lounge']);
    expect(groupChoices([line(1, 'B'), line(2, 'A'), line(3, 'B')])).toEqual(['A', 'B']);
  });
});

describe('the Products empty states', () => {
  it('an order without lines: none added (read-only) or none added yet (open)', () => {
    expect(emptyProducts({ isReadOnly: true }, 0, 0)).toBe('emptyNoProducts');
    expect(emptyProducts({ isReadOnly: false }, 0, 0)).toBe('emptyNoProductsYet');
  });

  it('a filter that lets nothing through says no product matched; lines shown need no empty state', () => {
    expect(emptyProducts({ isReadOnly: false }, 3, 0)).toBe('emptyNoMatch');
    expect(emptyProducts({ isReadOnly: false }, 3, 1)).toBeNull();
  });
});

describe('Reopen order', () => {
  it('is offered only for a submitted, non-archived order of an offline-only supplier', () => {
    expect(canReopen(order())).toBe(true);
    expect(canReopen(order({ offlineOnly: false }))).toBe(false);
    expect(canReopen(order({ isArchived: true }))).toBe(false);
    expect(canReopen(order({ status: 'OPEN', isReadOnly: false }))).toBe(false);
  });

  it('shows the order Open and editable at once, leaving the order it came from untouched (to roll back to)', () => {
    const submitted = order();
    const shown = reopenedAtOnce(submitted);
    expect(shown).toMatchObject({ status: 'OPEN', isReadOnly: false, submittedAt: null, id: 40, tuid: 1007 });
    expect(submitted).toMatchObject({ status: 'SUBMITTED', isReadOnly: true });
  });
});

describe('the Review button', () => {
  it('is blocked when read-only, with zero quantity or with pending updates, in that order', () => {
    expect(reviewBlock(order())).toBe('readOnly');
    const open = { status: 'OPEN' as const, isReadOnly: false };
    expect(reviewBlock(order({ ...open, totalQuantity: 0, pending: true }))).toBe('zeroQuantity');
    expect(reviewBlock(order({ ...open, pending: true }))).toBe('pendingUpdates');
    expect(reviewBlock(order(open))).toBeNull();
  });
});

describe('the revision changes', () => {
  const kindName = (kind: RevisionChange['kind']) =>
    ({ ADDED: 'Added', REMOVED: 'Removed', CHANGED: 'Changed' })[kind];
  const change = (over: Partial<RevisionChange>): RevisionChange => ({
    kind: 'CHANGED',
    lineId: 9,
    previousLineId: 4,
    windowGroupName: 'House / Lounge',
    productName: 'Roller Blind — Blockout',
    fields: [],
    ...over,
  });

  it('names the kind, the product and its window group (none when it has no group)', () => {
    expect(revisionChangeTitle(change({}), kindName)).toBe(
      'Changed: Roller Blind — Blockout (House / Lounge)',
    );
    expect(revisionChangeTitle(change({ kind: 'ADDED', windowGroupName: ' ' }), kindName)).toBe(
      'Added: Roller Blind — Blockout',
    );
  });

  it('shows a changed field as before → after, an empty value as a dash', () => {
    expect(revisionFieldText({ field: 'Quantity', before: '1', after: '3' })).toBe('Quantity: 1 → 3');
    expect(revisionFieldText({ field: 'Notes', before: '', after: 'Fit high' })).toBe('Notes: — → Fit high');
  });
});
