import { type Deal, supplierOrderMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_ALERTS_CRON, refreshSupplierAlertCounts } from '../src/modules/deals/index';
import { createTestApp, type TestApp } from './harness';
import {
  orderWithLines,
  reviewBody,
  type SubmitDealer,
  submit,
  submitDealer,
  type TestSupplier,
} from './purchase-order-submit-fixtures';
import { ok } from './quote-fixtures';

// The deal shows what its orders' suppliers say (status and ETA), and warns when an online
// supplier has not acknowledged an order within 2 working days or an open order is past its ETA.

let t: TestApp;
let d: SubmitDealer;
let other: SubmitDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await submitDealer(t, 'Alerted');
  other = await submitDealer(t, 'Unbothered');
});
afterAll(async () => {
  await t?.close();
});

const query = async <T extends object>(text: string, params: unknown[] = []) =>
  (await t.pool.query<T>(text, params)).rows;

/** A deal with a quote, and a submitted order of the supplier converted from that quote. */
async function dealWithSubmittedOrder(dealer: SubmitDealer, supplier: TestSupplier, extra: object = {}) {
  const workflow = ok(await dealer.client.get('/api/workflows'))[0] as { id: number };
  const deal = ok(
    await dealer.client.post('/api/deals', { workflowId: workflow.id, name: 'Kitchen blinds' }),
  );
  const quoteId = ok(
    await dealer.client.post(`/api/deals/${deal.id}/quotes/legacy/add`, { description: 'All rooms' }),
  ).id as number;
  const order = await orderWithLines(dealer, supplier, [{ window: 'Home/Kitchen', width: 600, height: 600 }]);
  // As if converted from the quote (converting needs an accepted quote; the link is what matters here).
  await query('UPDATE purchase_orders SET source_quote_id = $1 WHERE order_id = $2', [quoteId, order.id]);
  ok(await submit(dealer.client, order.id, { ...(await reviewBody(dealer, order.id, supplier)), ...extra }));
  return { dealId: deal.id as number, workflowId: workflow.id, orderId: order.id, tuid: order.tuid };
}

const readDeal = async (dealer: SubmitDealer, id: number): Promise<Deal> =>
  ok(await dealer.client.get(`/api/deals/${id}`));
const alertsOf = async (dealer: SubmitDealer, id: number) =>
  (await readDeal(dealer, id)).context.alerts
    .filter((a) => a.key.startsWith('supplier-'))
    .map((a) => ({ key: a.key, type: a.type, content: a.content }));
const setSupplierOrder = (orderId: number, set: string) =>
  query(`UPDATE supplier_orders SET ${set} WHERE order_id = $1`, [orderId]);
/** A date `days` from today in the company's time zone (yyyy-MM-dd). */
const dayFromToday = async (accountId: number, days: number) =>
  (
    await query<{ day: string }>(
      `SELECT to_char((now() AT TIME ZONE COALESCE(
          (SELECT timezone FROM companies WHERE account_id = $1), 'UTC'))::date + $2::int, 'YYYY-MM-DD') AS day`,
      [accountId, days],
    )
  )[0]!.day;
const storedWarnings = async (dealId: number) =>
  (await query<{ w: number }>('SELECT alert_warnings AS w FROM deals WHERE id = $1', [dealId]))[0]!.w;

const NOT_ACKNOWLEDGED = {
  key: 'supplier-not-acknowledged',
  type: 'warning',
  content: supplierOrderMessages.notAcknowledgedAlert,
};
const PAST_ETA = { key: 'supplier-past-eta', type: 'warning', content: supplierOrderMessages.pastEtaAlert };

