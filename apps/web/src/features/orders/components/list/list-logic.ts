import type { PurchaseOrderListItem, PurchaseOrderStatus, SupplierCoreStatus } from '@slat/contracts';
import { addDays, format } from 'date-fns';
import type { OrderDatePreset, OrdersListSearch } from '../../search';

/** The list's page size. */
export const ORDERS_PAGE_SIZE = 50;
/** §9: the search waits for typing to pause. */
export const ORDERS_SEARCH_DEBOUNCE_MS = 400;
/** §9: the default date filter, the past 30 days. */
export const DEFAULT_DATE_PRESET: OrderDatePreset = '-30';
/** The rep filter's value for orders without a sales rep ('None'). */
export const REP_NONE = 'none';

/** The list's filters as the page uses them (the URL's parameters with their defaults). */
export type OrdersListParams = {
  search: string;
  status: PurchaseOrderStatus | null;
  /** A supplier's id; null: every supplier. */
  manufacturer: number | null;
  /** A rep's name, REP_NONE for orders without one; null: any rep. */
  rep: string | null;
  date: OrderDatePreset;
  archived: boolean;
  page: number;
};

/** The last sales rep and supplier chosen, kept in this browser (§2). */
export type RememberedFilters = { rep: string | null; manufacturer: number | null };

/**
 * The URL's parameters read with their defaults; a rep or supplier the URL does not name is the
 * remembered one.
 */
export function parseOrdersListParams(
  search: OrdersListSearch,
  remembered: RememberedFilters = { rep: null, manufacturer: null },
): OrdersListParams {
  const rep = search.rep?.trim();
  return {
    search: search.search?.trim() ?? '',
    status: search.status ?? null,
    manufacturer: search.manufacturer ?? remembered.manufacturer,
    rep: rep ? rep : remembered.rep,
    date: search.date ?? DEFAULT_DATE_PRESET,
    archived: search.archived === '1',
    page: search.page ?? 1,
  };
}

/** The URL's parameters for the filters: defaults are left out, so /orders is the default list. */
export function ordersListSearch(params: OrdersListParams): OrdersListSearch {
  return {
    ...(params.search ? { search: params.search } : {}),
    ...(params.status ? { status: params.status } : {}),
    ...(params.manufacturer !== null ? { manufacturer: params.manufacturer } : {}),
    ...(params.rep !== null ? { rep: params.rep } : {}),
    ...(params.date !== DEFAULT_DATE_PRESET ? { date: params.date } : {}),
    ...(params.archived ? { archived: '1' as const } : {}),
    ...(params.page > 1 ? { page: params.page } : {}),
  };
}

/** Whether any filter narrows the list beyond the defaults (the empty state then offers to clear them). */
export function hasFilters(params: OrdersListParams): boolean {
  return (
    params.search !== '' ||
    params.status !== null ||
    params.manufacturer !== null ||
    params.rep !== null ||
    params.date !== DEFAULT_DATE_PRESET ||
    params.archived
  );
}

/** The defaults: every filter cleared (the date back to the past 30 days). */
export const clearedParams: OrdersListParams = {
  search: '',
  status: null,
  manufacturer: null,
  rep: null,
  date: DEFAULT_DATE_PRESET,
  archived: false,
  page: 1,
};

const dayOf = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * A preset's days in the browser's calendar: '-N' is the past N days up to today, 'all' spans
 * 2000-01-01 to 2050-01-01 (§9).
 */
export function dateRange(
  preset: OrderDatePreset,
  now: Date = new Date(),
): { dateFrom: string; dateTo: string } {
  if (preset === 'all') return { dateFrom: '2000-01-01', dateTo: '2050-01-01' };
  return { dateFrom: dayOf(addDays(now, Number(preset))), dateTo: dayOf(now) };
}

/** The body's filters of POST /purchaseorder for the list's parameters. */
export function listFilters(params: OrdersListParams, now: Date = new Date()) {
  return {
    ...(params.search ? { search: params.search } : {}),
    ...(params.status ? { status: params.status } : {}),
    ...(params.manufacturer !== null ? { manufacturerId: params.manufacturer } : {}),
    ...(params.rep === REP_NONE ? { salesRep: null } : params.rep !== null ? { salesRep: params.rep } : {}),
    ...dateRange(params.date, now),
    // the archived toggle shows the archived orders instead of the others
    isArchived: params.archived,
  };
}

export const pageCount = (total: number, pageSize: number = ORDERS_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / pageSize));

