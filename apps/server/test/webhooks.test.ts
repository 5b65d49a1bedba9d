import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAX_WEBHOOKS,
  type SupplierOrderWebhookEvent,
  WEBHOOK_HEADERS,
  webhookMessages,
} from '@slat/contracts';
import { verifyWebhookSignature } from '@slat/domain/webhook-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { SUPPLIER_ORDER_CHANGED_QUEUE, WEBHOOK_DELIVERY_QUEUE } from '../src/lib/jobs';
import { isPrivateAddress, postWebhook, publicOnlyLookup } from '../src/modules/webhooks/webhook-sender';
import { createWebhook as createWebhookDirectly } from '../src/modules/webhooks/webhooks.service';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';
import {
  orderWithLines,
  reviewBody,
  type SubmitDealer,
  submit,
  submitDealer,
} from './purchase-order-submit-fixtures';
import { eventually, ok } from './quote-fixtures';

// Outgoing webhooks: a dealer's subscriptions, signed deliveries of supplier-order changes and test
// events to a receiver on loopback, retries of a failing receiver, and tenancy.

type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

let t: TestApp;
let d: SubmitDealer;
let otherClient: TestClient;
let receiver: http.Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  t = await createTestApp();
  d = await submitDealer(t, 'Hooks');
  otherClient = await signedInClient(t);
  // '/fail…' answers 500 with a reason; every other path 204.
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (req.url?.startsWith('/fail')) res.writeHead(500).end('receiver is down');
      else if (req.url === '/moved') res.writeHead(307, { location: '/moved-here' }).end();
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const addWebhook = async (client: TestClient, url: string) =>
  ok(await client.post('/api/account-settings/webhooks', { url })) as {
    webhook: { id: number; url: string; disabled: boolean };
    secret: string;
  };
const deliveries = async (client: TestClient, id: number) =>
  ok(await client.get(`/api/account-settings/webhooks/${id}/deliveries`)) as {
    data: {
      id: number;
      eventId: string;
      eventType: string;
      status: string;
      attempts: number;
      lastStatusCode: number | null;
      lastError: string;
      deliveredAt: string | null;
    }[];
    total: number;
  };
const receivedAt = (path: string) => received.filter((r) => r.path === path);

/** A submitted order's supplier order with one change recorded, as the supplier-orders module records it. */
async function supplierOrderChange(changes: Record<string, { old: unknown; new: unknown }>) {
  const s = d.suppliers.online;
  const order = await orderWithLines(d, s, [{ window: 'Home/Lounge', width: 500, height: 500 }]);
  ok(await submit(d.client, order.id, await reviewBody(d, order.id, s)));
  const { rows } = await t.pool.query<{ id: number }>(
    'SELECT id FROM supplier_orders WHERE order_id = $1 AND account_id = $2',
    [order.id, d.dealer.accountId],
  );
  const supplierOrderId = rows[0]!.id;
  await t.pool.query(
    `UPDATE supplier_orders SET acknowledgement = 'ACCEPTED', eta = '2027-01-15', freight = 42.50,
       tracking_information = 'Courier 123' WHERE id = $1`,
    [supplierOrderId],
  );
  const history = await t.pool.query<{ id: number }>(
    `INSERT INTO supplier_order_history (account_id, supplier_order_id, changes, source, actor_name)
     VALUES ($1, $2, $3, 'SUPPLIER_API', $4) RETURNING id`,
    [d.dealer.accountId, supplierOrderId, JSON.stringify(changes), s.name],
  );
  return { order, supplierOrderId, historyId: history.rows[0]!.id };
}