describe("the deal's supplier orders", () => {
  it('shows each order’s supplier status and ETA', async () => {
    const made = await dealWithSubmittedOrder(d, d.suppliers.online);
    const [so] = await query<{ id: number }>('SELECT id FROM supplier_orders WHERE order_id = $1', [
      made.orderId,
    ]);
    expect((await readDeal(d, made.dealId)).context.supplierOrders).toEqual([
      {
        id: so!.id,
        orderId: made.orderId,
        orderTuid: made.tuid,
        manufacturerName: d.suppliers.online.name,
        isOffline: false,
        coreStatus: 'UNSTARTED',
        status: '',
        acknowledgement: '',
        eta: null,
      },
    ]);
    const [shipped] = await query<{ id: number }>(
      `SELECT id FROM supplier_order_statuses WHERE manufacturer_id IS NULL AND name = 'Shipped'`,
    );
    await setSupplierOrder(
      made.orderId,
      `order_status_id = ${shipped!.id}, core_status = 'COMPLETED', eta = '2030-05-06', acknowledgement = 'ACCEPTED'`,
    );
    expect((await readDeal(d, made.dealId)).context.supplierOrders).toMatchObject([
      { coreStatus: 'COMPLETED', status: 'Shipped', acknowledgement: 'ACCEPTED', eta: '2030-05-06' },
    ]);
    // The board's cards carry it too.
    const board = ok(await d.client.get(`/api/deals?workflowId=${made.workflowId}`)) as { data: Deal[] };
    expect(board.data.find((x) => x.id === made.dealId)?.context.supplierOrders).toHaveLength(1);
  });

  it("shows an offline-only supplier's order with the status the dealer typed", async () => {
    const made = await dealWithSubmittedOrder(d, d.suppliers.offline, {
      offline_supplier_order: { reference: 'PH-7', orderStatus: 'Phoned through', eta: '2031-02-03' },
    });
    expect((await readDeal(d, made.dealId)).context.supplierOrders).toMatchObject([
      { isOffline: true, status: 'Phoned through', eta: '2031-02-03' },
    ]);
  });

  it('shows another dealer none of them', async () => {
    const made = await dealWithSubmittedOrder(d, d.suppliers.online);
    expect((await other.client.get(`/api/deals/${made.dealId}`)).statusCode).toBe(404);
  });
});

