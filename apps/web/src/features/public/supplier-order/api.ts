/**
 * The supplier's page calls: the supplier API (packages/contracts/src/supplier-orders/supplier-api.ts)
 * with the order link's id as the bearer credential (no cookie, no CSRF token). The types are the
 * contracts' own, imported as types only (erased from the bundle); no zod here: each answer's fields
 * are checked by hand and a wrong shape counts as a failed call (status 0).
 */
import type {
  SupplierLineChange,
  SupplierOrderHistoryEntry,
  SupplierOrderStatus,
  SupplierViewOrder,
} from '@slat/contracts';
import { PublicApiError } from '../api';

export type { SupplierLineChange, SupplierOrderHistoryEntry, SupplierOrderStatus, SupplierViewOrder };
export { PublicApiError };

export type SupplierMe = {
  manufacturerId: number;
  name: string;
  kind: 'TOKEN' | 'LINK';
  supplierOrderId: number | null;
};
export type HistoryPage = { data: SupplierOrderHistoryEntry[]; total: number };
export type AcknowledgeBody = {
  response: 'RECEIVED' | 'ACCEPTED' | 'ACCEPTED_WITH_CHANGES' | 'REJECTED';
  reason?: string;
  lineChanges?: SupplierLineChange[];
};
export type UpdateBody = {
  orderStatusId?: number;
  eta?: string | null;
  freight?: string | null;
  tracking?: { carrier: string; number: string; url: string };
  notes?: string;
};

type Check<T> = (value: unknown) => value is T;
type Checks<T> = { [K in keyof T]-?: (value: unknown) => boolean };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);
const isNullableInt = (v: unknown): v is number | null => v === null || Number.isInteger(v);
const optional =
  (check: (v: unknown) => boolean) =>
  (v: unknown): boolean =>
    v === undefined || check(v);
const oneOf =
  (...values: readonly string[]) =>
  (v: unknown): boolean =>
    typeof v === 'string' && values.includes(v);
const nullable =
  (check: (v: unknown) => boolean) =>
  (v: unknown): boolean =>
    v === null || check(v);

/** An object whose named fields pass their checks (extra fields are allowed and ignored). */
function shape<T>(checks: Checks<T>): Check<T> {
  return (v: unknown): v is T =>
    isObject(v) && Object.entries(checks).every(([key, check]) => (check as (x: unknown) => boolean)(v[key]));
}
const arrayOf =
  <T>(check: Check<T>) =>
  (v: unknown): v is T[] =>
    Array.isArray(v) && v.every(check);

