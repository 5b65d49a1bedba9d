import type { LightMyRequestResponse } from 'fastify';
import { linkAccountToSupplier } from '../src/modules/catalog/index';
import { issueSupplierToken } from '../src/modules/supplier-orders/index';
import type { TestApp } from './harness';
import {
  orderWithLines,
  reviewBody,
  type SubmitDealer,
  submit,
  submitDealer,
  type TestSupplier,
} from './purchase-order-submit-fixtures';
import { ok } from './quote-fixtures';

// Supplier-order tests: dealers with submitted purchase orders, and suppliers answering them
// through the supplier API with a token or an order link.

export const TWO_LINES = [
  { window: 'Home/Lounge', width: 500, height: 500, quantity: 2 },
  { window: 'Home/Bedroom', width: 900, height: 900 },
];

/** A submitted order of the supplier: the purchase order's id, its lines and its supplier order's id. */
export async function submittedOrder(t: TestApp, d: SubmitDealer, supplier: TestSupplier) {
  const o = await orderWithLines(d, supplier, TWO_LINES);
  ok(await submit(d.client, o.id, await reviewBody(d, o.id, supplier)));
  const { rows } = await t.pool.query<{ id: number }>(
    'SELECT id FROM supplier_orders WHERE order_id = $1 AND manufacturer_id = $2',
    [o.id, supplier.id],
  );
  return {
    orderId: o.id,
    tuid: o.tuid,
    lineIds: o.lineIds.map((l) => l.lineId),
    supplierOrderId: rows[0]!.id,
  };
}

/** A dealer that also deals with another dealer's supplier. */
export async function dealerOf(t: TestApp, label: string, alsoSupplier?: TestSupplier) {
  const d = await submitDealer(t, label);
  if (alsoSupplier) await linkAccountToSupplier(t.db, d.dealer.accountId, alsoSupplier.key);
  return d;
}

export async function tokenFor(t: TestApp, supplier: { id: number }): Promise<string> {
  return (await issueSupplierToken(t.db, supplier.id)).token;
}

/** A supplier API call with a bearer credential (no cookie, no CSRF token). */
export function asSupplier(t: TestApp, credential: string | undefined) {
  const call = (method: 'GET' | 'POST', url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: `/api/supplier/v1${url}`,
      headers: {
        ...(credential ? { authorization: `Bearer ${credential}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, body: unknown = {}) => call('POST', url, body),
  };
}

/** The number of history entries of a supplier order. */
export async function historyCount(t: TestApp, supplierOrderId: number): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM supplier_order_history WHERE supplier_order_id = $1',
    [supplierOrderId],
  );
  return rows[0]!.n;
}
