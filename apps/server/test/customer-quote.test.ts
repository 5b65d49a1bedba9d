import { customerQuoteMessages, pricingMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from './harness';
import { startMailCatcher } from './mail-catcher';
import {
  dataUrl,
  enableTemplates,
  eventually,
  ok,
  type QuoteDealer,
  quoteDealer,
  quoteWithLines,
  signaturePng,
} from './quote-fixtures';

// The customer's quote page calls, without a session, and the dealer's side of the link.

let t: TestApp;
let d: QuoteDealer;
let other: QuoteDealer;
let smtp: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  smtp = await startMailCatcher();
  t = await createTestApp({ smtpUrl: smtp.url });
  d = await quoteDealer(t, 'Customer');
  other = await quoteDealer(t, 'Elsewhere');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const LINES = [
  { window: 'Home/Lounge/Left', width: 900, height: 1000 },
  { window: 'Home/Bedroom', width: '36 3/8', height: 40, unit: 'in' as const },
];

/** A customer: no session, an address of their own. */
const customer = () => new TestClient(t.app);
const publicIdOf = async (quoteId: number, c: TestClient = d.client) =>
  (ok(await c.get(`/api/deal-quotes/${quoteId}/customer-link`)).url as string).split('/').pop()!;
const view = (publicId: string, c: TestClient = customer()) => c.get(`/api/customerquote/${publicId}`);
const acceptBody = (name = 'Jordan Customer') => ({ signerName: name, signature: dataUrl(signaturePng()) });
const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.pool.query<{ n: string }>(sql, params)).rows[0]!.n);
/** A well-formed id no quote has (the same shape as the real ones). */
const unknownId = () =>
  `${'A'.repeat(20)}${Math.random().toString(36).slice(2, 12).padEnd(10, 'x')}${'_'.repeat(13)}`;

async function quoteLink(lines = LINES) {
  const q = await quoteWithLines(d, lines);
  return { ...q, publicId: await publicIdOf(q.quoteId) };
}

