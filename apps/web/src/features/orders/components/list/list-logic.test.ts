import type { PurchaseOrderListItem } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import { ordersListSearchSchema } from '../../search';
import {
  clampPage,
  clearedParams,
  dateRange,
  hasFilters,
  listFilters,
  newOrderSupplier,
  orderColumns,
  orderEtas,
  orderNumber,
  ordersListSearch,
  pageCount,
  pageOffset,
  parseOrdersListParams,
  REMEMBERED_KEYS,
  readRememberedFilters,
  rememberFilters,
  supplierStatuses,
} from './list-logic';

// 10:30 local time on 15 March 2026
const NOW = new Date(2026, 2, 15, 10, 30);

/** The URL's text as the router reads it, then as the page reads it. */
const fromUrl = (query: Record<string, string>) => parseOrdersListParams(ordersListSearchSchema.parse(query));

describe('orders list URL parameters', () => {
  it('opens on the past 30 days of non-archived orders of every status, supplier and rep', () => {
    const params = fromUrl({});
    expect(params).toEqual(clearedParams);
    expect(params.date).toBe('-30');
    expect(hasFilters(params)).toBe(false);
    expect(listFilters(params, NOW)).toEqual({
      dateFrom: '2026-02-13',
      dateTo: '2026-03-15',
      isArchived: false,
    });
  });

  it('reads every filter from the URL and writes it back the same', () => {
    const query = {
      search: 'smith',
      status: 'SUBMITTED',
      manufacturer: '7',
      rep: 'Dana Whitfield',
      date: '-90',
      archived: '1',
      page: '3',
    };
    const params = fromUrl(query);
    expect(params).toEqual({
      search: 'smith',
      status: 'SUBMITTED',
      manufacturer: 7,
      rep: 'Dana Whitfield',
      date: '-90',
      archived: true,
      page: 3,
    });
    expect(hasFilters(params)).toBe(true);
    expect(ordersListSearch(params)).toEqual({ ...query, manufacturer: 7, page: 3 });
  });

  it('leaves the defaults out of the URL', () => {
    expect(ordersListSearch(clearedParams)).toEqual({});
    expect(ordersListSearch({ ...clearedParams, date: '-7' })).toEqual({ date: '-7' });
  });

  it('drops what is not valid instead of failing the page', () => {
    const params = fromUrl({ status: 'LOST', manufacturer: 'abc', date: '-12', archived: 'yes', page: '0' });
    expect(params).toEqual(clearedParams);
  });

  it("asks for orders without a rep when rep is 'none'", () => {
    const params = fromUrl({ rep: 'none' });
    expect(listFilters(params, NOW)).toMatchObject({ salesRep: null });
    expect(ordersListSearch(params)).toEqual({ rep: 'none' });
  });

  it('asks for one rep by name, and for any rep without the parameter', () => {
    expect(listFilters(fromUrl({ rep: 'Sam Lee' }), NOW)).toMatchObject({ salesRep: 'Sam Lee' });
    expect(listFilters(fromUrl({}), NOW)).not.toHaveProperty('salesRep');
  });

  it('shows only archived orders with archived=1', () => {
    expect(listFilters(fromUrl({ archived: '1' }), NOW).isArchived).toBe(true);
    expect(listFilters(fromUrl({}), NOW).isArchived).toBe(false);
  });

  it('sends status, supplier and search as the filters name them', () => {
    expect(listFilters(fromUrl({ status: 'OPEN', manufacturer: '3', search: ' 1042 ' }), NOW)).toEqual({
      search: '1042',
      status: 'OPEN',
      manufacturerId: 3,
      dateFrom: '2026-02-13',
      dateTo: '2026-03-15',
      isArchived: false,
    });
  });
});

describe('date presets', () => {
  it('counts the past N days back from today in the browser calendar', () => {
    expect(dateRange('-7', NOW)).toEqual({ dateFrom: '2026-03-08', dateTo: '2026-03-15' });
    expect(dateRange('-30', NOW)).toEqual({ dateFrom: '2026-02-13', dateTo: '2026-03-15' });
    expect(dateRange('-90', NOW)).toEqual({ dateFrom: '2025-12-15', dateTo: '2026-03-15' });
    expect(dateRange('-365', NOW)).toEqual({ dateFrom: '2025-03-15', dateTo: '2026-03-15' });
  });

  it("spans 2000-01-01 to 2050-01-01 for 'all'", () => {
    expect(dateRange('all', NOW)).toEqual({ dateFrom: '2000-01-01', dateTo: '2050-01-01' });
  });

  it('keeps the local day just before midnight', () => {
    const lateEvening = new Date(2026, 2, 15, 23, 59, 59);
    expect(dateRange('-7', lateEvening)).toEqual({ dateFrom: '2026-03-08', dateTo: '2026-03-15' });
    const justAfter = new Date(2026, 2, 16, 0, 0, 1);
    expect(dateRange('-7', justAfter).dateTo).toBe('2026-03-16');
  });
});

