import { purchaseOrderMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from './harness';
import {
  orderWithLines,
  readOrder,
  reviewBody,
  type SubmitDealer,
  submit,
  submitDealer,
  type TestSupplier,
  withoutToken,
} from './purchase-order-submit-fixtures';
import { enableTemplates, ok, readPdf } from './quote-fixtures';

// Reopening a submitted order as a new revision, and what a revision changes (on the order and
// printed on its PDF).

let t: TestApp;
let d: SubmitDealer;
let other: SubmitDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await submitDealer(t, 'Revise');
  other = await submitDealer(t, 'Elsewhere');
  await enableTemplates(t, d.dealer.accountId, ['PURCHASE_ORDER']);
});
afterAll(async () => {
  await t?.close();
});

const LINES = [
  { window: 'Home/Lounge', width: 500, height: 500 },
  { window: 'Home/Lounge', width: 600, height: 600 },
  { window: 'Home/Bedroom', width: 900, height: 900 },
];
const reopen = (client: TestClient, id: number) => client.post(`/api/purchaseorder/${id}/reopen`);
const errorOf = (res: { json: () => { error: { message: string } } }) => res.json().error.message;

/** A submitted order of the supplier with LINES. */
async function submitted(s: TestSupplier = d.suppliers.offline, dealer: SubmitDealer = d) {
  const o = await orderWithLines(dealer, s, LINES);
  ok(await submit(dealer.client, o.id, await reviewBody(dealer, o.id, s)));
  return o;
}

