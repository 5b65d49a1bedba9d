import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { importCatalog, linkAccountToSupplier } from '../src/modules/catalog/index';
import { createDealer, signedInClient, type TestApp, TestClient } from './harness';
import { ok, rollerSupplier } from './quote-fixtures';

// Submit, revision and PO PDF tests: a dealer with three suppliers of their own — online,
// offline-only and an internal workroom — each with a roller blind (mm grid 300–1200, cost
// 100.00 for up to 600 × 600), a courier and a pick-up method; orders made through the API.

export type SupplierKind = 'online' | 'offline' | 'internal';
export type TestSupplier = {
  id: number;
  key: string;
  name: string;
  email: string;
  productId: number;
  courierId: number;
  pickupId: number;
};

/** A catalog file's supplier of this kind (import it again with other `rows` for a newer catalog). */
export function kindSupplier(key: string, label: string, kind: SupplierKind, rows?: string[][]) {
  return {
    ...rollerSupplier(key, label, rows),
    email: `${key}@suppliers.example`,
    offlineOnly: kind === 'offline',
    isInternal: kind === 'internal',
    shippingMethods: [
      { name: 'Courier', address: null },
      { name: 'Pick up', address: '2 Depot Road, Alexandria NSW 2015' },
    ],
  };
}

async function addSupplier(
  t: TestApp,
  accountId: number,
  label: string,
  kind: SupplierKind,
): Promise<TestSupplier> {
  const key = `${label.toLowerCase()}-${kind}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const name = `${label} ${kind}`;
  await importCatalog(t.db, { suppliers: [kindSupplier(key, name, kind)] });
  await linkAccountToSupplier(t.db, accountId, key);
  const { rows } = await t.pool.query<{ id: number; product_id: number }>(
    `SELECT s.id, p.id AS product_id FROM manufacturers s JOIN products p ON p.manufacturer_id = s.id WHERE s.key = $1`,
    [key],
  );
  const methods = await t.pool.query<{ id: number; name: string }>(
    `SELECT id, name FROM shipping_methods WHERE manufacturer_id = $1`,
    [rows[0]!.id],
  );
  const method = (n: string) => methods.rows.find((m) => m.name === n)!.id;
  return {
    id: rows[0]!.id,
    key,
    name: `${name} Supplier`,
    email: `${key}@suppliers.example`,
    productId: rows[0]!.product_id,
    courierId: method('Courier'),
    pickupId: method('Pick up'),
  };
}

/** A signed-in dealer with an online, an offline-only and an internal supplier. */
export async function submitDealer(t: TestApp, label: string) {
  const dealer = await createDealer(t.db, { company: `${label} Blinds Pty Ltd` });
  const client = await signedInClient(t, dealer);
  const suppliers = {
    online: await addSupplier(t, dealer.accountId, label, 'online'),
    offline: await addSupplier(t, dealer.accountId, label, 'offline'),
    internal: await addSupplier(t, dealer.accountId, label, 'internal'),
  };
  return { dealer, client, suppliers, label };
}
export type SubmitDealer = Awaited<ReturnType<typeof submitDealer>>;

export type LineSpec = { window: string; width: number; height: number; quantity?: number };

/** An open order of the supplier with these lines (each in its window, windows made once); its ids. */
export async function orderWithLines(d: SubmitDealer, supplier: TestSupplier, lines: LineSpec[]) {
  const { client } = d;
  const order = ok(
    await client.post('/api/old/quotes', { manufacturer_id: supplier.id, sidemark: `${d.label} sidemark` }),
  ).data as { id: number; tuid: number };
  const windows = new Map<string, number>();
  const lineIds: { windowId: number; lineId: number }[] = [];
  for (const line of lines) {
    let windowId = windows.get(line.window);
    if (windowId === undefined) {
      windowId = ok(
        await client.post(`/api/old/quotes/${order.id}/windows`, {
          order_windows: [{ order_id: order.id, name: line.window }],
        }),
      ).data[0].id as number;
      windows.set(line.window, windowId);
    }
    const added = ok(
      await client.post(`/api/old/quotes/${order.id}/windows/${windowId}/products`, {
        product_id: supplier.productId,
        width: line.width,
        height: line.height,
        unit: 'mm',
        ...(line.quantity ? { quantity: line.quantity } : {}),
      }),
    );
    lineIds.push({ windowId, lineId: added.order_window_product_id as number });
  }
  return { ...order, lineIds };
}

/** The order's detail (GET /purchaseorder/{id}). */
export const readOrder = async (client: TestClient, id: number) =>
  ok(await client.get(`/api/purchaseorder/${id}`));

/** A valid submit body for the supplier: its courier, an address, the earliest allowed date. */
export async function reviewBody(d: SubmitDealer, orderId: number, supplier: TestSupplier) {
  const order = await readOrder(d.client, orderId);
  return {
    required_date: order.context.minRequiredDate as string,
    shipping_method_id: supplier.courierId,
    shipping_address: '7 Delivery Lane, Newtown NSW 2042',
    shipping_instructions: 'Call on arrival',
  };
}

/** POST /old/quotes/{id}/convert (submit). */
export const submit = (client: TestClient, id: number, body: unknown) =>
  client.post(`/api/old/quotes/${id}/convert`, body);

/** The 400's field errors as path → message. */
export function fieldsOf(res: LightMyRequestResponse): Record<string, string> {
  expect(res.statusCode, res.body).toBe(400);
  const fields = (res.json().error?.fields ?? []) as { path: string; message: string }[];
  return Object.fromEntries(fields.map((f) => [f.path, f.message]));
}

/** A client with the dealer's session cookie but no CSRF token (a forged request: 419). */
export function withoutToken(t: TestApp, client: TestClient): TestClient {
  const c = new TestClient(t.app);
  c.cookie = client.cookie;
  return c;
}

/** dd/MM/yyyy, as the SPA shows a yyyy-MM-dd date. */
export const shown = (date: string) => date.split('-').reverse().join('/');

/** yyyy-MM-dd `days` after another. */
export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