describe('webhook subscriptions', () => {
  it('shows the signing secret once, when the webhook is made; the list never shows it', async () => {
    const made = await addWebhook(d.client, `${base}/once`);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(made.webhook).toMatchObject({ url: `${base}/once`, disabled: false });
    const list = await d.client.get('/api/account-settings/webhooks');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect(list.body).not.toContain('secret');
    expect(list.json().data).toContainEqual(
      expect.objectContaining({ id: made.webhook.id, url: `${base}/once`, lastDeliveryStatus: null }),
    );
    ok(await d.client.delete(`/api/account-settings/webhooks/${made.webhook.id}`));
  });

  it('needs a session, and the CSRF token to change anything', async () => {
    const anonymous = new TestClient(t.app);
    expect((await anonymous.get('/api/account-settings/webhooks')).statusCode).toBe(401);
    const noToken = new TestClient(t.app);
    noToken.cookie = d.client.cookie;
    expect((await noToken.post('/api/account-settings/webhooks', { url: `${base}/csrf` })).statusCode).toBe(
      419,
    );
    expect(receivedAt('/csrf')).toHaveLength(0);
  });

  it('refuses a URL that is not http or https with 400 naming url', async () => {
    for (const url of ['ftp://example.com/hook', 'not a url', '', 'javascript:alert(1)', 42]) {
      const res = await d.client.post('/api/account-settings/webhooks', { url });
      expect(res.statusCode, String(url)).toBe(400);
      expect(res.json().error.fields).toContainEqual({ path: 'url', message: webhookMessages.urlInvalid });
    }
  });

  it('in production refuses loopback and private addresses unless allowed', async () => {
    const strict = { webhooksAllowPrivate: false };
    for (const url of [
      'http://127.0.0.1:9/x',
      'http://localhost/x',
      'http://[::1]/x',
      'https://10.1.2.3/',
      'http://169.254.169.254/',
    ]) {
      await expect(createWebhookDirectly(t.db, strict, d.dealer.accountId, url)).rejects.toMatchObject({
        status: 400,
        fields: [{ path: 'url', message: webhookMessages.urlPrivate }],
      });
    }
    // a name is checked when the connection is made, against every address it resolves to
    const refused = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (error) => resolve(error)),
    );
    expect(refused?.message).toBe('localhost resolves to a private address');
    const before = received.length;
    expect(await postWebhook(`${base}/strict`, '{}', {}, { timeoutMs: 5000, allowPrivate: false })).toEqual({
      error: 'The URL points to a private address',
    });
    expect(received.length).toBe(before);
    expect(isPrivateAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('192.168.1.20')).toBe(true);
    expect(isPrivateAddress('93.184.216.34')).toBe(false);
    expect(isPrivateAddress('2606:2800:220:1::1')).toBe(false);
  });

  it('allows private addresses by default everywhere but production, where a setting allows them', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', WEBHOOKS_ALLOW_PRIVATE: 'true' }).webhooksAllowPrivate).toBe(
      true,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).webhooksAllowPrivate).toBe(true);
    expect(
      loadConfig({ NODE_ENV: 'development', WEBHOOKS_ALLOW_PRIVATE: 'false' }).webhooksAllowPrivate,
    ).toBe(false);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE: 'yes' })).toThrow(ConfigError);
  });

  it("answers 404 for another account's webhook, as for a missing one", async () => {
    const mine = await addWebhook(d.client, `${base}/mine`);
    const id = mine.webhook.id;
    for (const res of [
      await otherClient.put(`/api/account-settings/webhooks/${id}`, { disabled: true }),
      await otherClient.get(`/api/account-settings/webhooks/${id}/deliveries`),
      await otherClient.post(`/api/account-settings/webhooks/${id}/test`),
      await otherClient.delete(`/api/account-settings/webhooks/${id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.message).toBe(webhookMessages.notFound);
    }
    expect(ok(await otherClient.get('/api/account-settings/webhooks')).data).toEqual([]);
    expect((await d.client.get('/api/account-settings/webhooks')).json().data).toContainEqual(
      expect.objectContaining({ id, disabled: false }),
    );
    ok(await d.client.delete(`/api/account-settings/webhooks/${id}`));
    expect((await d.client.delete(`/api/account-settings/webhooks/${id}`)).statusCode).toBe(404);
  });

  it(`keeps an account to ${MAX_WEBHOOKS} webhooks even when 20 are added at once`, async () => {
    const dealer = await createDealer(t.db);
    const client = await signedInClient(t, dealer);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.post('/api/account-settings/webhooks', { url: `${base}/many/${i}` }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAX_WEBHOOKS);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(20 - MAX_WEBHOOKS).fill(409));
    expect(refused[0]!.json().error.message).toBe(webhookMessages.tooMany);
    expect(ok(await client.get('/api/account-settings/webhooks')).data).toHaveLength(MAX_WEBHOOKS);
  });
});

describe('webhook deliveries', () => {
  it('sends a test event to a loopback receiver, signed so the receiver can verify it', async () => {
    const made = await addWebhook(d.client, `${base}/ping`);
    const sent = ok(await d.client.post(`/api/account-settings/webhooks/${made.webhook.id}/test`));
    expect(sent).toMatchObject({ eventType: 'ping', status: 'PENDING', attempts: 0 });
    const log = await eventually(async () => {
      const page = await deliveries(d.client, made.webhook.id);
      return page.data[0]?.status === 'DELIVERED' && page;
    });
    expect(log.total).toBe(1);
    expect(log.data[0]).toMatchObject({ attempts: 1, lastStatusCode: 204, lastError: '' });
    expect(log.data[0]!.deliveredAt).not.toBeNull();

    const [request] = receivedAt('/ping');
    expect(request).toBeDefined();
    const { headers, body } = request!;
    expect(headers['content-type']).toBe('application/json');
    expect(headers[WEBHOOK_HEADERS.id.toLowerCase()]).toBe(sent.eventId);
    const timestamp = String(headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]);
    const signature = String(headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(JSON.parse(body)).toEqual({
      id: sent.eventId,
      type: 'ping',
      createdAt: expect.any(String),
      data: { webhookId: made.webhook.id },
    });

    expect(verifyWebhookSignature(made.secret, timestamp, body, signature)).toBe(true);
    expect(verifyWebhookSignature(made.secret, timestamp, body.replace('ping', 'pong'), signature)).toBe(
      false,
    );
    expect(verifyWebhookSignature(made.secret, String(Number(timestamp) + 1), body, signature)).toBe(false);
    expect(verifyWebhookSignature(`${made.secret}x`, timestamp, body, signature)).toBe(false);
    // a captured request replayed later than the tolerance is refused
    expect(
      verifyWebhookSignature(made.secret, timestamp, body, signature, 300, Number(timestamp) + 301),
    ).toBe(false);

    const list = ok(await d.client.get('/api/account-settings/webhooks')).data as {
      id: number;
      lastDeliveryStatus: string;
    }[];
    expect(list.find((w) => w.id === made.webhook.id)?.lastDeliveryStatus).toBe('DELIVERED');
  });

  it('retries a receiver answering 500, then marks the delivery FAILED with its status code', async () => {
    const made = await addWebhook(d.client, `${base}/fail-always`);
    const sent = ok(await d.client.post(`/api/account-settings/webhooks/${made.webhook.id}/test`));
    const failed = await eventually(async () => {
      const page = await deliveries(d.client, made.webhook.id);
      return page.data[0]?.status === 'FAILED' && page.data[0];
    }, 30_000);
    // the harness gives the delivery queue 2 retries: three attempts in all
    expect(failed).toMatchObject({
      attempts: 3,
      lastStatusCode: 500,
      lastError: 'HTTP 500: receiver is down',
    });
    expect(failed.deliveredAt).toBeNull();
    const attempts = receivedAt('/fail-always');
    expect(attempts).toHaveLength(3);
    // every attempt is the same event (a receiver drops repeats by its id), each signed afresh
    expect(new Set(attempts.map((a) => a.headers['slat-webhook-id']))).toEqual(new Set([sent.eventId]));
    for (const a of attempts)
      expect(
        verifyWebhookSignature(
          made.secret,
          String(a.headers['slat-webhook-timestamp']),
          a.body,
          String(a.headers['slat-signature']),
        ),
      ).toBe(true);
  });

  it('does not follow a redirect: the answer is recorded as a failed attempt', async () => {
    const made = await addWebhook(d.client, `${base}/moved`);
    ok(await d.client.post(`/api/account-settings/webhooks/${made.webhook.id}/test`));
    const first = await eventually(async () => {
      const row = (await deliveries(d.client, made.webhook.id)).data[0];
      return row && row.attempts >= 1 && row;
    });
    expect(first).toMatchObject({ lastStatusCode: 307, lastError: 'HTTP 307' });
    expect(first.status).not.toBe('DELIVERED');
    expect(receivedAt('/moved-here')).toHaveLength(0);
    ok(await d.client.delete(`/api/account-settings/webhooks/${made.webhook.id}`));
  });

  it('refuses a test event for a disabled webhook', async () => {
    const made = await addWebhook(d.client, `${base}/asleep`);
    ok(await d.client.put(`/api/account-settings/webhooks/${made.webhook.id}`, { disabled: true }));
    const res = await d.client.post(`/api/account-settings/webhooks/${made.webhook.id}/test`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(webhookMessages.testDisabled);
    expect((await deliveries(d.client, made.webhook.id)).total).toBe(0);
    ok(await d.client.delete(`/api/account-settings/webhooks/${made.webhook.id}`));
  });

  it('records an unreachable receiver’s error and no status code', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const made = await addWebhook(d.client, `http://127.0.0.1:${port}/gone`);
    ok(await d.client.post(`/api/account-settings/webhooks/${made.webhook.id}/test`));
    const first = await eventually(async () => {
      const row = (await deliveries(d.client, made.webhook.id)).data[0];
      return row && row.attempts >= 1 && row;
    });
    expect(first.lastStatusCode).toBeNull();
    expect(first.lastError).toContain('ECONNREFUSED');
    ok(await d.client.delete(`/api/account-settings/webhooks/${made.webhook.id}`));
  });

  it('sends one signed event per enabled webhook for a supplier-order change, even when its job runs twice', async () => {
    const one = await addWebhook(d.client, `${base}/change-one`);
    const two = await addWebhook(d.client, `${base}/change-two`);
    const off = await addWebhook(d.client, `${base}/change-off`);
    expect(
      ok(await d.client.put(`/api/account-settings/webhooks/${off.webhook.id}`, { disabled: true })),
    ).toMatchObject({
      disabled: true,
    });

    const change = await supplierOrderChange({
      acknowledgement: { old: '', new: 'ACCEPTED' },
      eta: { old: null, new: '2027-01-15' },
    });
    const job = {
      accountId: d.dealer.accountId,
      supplierOrderId: change.supplierOrderId,
      historyId: change.historyId,
    };
    await Promise.all([
      t.jobs.send(SUPPLIER_ORDER_CHANGED_QUEUE, job),
      t.jobs.send(SUPPLIER_ORDER_CHANGED_QUEUE, job),
    ]);
    for (const hook of [one, two])
      await eventually(
        async () => (await deliveries(d.client, hook.webhook.id)).data[0]?.status === 'DELIVERED',
      );
    // both changed-jobs and every delivery job they made have finished: the counts below are final
    await eventually(async () => {
      const { rows } = await t.pool.query(
        `SELECT 1 FROM pgboss.job WHERE state NOT IN ('completed', 'failed', 'cancelled')
           AND (name = $1 AND data->>'historyId' = $2 OR name = $3)`,
        [SUPPLIER_ORDER_CHANGED_QUEUE, String(change.historyId), WEBHOOK_DELIVERY_QUEUE],
      );
      return rows.length === 0;
    });

    for (const hook of [one, two]) {
      const log = await deliveries(d.client, hook.webhook.id);
      expect(log.total).toBe(1);
      expect(log.data[0]).toMatchObject({ eventType: 'supplier_order.updated', attempts: 1 });
    }
    expect((await deliveries(d.client, off.webhook.id)).total).toBe(0);
    expect(receivedAt('/change-one')).toHaveLength(1);
    expect(receivedAt('/change-two')).toHaveLength(1);
    expect(receivedAt('/change-off')).toHaveLength(0);

    const request = receivedAt('/change-one')[0]!;
    expect(
      verifyWebhookSignature(
        one.secret,
        String(request.headers['slat-webhook-timestamp']),
        request.body,
        String(request.headers['slat-signature']),
      ),
    ).toBe(true);
    // one webhook's secret does not sign another's events
    expect(
      verifyWebhookSignature(
        two.secret,
        String(request.headers['slat-webhook-timestamp']),
        request.body,
        String(request.headers['slat-signature']),
      ),
    ).toBe(false);
    const event = JSON.parse(request.body) as SupplierOrderWebhookEvent;
    const { rows: historyRows } = await t.pool.query<{ created_at: Date }>(
      'SELECT created_at FROM supplier_order_history WHERE id = $1',
      [change.historyId],
    );
    expect(event).toEqual({
      id: request.headers['slat-webhook-id'],
      type: 'supplier_order.updated',
      createdAt: historyRows[0]!.created_at.toISOString(),
      data: {
        supplierOrderId: change.supplierOrderId,
        purchaseOrderId: change.order.id,
        purchaseOrderNumber: change.order.tuid,
        manufacturerName: expect.stringContaining('Hooks online'),
        coreStatus: 'UNSTARTED',
        statusName: '',
        acknowledgement: 'ACCEPTED',
        eta: '2027-01-15',
        freight: '42.50',
        trackingInformation: 'Courier 123',
        change: {
          source: 'SUPPLIER_API',
          actorName: d.suppliers.online.name,
          changes: expect.arrayContaining([
            { field: 'acknowledgement', old: '', new: 'ACCEPTED' },
            { field: 'eta', old: null, new: '2027-01-15' },
          ]),
        },
      },
    });
    // the other event has its own id
    expect(receivedAt('/change-two')[0]!.headers['slat-webhook-id']).not.toBe(event.id);

    // enabled again, it gets the next change
    ok(await d.client.put(`/api/account-settings/webhooks/${off.webhook.id}`, { disabled: false }));
    const next = await supplierOrderChange({ tracking_information: { old: '', new: 'Courier 123' } });
    await t.jobs.send(SUPPLIER_ORDER_CHANGED_QUEUE, {
      accountId: d.dealer.accountId,
      supplierOrderId: next.supplierOrderId,
      historyId: next.historyId,
    });
    await eventually(
      async () => (await deliveries(d.client, off.webhook.id)).data[0]?.status === 'DELIVERED',
    );
    for (const hook of [one, two, off])
      ok(await d.client.delete(`/api/account-settings/webhooks/${hook.webhook.id}`));
  });

  it("pages a webhook's delivery log newest first; deleting the webhook deletes its log", async () => {
    const made = await addWebhook(d.client, `${base}/paged`);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(ok(await d.client.post(`/api/account-settings/webhooks/${made.webhook.id}/test`)).eventId);
    const page = ok(
      await d.client.get(`/api/account-settings/webhooks/${made.webhook.id}/deliveries?limit=2&offset=1`),
    );
    expect(page.total).toBe(3);
    expect(page.data.map((r: { eventId: string }) => r.eventId)).toEqual([ids[1], ids[0]]);
    const bad = await d.client.get(`/api/account-settings/webhooks/${made.webhook.id}/deliveries?limit=0`);
    expect(bad.statusCode).toBe(400);
    ok(await d.client.delete(`/api/account-settings/webhooks/${made.webhook.id}`));
    const { rows } = await t.pool.query('SELECT 1 FROM webhook_deliveries WHERE subscription_id = $1', [
      made.webhook.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});