describe('POST /purchaseorder/{id}/reopen', () => {
  it('makes a new open revision with copies of every line; the submitted one stays as sent', async () => {
    const o = await submitted();
    const revision = ok(await reopen(d.client, o.id));
    expect(revision.id).not.toBe(o.id);
    expect(revision).toMatchObject({
      tuid: o.tuid,
      revisionNumber: 2,
      status: 'OPEN',
      isReadOnly: false,
      sidemark: 'Revise sidemark',
      manufacturerId: d.suppliers.offline.id,
      orderLineCount: 3,
    });
    expect(revision.context.parentOrder).toEqual({ id: o.id, tuid: o.tuid, isQuote: false });
    expect(revision.context.revisionChanges).toEqual([]);
    const old = await readOrder(d.client, o.id);
    expect(old).toMatchObject({ status: 'SUBMITTED', isReadOnly: true });
    expect(old.context.latestRevision).toEqual({ id: revision.id, tuid: o.tuid });
    const { rows } = await t.pool.query<{ copied_from_line_id: number }>(
      'SELECT copied_from_line_id FROM order_lines WHERE order_id = $1 ORDER BY copied_from_line_id',
      [revision.id],
    );
    expect(rows.map((r) => r.copied_from_line_id)).toEqual(
      o.lineIds.map((l) => l.lineId).sort((a, b) => a - b),
    );
    // What was sent cannot be submitted again or edited.
    expect((await submit(d.client, o.id, await reviewBody(d, o.id, d.suppliers.offline))).statusCode).toBe(
      409,
    );
    const { windowId, lineId } = o.lineIds[0]!;
    expect(
      (await d.client.put(`/api/old/quotes/${o.id}/windows/${windowId}/products/${lineId}`, { quantity: 4 }))
        .statusCode,
    ).toBe(409);
  });

  it('lists what the revision changes: added, removed, changed quantity and width (on the order and its PDF)', async () => {
    const o = await submitted();
    const revision = ok(await reopen(d.client, o.id));
    const lines = revision.context.orderLines as { id: number; orderWindowId: number }[];
    const [first, second, third] = lines;
    const put = (line: { id: number; orderWindowId: number }, body: unknown) =>
      d.client.put(`/api/old/quotes/${revision.id}/windows/${line.orderWindowId}/products/${line.id}`, body);
    ok(await put(first!, { quantity: 3 }));
    ok(await put(second!, { width: 700, unit: 'mm' }));
    ok(
      await d.client.post(
        `/api/old/quotes/${revision.id}/windows/${third!.orderWindowId}/products/${third!.id}`,
        {
          _method: 'DELETE',
        },
      ),
    );
    ok(
      await d.client.post(`/api/old/quotes/${revision.id}/windows/${first!.orderWindowId}/products`, {
        product_id: d.suppliers.offline.productId,
        width: 400,
        height: 400,
        unit: 'mm',
      }),
    );
    const changes = (await readOrder(d.client, revision.id)).context.revisionChanges;
    const product = `Revise offline Roller`;
    expect(changes).toEqual([
      {
        kind: 'CHANGED',
        lineId: first!.id,
        previousLineId: o.lineIds[0]!.lineId,
        windowGroupName: 'Home/Lounge',
        productName: product,
        fields: [{ field: 'Quantity', before: '1', after: '3' }],
      },
      {
        kind: 'CHANGED',
        lineId: second!.id,
        previousLineId: o.lineIds[1]!.lineId,
        windowGroupName: 'Home/Lounge',
        productName: product,
        fields: [{ field: 'Width', before: '600 mm', after: '700 mm' }],
      },
      expect.objectContaining({
        kind: 'ADDED',
        previousLineId: null,
        windowGroupName: 'Home/Lounge',
        fields: [],
      }),
      {
        kind: 'REMOVED',
        lineId: null,
        previousLineId: o.lineIds[2]!.lineId,
        windowGroupName: 'Home/Bedroom',
        productName: product,
        fields: [],
      },
    ]);
    // The original shows no changes; the revision's PDF prints them.
    expect((await readOrder(d.client, o.id)).context.revisionChanges).toEqual([]);
    const { url } = ok(await d.client.post(`/api/purchaseorder/${revision.id}/pdf`, {}));
    const { text } = await readPdf((await d.client.get(url)).rawPayload);
    expect(text).toContain(`Order ${o.tuid}`);
    expect(text).toContain('Revision 2');
    expect(text).toContain('Changes since revision 1');
    for (const words of [
      'Added',
      'Removed',
      'Changed',
      'Quantity: was 1, now 3',
      'Width: was 600 mm, now 700 mm',
    ])
      expect(text).toContain(words);
  });

  it('answers 409 for an online supplier, an open order and an archived one', async () => {
    const online = await submitted(d.suppliers.online);
    const a = await reopen(d.client, online.id);
    expect(a.statusCode).toBe(409);
    expect(errorOf(a)).toBe(purchaseOrderMessages.notOfflineSupplier);
    const open = await orderWithLines(d, d.suppliers.offline, LINES);
    const b = await reopen(d.client, open.id);
    expect(b.statusCode).toBe(409);
    expect(errorOf(b)).toBe(purchaseOrderMessages.notSubmitted);
    const archived = await submitted();
    ok(await d.client.post('/api/old/orders/archive/1', { ids: [archived.id] }));
    const c = await reopen(d.client, archived.id);
    expect(c.statusCode).toBe(409);
    expect(errorOf(c)).toBe(purchaseOrderMessages.archived);
  });

  it("answers 404 for another dealer's order, 401 signed out, 419 without the CSRF token", async () => {
    const o = await submitted();
    expect((await reopen(other.client, o.id)).statusCode).toBe(404);
    expect((await reopen(d.client, 999_999_999)).statusCode).toBe(404);
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken();
    expect((await reopen(anonymous, o.id)).statusCode).toBe(401);
    expect((await reopen(withoutToken(t, d.client), o.id)).statusCode).toBe(419);
    expect((await readOrder(d.client, o.id)).context.latestRevision).toBeNull();
  });

  it('makes one revision of 20 concurrent reopens (each answers it)', async () => {
    const o = await submitted();
    const answers = await Promise.all(Array.from({ length: 20 }, () => reopen(d.client, o.id)));
    const ids = new Set(answers.map((r) => ok(r).id as number));
    expect(ids.size).toBe(1);
    const { rows } = await t.pool.query('SELECT order_id FROM purchase_orders WHERE parent_order_id = $1', [
      o.id,
    ]);
    expect(rows).toEqual([{ order_id: [...ids][0] }]);
    expect(
      Number(
        (await t.pool.query('SELECT count(*) AS n FROM order_lines WHERE order_id = $1', [[...ids][0]]))
          .rows[0].n,
      ),
    ).toBe(3);
  });

  it('submits a revision as the next one, and reopens it again as revision 3', async () => {
    const o = await submitted();
    const r2 = ok(await reopen(d.client, o.id));
    ok(await submit(d.client, r2.id, await reviewBody(d, r2.id, d.suppliers.offline)));
    const r3 = ok(await reopen(d.client, r2.id));
    expect(r3).toMatchObject({ tuid: o.tuid, revisionNumber: 3, status: 'OPEN' });
    expect((await readOrder(d.client, o.id)).context.latestRevision).toEqual({ id: r3.id, tuid: o.tuid });
    // Reopening the first again has nothing more to do: the newest revision is open.
    expect(ok(await reopen(d.client, o.id)).id).toBe(r3.id);
  });
});