describe('remembered rep and supplier', () => {
  const memory = () => {
    const values = new Map<string, string>();
    return {
      values,
      get: (key: string) => values.get(key) ?? null,
      set: (key: string, value: string) => void values.set(key, value),
      remove: (key: string) => void values.delete(key),
    };
  };

  it('applies the remembered ones when the URL names none', () => {
    const store = memory();
    rememberFilters(store, { rep: 'none', manufacturer: 4 });
    const remembered = readRememberedFilters(store);
    expect(remembered).toEqual({ rep: 'none', manufacturer: 4 });
    expect(parseOrdersListParams({}, remembered)).toMatchObject({ rep: 'none', manufacturer: 4 });
  });

  it('lets the URL win over what is remembered', () => {
    const params = parseOrdersListParams(
      { rep: 'Sam Lee', manufacturer: 9 },
      { rep: 'none', manufacturer: 4 },
    );
    expect(params).toMatchObject({ rep: 'Sam Lee', manufacturer: 9 });
  });

  it('forgets a choice set back to any, and keeps what the change does not name', () => {
    const store = memory();
    rememberFilters(store, { rep: 'Sam Lee', manufacturer: 4 });
    rememberFilters(store, { rep: null });
    expect(readRememberedFilters(store)).toEqual({ rep: null, manufacturer: 4 });
    rememberFilters(store, clearedParams);
    expect(store.values.size).toBe(0);
  });

  it('ignores a stored supplier that is not an id', () => {
    const store = memory();
    store.set(REMEMBERED_KEYS.manufacturer, 'Coastline');
    expect(readRememberedFilters(store).manufacturer).toBeNull();
  });
});

describe('paging', () => {
  it('shows 50 orders a page', () => {
    expect(pageOffset(1)).toBe(0);
    expect(pageOffset(3)).toBe(100);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
  });

  it('shows a page past the end as the last one', () => {
    expect(clampPage(9, 120)).toBe(3);
    expect(clampPage(2, 0)).toBe(1);
  });
});

const order = (context: Partial<PurchaseOrderListItem['context']> = {}) => ({
  context: { manufacturerOrders: [], offlineManufacturerOrders: [], ...context },
});

describe('columns', () => {
  it('shows the Supplier column only with the multi-supplier permission', () => {
    expect(orderColumns(true)).toContain('supplier');
    expect(orderColumns(false)).not.toContain('supplier');
    expect(orderColumns(false)).toEqual([
      'order',
      'status',
      'supplierStatus',
      'eta',
      'sidemark',
      'salesRep',
      'products',
      'total',
      'created',
    ]);
  });

  it("numbers an order by its tuid, with 'Rev n' for a revision", () => {
    expect(orderNumber({ tuid: 1042, revisionNumber: 1 })).toEqual({ number: '#1042', revision: null });
    expect(orderNumber({ tuid: 1042, revisionNumber: 3 })).toEqual({ number: '#1042', revision: 'Rev 3' });
  });

  it("shows an online supplier order's core status and an offline one's own text", () => {
    const statuses = supplierStatuses(
      order({
        manufacturerOrders: [{ id: 1, eta: null, status: 'IN_PROGRESS', coreStatus: 'IN_PROGRESS' }],
        offlineManufacturerOrders: [
          { id: 'a', eta: null, status: ' Cutting fabric ', coreStatus: 'UNSTARTED' },
          { id: 'b', eta: null, status: '', coreStatus: 'COMPLETED' },
        ],
      }),
    );
    expect(statuses).toEqual([
      { kind: 'core', coreStatus: 'IN_PROGRESS' },
      { kind: 'offline', text: 'Cutting fabric', coreStatus: 'UNSTARTED' },
      { kind: 'core', coreStatus: 'COMPLETED' },
    ]);
    expect(supplierStatuses(order())).toEqual([]);
  });

  it('lists the ETAs earliest first, each once', () => {
    const etas = orderEtas(
      order({
        manufacturerOrders: [
          { id: 1, eta: '2026-04-02T00:00:00.000Z', status: 'x', coreStatus: 'UNSTARTED' },
        ],
        offlineManufacturerOrders: [
          { id: 'a', eta: '2026-03-30', status: '', coreStatus: 'UNSTARTED' },
          { id: 'b', eta: '2026-04-02', status: '', coreStatus: 'UNSTARTED' },
          { id: 'c', eta: null, status: '', coreStatus: 'UNSTARTED' },
        ],
      }),
    );
    expect(etas).toEqual(['2026-03-30', '2026-04-02']);
  });
});

describe('the New order supplier', () => {
  const three = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it('is fixed to the only supplier', () => {
    expect(newOrderSupplier([{ id: 5 }], true, null)).toEqual({ supplierId: 5, editable: false });
  });

  it('is fixed without the multi-supplier permission, even with several suppliers', () => {
    expect(newOrderSupplier(three, false, 3)).toEqual({ supplierId: 1, editable: false });
  });

  it("is chosen with the permission and several suppliers, starting at the list's supplier", () => {
    expect(newOrderSupplier(three, true, 2)).toEqual({ supplierId: 2, editable: true });
    expect(newOrderSupplier(three, true, 99)).toEqual({ supplierId: null, editable: true });
    expect(newOrderSupplier(three, true, null)).toEqual({ supplierId: null, editable: true });
  });

  it('is none without suppliers', () => {
    expect(newOrderSupplier([], true, null)).toEqual({ supplierId: null, editable: false });
  });
});
