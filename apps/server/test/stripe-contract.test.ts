import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../src/modules/checkout/card-provider';
import { EMBEDDED_UI_MODE, StripeProvider } from '../src/modules/checkout/stripe-provider';

/**
 * The real stripe SDK against a loopback server that answers Stripe's recorded JSON: what the
 * provider sends (path, Stripe-Account, Idempotency-Key, the form body) is what Stripe expects,
 * and what Stripe answers is read the way the checkout needs.
 */
const fixture = (name: string) =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, 'fixtures/stripe', `${name}.json`), 'utf8'),
  ) as Record<string, unknown>;
const open = fixture('checkout-session-open');
const complete = fixture('checkout-session-complete');
const expired = fixture('checkout-session-expired');
const notOpen = fixture('error-session-not-open');

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
const seen: Seen[] = [];
/** What the server answers next to each request, by method and path. */
let answer: (req: Seen) => { status: number; body: unknown } = () => ({ status: 500, body: {} });

let server: http.Server;
let port = 0;
const ACCOUNT = 'acct_1SlatContract01';
const SECRET = 'whsec_contract_test_secret';

function provider() {
  return new StripeProvider({
    secretKey: 'sk_test_contract',
    webhookSecret: SECRET,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      const { status, body: out } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_SlatContract' });
      res.end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
});

describe('the Stripe provider speaks Stripe', () => {
  it('creates an embedded session as a direct charge on the connected account', async () => {
    answer = () => ({ status: 200, body: open });
    const made = await provider().createSession({
      connectedAccount: ACCOUNT,
      amountMinor: 1250,
      currency: 'USD',
      description: 'Deposit for Kitchen blinds',
      paymentPublicId: 'Zm9vYmFyYmF6cXV4cXV1eHh5ejAxMjM0NTY3ODk',
      returnUrl:
        'http://slat.test/checkout/Zm9vYmFyYmF6cXV4cXV1eHh5ejAxMjM0NTY3ODk/return?session_id={CHECKOUT_SESSION_ID}',
      idempotencyKey: 'slat-checkout-Zm9vYmFyYmF6cXV4cXV1eHh5ejAxMjM0NTY3ODk-0',
      customerEmail: 'pat@example.test',
    });
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/checkout/sessions');
    expect(req.headers['stripe-account']).toBe(ACCOUNT);
    expect(req.headers['idempotency-key']).toBe('slat-checkout-Zm9vYmFyYmF6cXV4cXV1eHh5ejAxMjM0NTY3ODk-0');
    expect(req.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(req.headers.authorization).toBe('Bearer sk_test_contract');
    expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req.body);
    expect(form.get('ui_mode')).toBe('embedded_page');
    expect(EMBEDDED_UI_MODE).toBe('embedded_page');
    expect(form.get('mode')).toBe('payment');
    expect(form.get('return_url')).toBe(
      'http://slat.test/checkout/Zm9vYmFyYmF6cXV4cXV1eHh5ejAxMjM0NTY3ODk/return?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('1250');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Deposit for Kitchen blinds');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('metadata[paymentId]')).toBe('Zm9vYmFyYmF6cXV4cXV1eHh5ejAxMjM0NTY3ODk');
    expect(form.get('payment_intent_data[metadata][paymentId]')).toBe(
      'Zm9vYmFyYmF6cXV4cXV1eHh5ejAxMjM0NTY3ODk',
    );
    expect(form.get('customer_email')).toBe('pat@example.test');
    // What the checkout keeps of Stripe's answer.
    expect(made).toEqual({
      sessionId: open.id,
      clientSecret: open.client_secret,
      status: 'open',
      paymentStatus: 'unpaid',
      amountMinor: 1250,
      currency: 'USD',
      paymentPublicId: 'Zm9vYmFyYmF6cXV4cXV1eHh5ejAxMjM0NTY3ODk',
      customerEmail: 'pat@example.test',
      createdAt: new Date(1795770000 * 1000),
      expiresAt: new Date(1795856400 * 1000),
    });
  });

  it('retrieves a session on the connected account and reads it paid', async () => {
    answer = () => ({ status: 200, body: complete });
    const s = await provider().retrieveSession(ACCOUNT, String(complete.id));
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe(`/v1/checkout/sessions/${complete.id}`);
    expect(seen[0]?.headers['stripe-account']).toBe(ACCOUNT);
    expect(s.status).toBe('complete');
    expect(s.paymentStatus).toBe('paid');
    expect(s.customerEmail).toBe('pat@example.test');
  });

  it('expires an open session, and reads one that completed meanwhile instead of failing', async () => {
    answer = () => ({ status: 200, body: expired });
    const gone = await provider().expireSession(ACCOUNT, String(open.id));
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe(`/v1/checkout/sessions/${open.id}/expire`);
    expect(seen[0]?.headers['stripe-account']).toBe(ACCOUNT);
    expect(gone.status).toBe('expired');

    seen.length = 0;
    answer = (req) =>
      req.method === 'POST' ? { status: 400, body: notOpen } : { status: 200, body: complete };
    const paid = await provider().expireSession(ACCOUNT, String(open.id));
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      `POST /v1/checkout/sessions/${open.id}/expire`,
      `GET /v1/checkout/sessions/${open.id}`,
    ]);
    expect(paid.status).toBe('complete');
  });

  it('lists the last days of sessions page by page', async () => {
    const second = { ...complete, id: 'cs_test_second0000000000000000000000000000000000000000000000' };
    answer = (req) => {
      const url = new URL(req.url, 'http://x');
      return url.searchParams.get('starting_after')
        ? {
            status: 200,
            body: { object: 'list', data: [second], has_more: false, url: '/v1/checkout/sessions' },
          }
        : {
            status: 200,
            body: { object: 'list', data: [open], has_more: true, url: '/v1/checkout/sessions' },
          };
    };
    const before = Math.floor(Date.now() / 1000) - 7 * 86_400;
    const sessions = await provider().listRecentSessions(ACCOUNT, 7);
    expect(sessions.map((s) => s.sessionId)).toEqual([open.id, second.id]);
    expect(seen).toHaveLength(2);
    const first = new URL(seen[0]?.url ?? '', 'http://x');
    expect(first.pathname).toBe('/v1/checkout/sessions');
    expect(Number(first.searchParams.get('created[gte]'))).toBeGreaterThanOrEqual(before);
    expect(Number(first.searchParams.get('created[gte]'))).toBeLessThan(before + 60);
    expect(first.searchParams.get('limit')).toBe('100');
    expect(new URL(seen[1]?.url ?? '', 'http://x').searchParams.get('starting_after')).toBe(open.id);
    for (const r of seen) expect(r.headers['stripe-account']).toBe(ACCOUNT);
  });

  it('answers a Stripe error as an error (nothing is invented)', async () => {
    answer = () => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'No such checkout.session' } },
    });
    await expect(provider().retrieveSession(ACCOUNT, 'cs_test_missing')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });
});