export const pageOffset = (page: number, pageSize: number = ORDERS_PAGE_SIZE) => (page - 1) * pageSize;

/** A page past the end (the list shrank, a hand-edited URL) shows as the last one. */
export const clampPage = (page: number, total: number, pageSize: number = ORDERS_PAGE_SIZE) =>
  Math.min(Math.max(1, page), pageCount(total, pageSize));

/** The Order column: '#1042', and 'Rev 2' after it for a revision. */
export function orderNumber(order: Pick<PurchaseOrderListItem, 'tuid' | 'revisionNumber'>): {
  number: string;
  revision: string | null;
} {
  return {
    number: `#${order.tuid}`,
    revision: order.revisionNumber > 1 ? `Rev ${order.revisionNumber}` : null,
  };
}

/** What the Supplier status column shows of one supplier order. */
export type SupplierStatus =
  | { kind: 'core'; coreStatus: SupplierCoreStatus }
  | { kind: 'offline'; text: string; coreStatus: SupplierCoreStatus };

/**
 * The Supplier status column: an online supplier order's core status, an offline one's free
 * text as the dealer typed it (or its core status when the dealer typed none).
 */
export function supplierStatuses(order: Pick<PurchaseOrderListItem, 'context'>): SupplierStatus[] {
  return [
    ...order.context.manufacturerOrders.map(
      (o): SupplierStatus => ({ kind: 'core', coreStatus: o.coreStatus }),
    ),
    ...order.context.offlineManufacturerOrders.map(
      (o): SupplierStatus =>
        o.status.trim()
          ? { kind: 'offline', text: o.status.trim(), coreStatus: o.coreStatus }
          : { kind: 'core', coreStatus: o.coreStatus },
    ),
  ];
}

/** The ETA column: the supplier orders' ETAs (yyyy-MM-dd), the earliest first, without repeats. */
export function orderEtas(order: Pick<PurchaseOrderListItem, 'context'>): string[] {
  const etas = [...order.context.manufacturerOrders, ...order.context.offlineManufacturerOrders]
    .map((o) => o.eta?.slice(0, 10))
    .filter((eta): eta is string => Boolean(eta));
  return [...new Set(etas)].sort();
}

/** The table's columns, in §2's order; Supplier only with the multi-supplier permission. */
export const ORDER_COLUMNS = [
  'order',
  'status',
  'supplierStatus',
  'eta',
  'supplier',
  'sidemark',
  'salesRep',
  'products',
  'total',
  'created',
] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

export function orderColumns(multiSupplier: boolean): OrderColumn[] {
  return ORDER_COLUMNS.filter((column) => column !== 'supplier' || multiSupplier);
}

/**
 * The supplier a new order is for: the only one, the remembered filter's when it is one of
 * them, else none chosen yet. The choice is editable only with the permission and several suppliers.
 */
export function newOrderSupplier(
  suppliers: { id: number }[],
  multiSupplier: boolean,
  preferred: number | null,
): { supplierId: number | null; editable: boolean } {
  const editable = multiSupplier && suppliers.length > 1;
  if (suppliers.length === 0) return { supplierId: null, editable: false };
  if (!editable) return { supplierId: suppliers[0]?.id ?? null, editable };
  const known = suppliers.some((s) => s.id === preferred);
  return { supplierId: known ? preferred : null, editable };
}

/** Where the last sales rep and supplier filters are kept (localStorage). */
export const REMEMBERED_KEYS = { rep: 'slat.orders.rep', manufacturer: 'slat.orders.manufacturer' } as const;

type KeyValueStore = {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
};

/** The remembered rep and supplier; a stored supplier that is not an id is ignored. */
export function readRememberedFilters(store: KeyValueStore): RememberedFilters {
  const rep = store.get(REMEMBERED_KEYS.rep)?.trim() || null;
  const id = Number(store.get(REMEMBERED_KEYS.manufacturer));
  return { rep, manufacturer: Number.isInteger(id) && id > 0 ? id : null };
}

/** A rep or supplier the dealer chose is remembered; choosing 'any' forgets it. */
export function rememberFilters(store: KeyValueStore, change: Partial<OrdersListParams>): void {
  if ('rep' in change) {
    if (change.rep) store.set(REMEMBERED_KEYS.rep, change.rep);
    else store.remove(REMEMBERED_KEYS.rep);
  }
  if ('manufacturer' in change) {
    if (change.manufacturer) store.set(REMEMBERED_KEYS.manufacturer, String(change.manufacturer));
    else store.remove(REMEMBERED_KEYS.manufacturer);
  }
}