describe('the supplier alerts on the deal', () => {
  it('warns when the supplier has not acknowledged the order within 2 working days', async () => {
    const made = await dealWithSubmittedOrder(d, d.suppliers.online);
    // Just submitted: the supplier has time.
    expect(await alertsOf(d, made.dealId)).toEqual([]);
    // Submitted 9 days ago: at least 5 working days have passed, whatever today is.
    await query(`UPDATE purchase_orders SET submitted_at = now() - interval '9 days' WHERE order_id = $1`, [
      made.orderId,
    ]);
    expect(await alertsOf(d, made.dealId)).toEqual([NOT_ACKNOWLEDGED]);
    // Any answer ends it, a rejection too.
    await setSupplierOrder(made.orderId, `acknowledgement = 'RECEIVED', acknowledged_at = now()`);
    expect(await alertsOf(d, made.dealId)).toEqual([]);
    await setSupplierOrder(made.orderId, `acknowledgement = 'REJECTED', rejection_reason = 'Discontinued'`);
    expect(await alertsOf(d, made.dealId)).toEqual([]);
  });

  it('does not warn about an unanswered order once it is cancelled or completed', async () => {
    const made = await dealWithSubmittedOrder(d, d.suppliers.online);
    await query(`UPDATE purchase_orders SET submitted_at = now() - interval '9 days' WHERE order_id = $1`, [
      made.orderId,
    ]);
    await setSupplierOrder(made.orderId, `core_status = 'CANCELLED'`);
    expect(await alertsOf(d, made.dealId)).toEqual([]);
    await setSupplierOrder(made.orderId, `core_status = 'COMPLETED'`);
    expect(await alertsOf(d, made.dealId)).toEqual([]);
  });

  it('warns from the day after the ETA while the order is open', async () => {
    const made = await dealWithSubmittedOrder(d, d.suppliers.online);
    await setSupplierOrder(made.orderId, `acknowledgement = 'ACCEPTED'`);
    await setSupplierOrder(made.orderId, `eta = '${await dayFromToday(d.dealer.accountId, 0)}'`);
    expect(await alertsOf(d, made.dealId)).toEqual([]);
    await setSupplierOrder(made.orderId, `eta = '${await dayFromToday(d.dealer.accountId, -1)}'`);
    expect(await alertsOf(d, made.dealId)).toEqual([PAST_ETA]);
    await setSupplierOrder(made.orderId, `core_status = 'ON_HOLD'`);
    expect(await alertsOf(d, made.dealId)).toEqual([PAST_ETA]);
    await setSupplierOrder(made.orderId, `core_status = 'COMPLETED'`);
    expect(await alertsOf(d, made.dealId)).toEqual([]);
  });

  it('raises both when both are true, and none for an offline-only supplier’s order', async () => {
    const online = await dealWithSubmittedOrder(d, d.suppliers.online);
    await query(`UPDATE purchase_orders SET submitted_at = now() - interval '9 days' WHERE order_id = $1`, [
      online.orderId,
    ]);
    await setSupplierOrder(online.orderId, `eta = '${await dayFromToday(d.dealer.accountId, -3)}'`);
    expect(await alertsOf(d, online.dealId)).toEqual([NOT_ACKNOWLEDGED, PAST_ETA]);
    const offline = await dealWithSubmittedOrder(d, d.suppliers.offline, {
      offline_supplier_order: { orderStatus: 'Faxed', eta: await dayFromToday(d.dealer.accountId, -3) },
    });
    await query(`UPDATE purchase_orders SET submitted_at = now() - interval '9 days' WHERE order_id = $1`, [
      offline.orderId,
    ]);
    expect(await alertsOf(d, offline.dealId)).toEqual([]);
  });

  it("ignores an archived order's supplier", async () => {
    const made = await dealWithSubmittedOrder(d, d.suppliers.online);
    await query(`UPDATE purchase_orders SET submitted_at = now() - interval '9 days' WHERE order_id = $1`, [
      made.orderId,
    ]);
    expect(await alertsOf(d, made.dealId)).toEqual([NOT_ACKNOWLEDGED]);
    ok(await d.client.post('/api/old/orders/archive/1', { ids: [made.orderId] }));
    expect(await alertsOf(d, made.dealId)).toEqual([]);
    expect((await readDeal(d, made.dealId)).context.supplierOrders).toEqual([]);
  });

  it("keeps the board's stored counts up to date as deadlines pass and suppliers answer", async () => {
    const made = await dealWithSubmittedOrder(d, d.suppliers.online);
    const elsewhere = await dealWithSubmittedOrder(other, other.suppliers.online);
    const before = await storedWarnings(made.dealId);
    const elsewhereBefore = await storedWarnings(elsewhere.dealId);
    // The deadline passes with no write to the deal: the stored count lags until the job runs.
    await query(`UPDATE purchase_orders SET submitted_at = now() - interval '9 days' WHERE order_id = $1`, [
      made.orderId,
    ]);
    expect(await storedWarnings(made.dealId)).toBe(before);
    expect(await refreshSupplierAlertCounts(t.db)).toBeGreaterThanOrEqual(1);
    expect(await storedWarnings(made.dealId)).toBe(before + 1);
    // Only the deal whose alerts changed: the other dealer's deal is as it was.
    expect(await storedWarnings(elsewhere.dealId)).toBe(elsewhereBefore);
    const filtered = ok(await d.client.get(`/api/deals?workflowId=${made.workflowId}&alerts=warning`)) as {
      data: Deal[];
    };
    expect(filtered.data.map((x) => x.id)).toContain(made.dealId);
    // A second run changes nothing.
    await refreshSupplierAlertCounts(t.db);
    expect(await storedWarnings(made.dealId)).toBe(before + 1);
    // The supplier answers and completes it: the next run takes the warning back.
    await setSupplierOrder(
      made.orderId,
      `acknowledgement = 'ACCEPTED', core_status = 'COMPLETED', updated_at = now()`,
    );
    await refreshSupplierAlertCounts(t.db);
    expect(await storedWarnings(made.dealId)).toBe(before);
  });

  it('is refreshed every 5 minutes by the job queue', async () => {
    expect(await query(`SELECT cron FROM pgboss.schedule WHERE name = 'deal-alerts'`)).toEqual([
      { cron: DEAL_ALERTS_CRON },
    ]);
    expect(DEAL_ALERTS_CRON).toBe('*/5 * * * *');
  });
});