const CORE_STATUSES = ['UNSTARTED', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'] as const;
const ACKNOWLEDGEMENTS = ['', 'RECEIVED', 'ACCEPTED', 'ACCEPTED_WITH_CHANGES', 'REJECTED'] as const;

const isStatus = shape<SupplierOrderStatus>({
  id: isInt,
  name: isString,
  coreStatus: oneOf(...CORE_STATUSES),
});
const isLineChange = shape<SupplierLineChange>({
  orderLineId: isInt,
  quantity: optional(isInt),
  size: optional(isString),
  date: optional(isString),
  note: optional(isString),
});
type Line = SupplierViewOrder['context']['orderLines'][number];
const isLine = shape<Line>({
  id: isInt,
  externalOrderLineId: isNullableString,
  manufacturerOrderId: isInt,
  windowGroupName: isString,
  productName: isString,
  notes: isString,
  quantity: isInt,
  sellPrice: isNullableString,
  configuration: shape<Line['configuration']>({
    width: isNullableString,
    height: isNullableString,
    siteMount: isString,
    options: arrayOf(shape<{ group: string; name: string }>({ group: isString, name: isString })),
  }),
});
type Revises = NonNullable<SupplierViewOrder['revises']>;

export const isSupplierViewOrder = shape<SupplierViewOrder>({
  id: isInt,
  orderId: isInt,
  manufacturerId: isInt,
  manufacturerName: isString,
  reference: isString,
  freight: isNullableString,
  eta: isNullableString,
  shippingInstructions: isString,
  trackingInformation: isString,
  tracking: shape<SupplierViewOrder['tracking']>({ carrier: isString, number: isString, url: isString }),
  createdAt: isString,
  updatedAt: isString,
  orderStatusId: isNullableInt,
  customerNotes: isString,
  acknowledgement: oneOf(...ACKNOWLEDGEMENTS),
  acknowledgedAt: isNullableString,
  rejectionReason: isString,
  lineChanges: arrayOf(isLineChange),
  context: shape<SupplierViewOrder['context']>({
    orderStatus: shape<SupplierViewOrder['context']['orderStatus']>({
      id: isNullableInt,
      name: isString,
      coreStatus: oneOf(...CORE_STATUSES),
    }),
    requiredDate: isNullableString,
    shippingAddress: isString,
    shippingMethod: nullable(shape<{ id: number; name: string }>({ id: isInt, name: isString })),
    orderLines: arrayOf(isLine),
  }),
  dealerName: isString,
  purchaseOrderNumber: isInt,
  revisionNumber: isInt,
  revises: nullable(
    shape<Revises>({
      supplierOrderId: isNullableInt,
      revisionNumber: isInt,
      changes: arrayOf(
        shape<Revises['changes'][number]>({
          kind: oneOf('ADDED', 'REMOVED', 'CHANGED'),
          description: isString,
        }),
      ),
    }),
  ),
  submittedAt: isNullableString,
  pdfUrl: isNullableString,
  statuses: arrayOf(isStatus),
});

export const isSupplierMe = shape<SupplierMe>({
  manufacturerId: isInt,
  name: isString,
  kind: oneOf('TOKEN', 'LINK'),
  supplierOrderId: isNullableInt,
});

type Entry = SupplierOrderHistoryEntry;
export const isHistoryPage = shape<HistoryPage>({
  data: arrayOf(
    shape<Entry>({
      id: isInt,
      createdAt: isString,
      created_at: isString,
      type: oneOf('order-update', 'order-line-split', 'order-dl'),
      employee: shape<Entry['employee']>({ fullName: isString }),
      source: oneOf('DEALER', 'SUPPLIER_API', 'SUPPLIER_LINK'),
      changes: arrayOf(
        shape<Entry['changes'][number]>({ field: isString, label: isString, old: isString, new: isString }),
      ),
    }),
  ),
  total: isInt,
});

/** The API's error body: {"error":{"code","message","fields":[{"path","message"}]}}. */
function errorOf(status: number, body: unknown): PublicApiError {
  const error = isObject(body) && isObject(body.error) ? body.error : undefined;
  const fields = Array.isArray(error?.fields)
    ? error.fields.filter(shape<{ path: string; message: string }>({ path: isString, message: isString }))
    : [];
  return new PublicApiError(status, isString(error?.message) ? error.message : `HTTP ${status}`, fields);
}

async function send(linkId: string, path: string, body: unknown, accept: string): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`/api/supplier/v1${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${linkId}`,
        accept,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      // the link is the only credential: a dealer's cookie on this browser must not ride along
      credentials: 'omit',
    });
  } catch {
    throw new PublicApiError(0, 'Network error');
  }
  if (!res.ok) throw errorOf(res.status, await res.json().catch(() => undefined));
  return res;
}

async function call<T>(check: Check<T>, linkId: string, path: string, body?: unknown): Promise<T> {
  const res = await send(linkId, path, body, 'application/json');
  const json: unknown = await res.json().catch(() => undefined);
  if (!check(json)) throw new PublicApiError(0, `Unexpected answer from ${path}`);
  return json;
}

/** The calls one order link may make; `linkId` is the id in the page's address. */
export function supplierApi(linkId: string) {
  return {
    me: () => call(isSupplierMe, linkId, '/me'),
    order: (id: number) => call(isSupplierViewOrder, linkId, `/orders/${id}`),
    history: (id: number, page = 1) => call(isHistoryPage, linkId, `/orders/${id}/history?page=${page}`),
    acknowledge: (id: number, body: AcknowledgeBody) =>
      call(isSupplierViewOrder, linkId, `/orders/${id}/acknowledge`, body),
    update: (id: number, body: UpdateBody) => call(isSupplierViewOrder, linkId, `/orders/${id}/update`, body),
    /** The purchase-order PDF as sent, as a blob (its address needs the bearer header). */
    pdf: async (id: number): Promise<Blob> =>
      (await send(linkId, `/orders/${id}/pdf`, undefined, 'application/pdf')).blob(),
  };
}
export type SupplierApi = ReturnType<typeof supplierApi>;
