import { describe, expect, it } from 'vitest';
import { describeRevisionChange, historyEntryOf, money2, trackingLine } from './supplier-order-views';
import type { HistoryRow } from './supplier-orders.repository';

describe('supplier-order values shown as text', () => {
  it('shows money with exactly 2 decimals, without going through a float', () => {
    expect(money2('12.5')).toBe('12.50');
    expect(money2('7')).toBe('7.00');
    expect(money2('0012.05')).toBe('12.05');
    expect(money2('999999999999.99')).toBe('999999999999.99');
  });

  it('shows tracking as one line, leaving out empty parts', () => {
    expect(trackingLine({ carrier: 'TNT', number: 'T1', url: 'https://t.example/T1' })).toBe(
      'TNT · T1 · https://t.example/T1',
    );
    expect(trackingLine({ carrier: '', number: 'T1', url: '' })).toBe('T1');
    expect(trackingLine({ carrier: ' ', number: '', url: '' })).toBe('');
  });

  it('names statuses and methods in history, in the tracked fields’ order, with blanks for none', () => {
    const row: HistoryRow = {
      id: 3,
      created_at: '2030-01-02 03:04:05.678+00',
      type: 'order-update',
      source: 'SUPPLIER_API',
      actor_name: 'Acme (supplier)',
      changes: {
        total_freight_override: { old: null, new: '9.5' },
        order_status_id: { old: 1, new: 2 },
        eta: { old: '2030-01-01', new: null },
        shipping_method_id: { old: null, new: 7 },
        acknowledgement: { old: '', new: 'ACCEPTED_WITH_CHANGES' },
      },
    };
    const entry = historyEntryOf(row, {
      statuses: new Map([
        [1, 'Received'],
        [2, 'In production'],
      ]),
      methods: new Map([[7, 'Courier']]),
    });
    expect(entry).toMatchObject({
      id: 3,
      createdAt: '2030-01-02T03:04:05.678Z',
      created_at: '2030-01-02T03:04:05.678Z',
      employee: { fullName: 'Acme (supplier)' },
    });
    expect(entry.changes.map((c) => [c.label, c.old, c.new])).toEqual([
      ['ETA', '2030-01-01', ''],
      ['Status', 'Received', 'In production'],
      ['Freight', '', '9.50'],
      ['Acknowledgement', '', 'Accepted with changes'],
      ['Shipping method', '', 'Courier'],
    ]);
  });

  it("describes a revision's change in one line", () => {
    const base = { lineId: 1, previousLineId: 2, windowGroupName: 'Home/Lounge', productName: 'Roller' };
    expect(describeRevisionChange({ ...base, kind: 'ADDED', fields: [] })).toBe('Added Home/Lounge · Roller');
    expect(describeRevisionChange({ ...base, kind: 'REMOVED', fields: [] })).toBe(
      'Removed Home/Lounge · Roller',
    );
    expect(
      describeRevisionChange({
        ...base,
        kind: 'CHANGED',
        fields: [
          { field: 'Quantity', before: '1', after: '2' },
          { field: 'Width', before: '500 mm', after: '600 mm' },
        ],
      }),
    ).toBe('Home/Lounge · Roller: Quantity 1 → 2, Width 500 mm → 600 mm');
  });
});