describe('webhook signatures made by the SDK', () => {
  const event = (type: string) =>
    JSON.stringify({
      id: 'evt_1SlatContract0001',
      object: 'event',
      account: ACCOUNT,
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: complete },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });

  it('verifies a signed checkout.session.completed and reads its session', () => {
    const payload = event('checkout.session.completed');
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const e = provider().constructEvent(Buffer.from(payload), header);
    expect(e).toMatchObject({
      id: 'evt_1SlatContract0001',
      type: 'checkout.session.completed',
      account: ACCOUNT,
    });
    expect(e.session).toMatchObject({ sessionId: complete.id, status: 'complete', paymentStatus: 'paid' });
  });

  it('refuses another secret, a changed body, a missing header and a timestamp over 300 s old', () => {
    const payload = event('checkout.session.completed');
    const p = provider();
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => p.constructEvent(payload, other)).toThrow(WebhookSignatureError);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect(() => p.constructEvent(payload.replace('"paid"', '"unpaid"'), good)).toThrow(
      WebhookSignatureError,
    );
    expect(() => p.constructEvent(payload, undefined)).toThrow(WebhookSignatureError);
    const now = Math.floor(Date.now() / 1000);
    const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: now - 301 });
    expect(() => p.constructEvent(payload, old)).toThrow(WebhookSignatureError);
    const recent = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: now - 290,
    });
    expect(p.constructEvent(payload, recent).id).toBe('evt_1SlatContract0001');
  });
});