describe('GET /customerquote/{id}', () => {
  it('shows the quote from real data to a customer without a session, never cached', async () => {
    const { quoteId, publicId } = await quoteLink();
    expect(publicId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const dealerView = ok(await d.client.get(`/api/deal-quotes/${quoteId}`));
    const res = await view(publicId);
    expect(res.headers['cache-control']).toBe('no-store');
    const q = ok(res);
    const pricing = dealerView.context.pricing;
    expect(q).toMatchObject({
      id: publicId,
      order: {
        id: quoteId,
        tuid: dealerView.tuid,
        name: `Job for Casey ${d.label} Customer`,
        total: pricing.sellGrandTotalIncTax,
        depositAmount: pricing.depositAmount,
        convertedAt: null,
      },
      quotePdf: { id: publicId, url: `/api/customerquote/${publicId}/pdf` },
      company: { name: `${d.label} Blinds Pty Ltd`, logoUrl: null },
      acceptedBy: null,
      revisedTo: null,
      withdrawn: false,
      cardPayments: false,
    });
    expect(q.isDepositRequired).toBe(Number(pricing.depositAmount) > 0);
    expect(q.currency).toMatch(/^[A-Z]{3}$/);
    expect(q.lines).toHaveLength(2);
    expect(q.lines[0]).toMatchObject({
      room: 'Home/Lounge/Left',
      product: `${d.label} Roller`,
      size: '900 mm × 1000 mm',
      quantity: 1,
    });
    expect(q.lines[1].size).toBe('36 3/8" × 40"');
    expect(q.lines.every((l: { price: string }) => /^\d+\.\d{2}$/.test(l.price))).toBe(true);
  });

  it('answers 404 with no hint for an unknown id, and 400 for a numeric one, also without a session', async () => {
    const { quoteId, publicId } = await quoteLink();
    const unknown = await view(unknownId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.json().error.message).toBe(customerQuoteMessages.notFoundTitle);
    // A real id with one character changed is as unknown as any.
    const near = `${publicId.slice(0, -1)}${publicId.endsWith('A') ? 'B' : 'A'}`;
    const nearRes = await view(near);
    expect(nearRes.statusCode).toBe(404);
    expect(nearRes.body).toBe(unknown.body);
    for (const path of ['', '/payments', '/pdf'])
      expect((await customer().get(`/api/customerquote/${quoteId}${path}`)).statusCode).toBe(400);
    expect((await customer().get(`/api/customerquote/${near}/payments`)).body).toBe(unknown.body);
    const acceptUnknown = await customer().post(`/api/customerquote/${near}/accept`, acceptBody());
    expect(acceptUnknown.statusCode).toBe(404);
    expect(acceptUnknown.body).toBe(unknown.body);
  });

  it('records the first open once; the dealer sees when', async () => {
    const { quoteId, publicId } = await quoteLink();
    expect(ok(await d.client.get(`/api/deal-quotes/${quoteId}/customer-link`)).openedAt).toBeNull();
    // The dealer trying the link before sending it is no customer opening it.
    ok(await view(publicId, d.client));
    expect(ok(await d.client.get(`/api/deal-quotes/${quoteId}/customer-link`)).openedAt).toBeNull();
    ok(await view(publicId));
    const first = ok(await d.client.get(`/api/deal-quotes/${quoteId}/customer-link`)).openedAt as string;
    expect(first).not.toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    ok(await view(publicId));
    expect(ok(await d.client.get(`/api/deal-quotes/${quoteId}/customer-link`)).openedAt).toBe(first);
  });

  it('a revised quote’s old link shows the newest revision', async () => {
    const { quoteId, publicId } = await quoteLink();
    ok(await customer().post(`/api/customerquote/${publicId}/accept`, acceptBody()));
    const revisionId = ok(await d.client.post(`/api/deal-quotes/${quoteId}/revise`)).id as number;
    const revisionPublicId = await publicIdOf(revisionId);
    expect(revisionPublicId).not.toBe(publicId);
    const q = ok(await view(publicId));
    expect(q).toMatchObject({
      id: revisionPublicId,
      revisedTo: revisionPublicId,
      withdrawn: false,
      order: { id: revisionId, convertedAt: null },
      acceptedBy: null,
    });
    // The revision's own link shows it without a redirect.
    expect(ok(await view(revisionPublicId)).revisedTo).toBeNull();
    // Revised again: the first link still lands on the newest.
    ok(await customer().post(`/api/customerquote/${revisionPublicId}/accept`, acceptBody()));
    const third = ok(await d.client.post(`/api/deal-quotes/${revisionId}/revise`)).id as number;
    expect(ok(await view(publicId)).order.id).toBe(third);
  });

  it('an archived quote without a newer revision says withdrawn and cannot be accepted', async () => {
    const { quoteId, publicId } = await quoteLink();
    ok(await d.client.post(`/api/deal-quotes/${quoteId}/archive`));
    const q = ok(await view(publicId));
    expect(q).toMatchObject({ withdrawn: true, revisedTo: null, lines: [], cardPayments: false });
    expect(ok(await customer().get(`/api/customerquote/${publicId}/payments`))).toEqual({
      id: publicId,
      totalReceived: '0.00',
      balance: '0.00',
      payments: [],
    });
    const refused = await customer().post(`/api/customerquote/${publicId}/accept`, acceptBody());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(customerQuoteMessages.withdrawn);
    expect(await count('SELECT count(*) AS n FROM quote_acceptances WHERE quote_id = $1', [quoteId])).toBe(0);
  });

  it('serves the quote PDF to the customer, never cached', async () => {
    const { publicId } = await quoteLink();
    await enableTemplates(t, d.dealer.accountId, ['QUOTE']);
    const res = await customer().get(`/api/customerquote/${publicId}/pdf`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('POST /customerquote/{id}/accept', () => {
  it('20 concurrent accepts from customers make exactly one acceptance, by the customer', async () => {
    const { quoteId, publicId } = await quoteLink();
    const before = ok(await d.client.get(`/api/deal-quotes/${quoteId}`)).context.pricing;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        customer().post(`/api/customerquote/${publicId}/accept`, acceptBody(`Signer ${i}`), {
          'user-agent': 'CustomerPhone/1.0',
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((r) => r.headers['cache-control'] === 'no-store')).toBe(true);
    const { rows } = await t.pool.query(
      'SELECT accepted_by_user_id, accepted_by_customer, signer_name, user_agent, pricing FROM quote_acceptances WHERE quote_id = $1',
      [quoteId],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row.accepted_by_user_id).toBeNull();
    expect(row.accepted_by_customer).toBe(row.signer_name);
    expect(row.user_agent).toBe('CustomerPhone/1.0');
    expect(row.pricing).toEqual(before);
    // Every answer shows the one acceptance.
    const signers = new Set(answers.map((r) => r.json().acceptedBy));
    expect(signers).toEqual(new Set([row.signer_name]));
    expect(
      await count(`SELECT count(*) AS n FROM files WHERE account_id = $1 AND filename = $2`, [
        d.dealer.accountId,
        `signature-${quoteId}.png`,
      ]),
    ).toBe(1);
    // The dealer sees the customer as the acceptor; the page shows the accepted state.
    const dealerView = ok(await d.client.get(`/api/deal-quotes/${quoteId}`));
    expect(dealerView.status).toBe('ACCEPTED');
    expect(dealerView.context.acceptance.acceptedBy).toEqual({ type: 'CUSTOMER', name: row.signer_name });
    const q = ok(await view(publicId));
    expect(q.order.convertedAt).toBe(dealerView.acceptedAt);
    expect(q.acceptedBy).toBe(row.signer_name);
    expect(q.order.total).toBe(before.sellGrandTotalIncTax);
    // The frozen PDF is enqueued in the same transaction, as for the dealer's accept.
    await eventually(async () =>
      (await t.pool.query('SELECT document_file_id FROM quote_acceptances WHERE quote_id = $1', [quoteId]))
        .rows[0]?.document_file_id != null
        ? true
        : undefined,
    );
  });

  it('refuses a missing name or signature with the spec’s messages, and changes nothing', async () => {
    const { quoteId, publicId } = await quoteLink();
    const noName = await customer().post(`/api/customerquote/${publicId}/accept`, {
      signerName: '  ',
      signature: dataUrl(signaturePng()),
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain(customerQuoteMessages.signerNameRequired);
    const noSignature = await customer().post(`/api/customerquote/${publicId}/accept`, {
      signerName: 'Casey',
      signature: '',
    });
    expect(noSignature.statusCode).toBe(400);
    expect(noSignature.body).toContain(customerQuoteMessages.signatureRequired);
    const notPng = await customer().post(`/api/customerquote/${publicId}/accept`, {
      signerName: 'Casey',
      signature: 'data:image/png;base64,AAAA',
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.body).toContain(pricingMessages.signatureInvalid);
    expect(await count('SELECT count(*) AS n FROM quote_acceptances WHERE quote_id = $1', [quoteId])).toBe(0);
  });
});

describe('GET /customerquote/{id}/payments', () => {
  it('sums what is received and the balance of the quote’s total, with each payment as the customer sees it', async () => {
    const { quoteId, dealId, publicId } = await quoteLink();
    ok(await customer().post(`/api/customerquote/${publicId}/accept`, acceptBody()));
    const total = ok(await view(publicId)).order.total as string;
    const otherQuote = ok(
      await d.client.post(`/api/deals/${dealId}/quotes/legacy/add`, { description: 'Another' }),
    ).id as number;
    const insert = (values: string) =>
      t.pool.query(
        `INSERT INTO deal_payments (account_id, deal_id, deal_quote_id, type, status, amount, transacted_at, reference, is_archived, created_at)
         VALUES ${values}`,
        [d.dealer.accountId, dealId, quoteId, otherQuote],
      );
    await insert(`($1, $2, $3, 'MANUAL', 'PAID', '100.00', '2026-11-01', 'Cheque 12', false, '2026-11-01'),
                  ($1, $2, NULL, 'STRIPE', 'PAID', '20.50', '2026-11-02', '', false, '2026-11-02'),
                  ($1, $2, $3, 'STRIPE', 'REQUESTED', '50.00', NULL, '', false, '2026-11-03'),
                  ($1, $2, $3, 'MANUAL', 'CANCELLED', '7.00', NULL, '', false, '2026-11-04'),
                  ($1, $2, $3, 'MANUAL', 'PAID', '1000.00', '2026-11-05', '', true, '2026-11-05'),
                  ($1, $2, $4, 'MANUAL', 'PAID', '3000.00', '2026-11-06', '', false, '2026-11-06')`);
    const res = await customer().get(`/api/customerquote/${publicId}/payments`);
    expect(res.headers['cache-control']).toBe('no-store');
    const summary = ok(res);
    const balance = Math.max(0, Math.round(Number(total) * 100) - 12050) / 100;
    expect(summary).toEqual({
      id: publicId,
      totalReceived: '120.50',
      balance: balance.toFixed(2),
      payments: [
        { date: '2026-11-01', paymentMethod: 'Cheque 12', amount: '100.00', status: 'SUCCEEDED' },
        { date: '2026-11-02', paymentMethod: 'Card', amount: '20.50', status: 'SUCCEEDED' },
        { date: '2026-11-03', paymentMethod: 'Card', amount: '50.00', status: 'PENDING' },
        { date: '2026-11-04', paymentMethod: 'Manual', amount: '7.00', status: 'FAILED' },
      ],
    });
    // A revision's link counts what was paid against the quote it revises.
    const revisionId = ok(await d.client.post(`/api/deal-quotes/${quoteId}/revise`)).id as number;
    const revised = ok(await customer().get(`/api/customerquote/${await publicIdOf(revisionId)}/payments`));
    expect(revised.totalReceived).toBe('120.50');
    expect(revised.payments).toHaveLength(4);
  });
});

/** Turns card payments on for the dealer (a connected card account). */
const enableCards = (accountId: number) =>
  t.pool.query(
    `INSERT INTO dealer_settings (account_id, card_account_id) VALUES ($1, 'acct_customer_quote_test')
     ON CONFLICT (account_id) DO UPDATE SET card_account_id = EXCLUDED.card_account_id`,
    [accountId],
  );
const pay = (publicId: string, choice: 'DEPOSIT' | 'BALANCE', c: TestClient = customer()) =>
  c.post(`/api/customerquote/${publicId}/pay`, { choice });
const cardPayments = async (quoteId: number) =>
  (
    await t.pool.query<{ public_id: string; amount: string; status: string; type: string }>(
      `SELECT public_id, amount::text AS amount, status, type FROM deal_payments WHERE deal_quote_id = $1 ORDER BY id`,
      [quoteId],
    )
  ).rows;

describe('POST /customerquote/{id}/pay', () => {
  let cards: QuoteDealer;
  beforeAll(async () => {
    cards = await quoteDealer(t, 'Cards');
    await enableCards(cards.dealer.accountId);
  });
  async function acceptedCardQuote() {
    const q = await quoteWithLines(cards, LINES);
    const publicId = await publicIdOf(q.quoteId, cards.client);
    const before = await pay(publicId, 'DEPOSIT');
    expect(before.statusCode).toBe(409);
    expect(before.json().error.message).toBe(customerQuoteMessages.payNeedsAcceptance);
    const accepted = ok(await customer().post(`/api/customerquote/${publicId}/accept`, acceptBody()));
    expect(accepted.cardPayments).toBe(true);
    return {
      ...q,
      publicId,
      total: accepted.order.total as string,
      deposit: accepted.order.depositAmount as string,
    };
  }

  it('20 concurrent deposit choices make one card payment of the deposit, and its checkout link', async () => {
    const { quoteId, publicId, deposit } = await acceptedCardQuote();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(publicId, 'DEPOSIT')));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((r) => r.headers['cache-control'] === 'no-store')).toBe(true);
    const rows = await cardPayments(quoteId);
    expect(rows).toEqual([
      { public_id: expect.any(String), amount: deposit, status: 'REQUESTED', type: 'STRIPE' },
    ]);
    const paymentId = rows[0]!.public_id;
    for (const r of answers) expect(r.json()).toEqual({ paymentId, checkoutUrl: `/checkout/${paymentId}` });
    // The summary shows it pending.
    const summary = ok(await customer().get(`/api/customerquote/${publicId}/payments`));
    expect(summary.payments).toEqual([
      { date: expect.any(String), paymentMethod: 'Card', amount: deposit, status: 'PENDING' },
    ]);
  });

  it('the balance choice asks what the card may still ask: the balance less open card requests', async () => {
    const { quoteId, dealId, publicId, total, deposit } = await acceptedCardQuote();
    // Part of the deposit already received by hand.
    await t.pool.query(
      `INSERT INTO deal_payments (account_id, deal_id, deal_quote_id, type, status, amount, transacted_at)
       VALUES ($1, $2, $3, 'MANUAL', 'PAID', '10.00', '2026-11-01')`,
      [cards.dealer.accountId, dealId, quoteId],
    );
    const cents = (v: string) => Math.round(Number(v) * 100);
    const depositPay = ok(await pay(publicId, 'DEPOSIT'));
    const balancePay = ok(await pay(publicId, 'BALANCE'));
    expect(balancePay.paymentId).not.toBe(depositPay.paymentId);
    const amounts = (await cardPayments(quoteId))
      .filter((p) => p.type === 'STRIPE')
      .map((p) => cents(p.amount));
    const left = cents(total) - 1000;
    expect(amounts).toEqual([cents(deposit) - 1000, left - (cents(deposit) - 1000)]);
    // Everything is requested now: nothing is left for the card.
    const none = await pay(publicId, 'BALANCE');
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().paymentId).toBe(
      balancePay.paymentId === none.json().paymentId ? balancePay.paymentId : none.json().paymentId,
    );
  });

  it('refuses without card payments, and on a withdrawn quote', async () => {
    const { quoteId } = await quoteLink();
    const publicId = await publicIdOf(quoteId);
    ok(await customer().post(`/api/customerquote/${publicId}/accept`, acceptBody()));
    const off = await pay(publicId, 'DEPOSIT');
    expect(off.statusCode).toBe(409);
    expect(await cardPayments(quoteId)).toEqual([]);
    const bad = await customer().post(`/api/customerquote/${publicId}/pay`, { choice: 'ALL', amount: '1' });
    expect(bad.statusCode).toBe(400);
    const archived = await acceptedCardQuote();
    ok(await cards.client.post(`/api/deal-quotes/${archived.quoteId}/archive`));
    const withdrawn = await pay(archived.publicId, 'DEPOSIT');
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().error.message).toBe(customerQuoteMessages.withdrawn);
    expect(await cardPayments(archived.quoteId)).toEqual([]);
  });
});

describe('limits', () => {
  it('answers 429 after 120 reads a minute from one address; other addresses go on', async () => {
    const { publicId } = await quoteLink();
    const c = customer();
    const answers = [];
    for (let i = 0; i < 120; i += 1) answers.push((await view(publicId, c)).statusCode);
    expect(answers).toEqual(Array(120).fill(200));
    const over = await view(publicId, c);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await c.get(`/api/customerquote/${publicId}/payments`)).statusCode).toBe(429);
    expect((await view(publicId)).statusCode).toBe(200);
  });

  it('answers 429 after 10 accepts a minute from one address', async () => {
    const { publicId } = await quoteLink();
    const c = customer();
    for (let i = 0; i < 10; i += 1)
      expect((await c.post(`/api/customerquote/${publicId}/accept`, acceptBody())).statusCode).toBe(200);
    expect((await c.post(`/api/customerquote/${publicId}/accept`, acceptBody())).statusCode).toBe(429);
  });
});

describe("the dealer's customer link", () => {
  it('mails the link through the queue and records when and to whom', async () => {
    const { quoteId, publicId } = await quoteLink();
    const email = `jordan-${Date.now().toString(36)}@example.test`;
    const sent = ok(
      await d.client.post(`/api/deal-quotes/${quoteId}/send-to-customer`, {
        email,
        message: 'Hi Jordan, <b>as promised</b>.',
      }),
    );
    expect(sent.url).toBe(`${t.services.config.publicUrl}/customer-quote/${publicId}`);
    expect(sent.sentToEmail).toBe(email);
    expect(Math.abs(Date.parse(sent.sentAt) - Date.now())).toBeLessThan(10_000);
    expect(sent.openedAt).toBeNull();
    const mail = await smtp.waitFor(email);
    const raw = mail.raw.replace(/=\r?\n/g, '');
    expect(raw).toContain(`/customer-quote/${publicId}`);
    // The dealer's words are text in the HTML part, never markup.
    const html = raw.slice(raw.indexOf('text/html'));
    expect(html).not.toContain('<b>as promised</b>');
    expect(html).toContain('&#60;b&#62;as promised');
    expect(ok(await d.client.get(`/api/deal-quotes/${quoteId}/customer-link`))).toEqual(sent);
  });

  it('refuses a bad address naming the field', async () => {
    const { quoteId } = await quoteLink();
    const res = await d.client.post(`/api/deal-quotes/${quoteId}/send-to-customer`, { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('email');
    expect(ok(await d.client.get(`/api/deal-quotes/${quoteId}/customer-link`)).sentAt).toBeNull();
  });

  it('another account’s quote answers 404 as a missing one; no session 401; no CSRF token 419', async () => {
    const { quoteId } = await quoteLink();
    const missing = await other.client.get(`/api/deal-quotes/2000000000/customer-link`);
    const foreign = await other.client.get(`/api/deal-quotes/${quoteId}/customer-link`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    const foreignSend = await other.client.post(`/api/deal-quotes/${quoteId}/send-to-customer`, {
      email: 'a@example.test',
    });
    expect(foreignSend.statusCode).toBe(404);
    expect((await customer().get(`/api/deal-quotes/${quoteId}/customer-link`)).statusCode).toBe(401);
    expect(
      (await customer().post(`/api/deal-quotes/${quoteId}/send-to-customer`, { email: 'a@example.test' }))
        .statusCode,
    ).toBe(401);
    const noToken = new TestClient(t.app);
    noToken.cookie = d.client.cookie;
    const refused = await noToken.post(`/api/deal-quotes/${quoteId}/send-to-customer`, {
      email: 'a@example.test',
    });
    expect(refused.statusCode).toBe(419);
    expect(ok(await d.client.get(`/api/deal-quotes/${quoteId}/customer-link`)).sentAt).toBeNull();
  });
});
