import { dealMessages, paymentMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedDeal, connectCardAccount } from './deal-payments-fixtures';
import { createTestApp, type TestApp, TestClient } from './harness';
import { ok, type QuoteDealer, quoteDealer } from './quote-fixtures';

let t: TestApp;
let d: QuoteDealer;
let other: QuoteDealer;
/** A dealer without a connected card account. */
let noCard: QuoteDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await quoteDealer(t, 'Payments');
  other = await quoteDealer(t, 'Elsewhere');
  noCard = await quoteDealer(t, 'Cashonly');
  await connectCardAccount(t, d.dealer.accountId);
  await connectCardAccount(t, other.dealer.accountId, 'acct_1OtherDealer1');
});
afterAll(async () => {
  await t?.close();
});

const paymentsUrl = (dealId: number) => `/api/deals/${dealId}/payments`;
const paymentUrl = (dealId: number, paymentId: number, action = '') =>
  `/api/deals/${dealId}/payments/${paymentId}${action ? `/${action}` : ''}`;
const today = '2026-11-20';
const manualPaid = (amount: string, extra: object = {}) => ({
  type: 'MANUAL',
  status: 'PAID',
  amount,
  transactedAt: today,
  reference: 'EFT 1234',
  description: 'Deposit',
  ...extra,
});
const cardRequest = (amount: string, extra: object = {}) => ({
  type: 'STRIPE',
  status: 'REQUESTED',
  amount,
  description: 'Deposit by card',
  ...extra,
});
const list = async (dealId: number, c = d.client, archived = false) =>
  ok(await c.get(`${paymentsUrl(dealId)}${archived ? '?archived=1' : ''}`));
const create = (dealId: number, body: object, c = d.client) => c.post(paymentsUrl(dealId), body);
const fieldsOf = (res: { json: () => { error: { fields: { path: string; message: string }[] } } }) =>
  res.json().error.fields;
const minus = (a: string, b: string) =>
  ((Math.round(Number(a) * 100) - Math.round(Number(b) * 100)) / 100).toFixed(2);

async function flagSlug(dealId: number): Promise<string | undefined> {
  const { rows } = await t.pool.query<{ slug: string }>(
    `SELECT v.slug FROM deal_flag_values dfv JOIN workflow_flags f ON f.id = dfv.flag_id
       JOIN workflow_flag_values v ON v.id = dfv.value_id WHERE dfv.deal_id = $1 AND f.slug = 'payment'`,
    [dealId],
  );
  return rows[0]?.slug;
}

/** Moves the deal to its workflow's Signed status (where a deal waits for its deposit). */
async function signDeal(dealId: number) {
  const deal = ok(await d.client.get(`/api/deals/${dealId}`));
  const { rows } = await t.pool.query<{ id: number }>(
    `SELECT id FROM workflow_statuses WHERE workflow_id = $1 AND slug = 'signed'`,
    [deal.workflowId],
  );
  return ok(
    await d.client.post(`/api/deals/${dealId}/status`, {
      currentStatusId: deal.statusId,
      statusId: rows[0]!.id,
    }),
  );
}
const alertKeys = async (dealId: number) =>
  (ok(await d.client.get(`/api/deals/${dealId}`)).context.alerts as { key: string }[]).map((a) => a.key);

describe('GET /deals/{id}/payments', () => {
  it('answers no payments and the accepted quote’s total, deposit and balance for a new deal', async () => {
    const deal = await acceptedDeal(d);
    const res = await list(deal.dealId);
    expect(res.payments).toEqual([]);
    expect(res.totals).toEqual({
      currency: 'AUD',
      received: '0.00',
      requested: '0.00',
      acceptedQuote: {
        id: deal.quoteId,
        tuid: expect.any(Number),
        total: deal.total,
        depositAmount: deal.deposit,
      },
      balance: deal.total,
      requestableByCard: deal.total,
      cardPayments: true,
    });
    expect(Number(deal.total)).toBeGreaterThan(0);
    expect(Number(deal.deposit)).toBeGreaterThan(0);
    expect(Number(deal.deposit)).toBeLessThan(Number(deal.total));
  });

  it('answers null balances without an accepted quote and cardPayments false without a card account', async () => {
    const deal = ok(
      await noCard.client.post('/api/deals', { workflowId: noCard.workflowId, name: 'No quote yet' }),
    );
    const res = await list(deal.id, noCard.client);
    expect(res.totals).toMatchObject({
      acceptedQuote: null,
      balance: null,
      requestableByCard: null,
      cardPayments: false,
    });
  });

  it('answers 404 for another account’s deal and 401 signed out', async () => {
    const deal = await acceptedDeal(d);
    expect((await other.client.get(paymentsUrl(deal.dealId))).statusCode).toBe(404);
    expect((await d.client.get(paymentsUrl(999_999_999))).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(paymentsUrl(deal.dealId))).statusCode).toBe(401);
  });

  it('sums received and requested over non-archived payments and lists archived ones apart', async () => {
    const deal = await acceptedDeal(d);
    const paid = ok(await create(deal.dealId, manualPaid('10.00')));
    ok(await create(deal.dealId, { type: 'MANUAL', status: 'REQUESTED', amount: '5.5' }));
    ok(await create(deal.dealId, cardRequest('2.25')));
    const archived = ok(await create(deal.dealId, manualPaid('1.00')));
    ok(await d.client.post(paymentUrl(deal.dealId, archived.id, 'archive')));
    const res = await list(deal.dealId);
    expect(res.payments.map((p: { id: number }) => p.id)).not.toContain(archived.id);
    expect(res.payments).toHaveLength(3);
    expect(res.totals).toMatchObject({
      received: '10.00',
      requested: '7.75',
      balance: minus(deal.total, '10.00'),
      requestableByCard: minus(minus(deal.total, '10.00'), '2.25'),
    });
    const shown = res.payments.find((p: { id: number }) => p.id === paid.id);
    expect(shown).toMatchObject({
      type: 'MANUAL',
      status: 'PAID',
      amount: '10.00',
      transactedAt: today,
      reference: 'EFT 1234',
      paymentUrl: null,
      createdBy: { id: d.dealer.userId, name: `${d.dealer.firstName} ${d.dealer.lastName}` },
      mismatches: [],
    });
    const old = await list(deal.dealId, d.client, true);
    expect(old.payments.map((p: { id: number }) => p.id)).toEqual([archived.id]);
    expect(old.payments[0].isArchived).toBe(true);
  });

  it('shows the unresolved mismatches reconciliation found with a payment', async () => {
    const deal = await acceptedDeal(d);
    const p = ok(await create(deal.dealId, cardRequest('3.00')));
    await t.pool.query(
      `INSERT INTO payment_mismatches (account_id, deal_id, payment_id, session_id, kind, detail)
       VALUES ($1, $2, $3, 'cs_test_a', 'AMOUNT_DIFFERS', 'Paid 4.00 at the provider'),
              ($1, $2, $3, 'cs_test_b', 'PAID_TWICE', 'resolved already')`,
      [d.dealer.accountId, deal.dealId, p.id],
    );
    await t.pool.query(`UPDATE payment_mismatches SET resolved_at = now() WHERE session_id = 'cs_test_b'`);
    const shown = (await list(deal.dealId)).payments.find((x: { id: number }) => x.id === p.id);
    expect(shown.mismatches).toEqual([
      { kind: 'AMOUNT_DIFFERS', detail: 'Paid 4.00 at the provider', foundAt: expect.any(String) },
    ]);
  });
});

describe('POST /deals/{id}/payments', () => {
  it('records a manual paid payment with its date and reference', async () => {
    const deal = await acceptedDeal(d);
    const p = ok(await create(deal.dealId, manualPaid('12.345'.slice(0, 5), { dealQuoteId: deal.quoteId })));
    expect(p).toMatchObject({
      dealId: deal.dealId,
      type: 'MANUAL',
      status: 'PAID',
      amount: '12.34',
      currency: 'AUD',
      description: 'Deposit',
      transactedAt: today,
      reference: 'EFT 1234',
      isArchived: false,
      dealQuoteId: deal.quoteId,
      paymentUrl: null,
      linkSentAt: null,
    });
  });

  it('refuses an amount that is not greater than 0, naming the field', async () => {
    const deal = await acceptedDeal(d);
    for (const amount of [0, '0', -5, '-5', '0.00']) {
      const res = await create(deal.dealId, manualPaid(amount as string));
      expect(res.statusCode, `${amount}`).toBe(400);
      expect(fieldsOf(res), `${amount}`).toEqual([
        { path: 'amount', message: paymentMessages.amountPositive },
      ]);
    }
    for (const amount of ['', 'abc', null]) {
      const res = await create(deal.dealId, manualPaid(amount as string));
      expect(res.statusCode, `${amount}`).toBe(400);
      expect(
        fieldsOf(res).map((f) => f.path),
        `${amount}`,
      ).toContain('amount');
    }
    const { amount: _, ...missing } = manualPaid('1');
    const res = await create(deal.dealId, missing);
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([{ path: 'amount', message: paymentMessages.amountPositive }]);
    expect((await list(deal.dealId)).payments).toEqual([]);
  });

  it('requires a transaction date for Paid and refuses one for the other statuses', async () => {
    const deal = await acceptedDeal(d);
    const noDate = await create(deal.dealId, manualPaid('5', { transactedAt: null }));
    expect(noDate.statusCode).toBe(400);
    expect(fieldsOf(noDate)).toEqual([
      { path: 'transactedAt', message: paymentMessages.transactionDateRequired },
    ]);
    for (const status of ['REQUESTED', 'CANCELLED']) {
      const res = await create(deal.dealId, manualPaid('5', { status }));
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)).toEqual([
        { path: 'transactedAt', message: paymentMessages.transactionDateNotAllowed },
      ]);
    }
    const requested = ok(
      await create(deal.dealId, manualPaid('5', { status: 'REQUESTED', transactedAt: null })),
    );
    expect(requested).toMatchObject({ status: 'REQUESTED', transactedAt: null });
  });

  it('answers 404 for another account’s deal or quote, 401 signed out and 419 without the CSRF token', async () => {
    const deal = await acceptedDeal(d);
    const theirs = await acceptedDeal(other);
    expect((await create(deal.dealId, manualPaid('1'), other.client)).statusCode).toBe(404);
    const foreignQuote = await create(deal.dealId, manualPaid('1', { dealQuoteId: theirs.quoteId }));
    expect(foreignQuote.statusCode).toBe(400);
    expect(fieldsOf(foreignQuote)).toEqual([{ path: 'dealQuoteId', message: 'Quote not found' }]);
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken();
    expect((await create(deal.dealId, manualPaid('1'), anonymous)).statusCode).toBe(401);
    const noToken = new TestClient(t.app, d.client.ip);
    noToken.cookie = d.client.cookie;
    expect((await create(deal.dealId, manualPaid('1'), noToken)).statusCode).toBe(419);
    expect((await list(deal.dealId)).payments).toEqual([]);
  });

  it('requests a card payment with a public link, only when the account has a card account', async () => {
    const deal = await acceptedDeal(d);
    const p = ok(await create(deal.dealId, cardRequest(deal.deposit)));
    expect(p).toMatchObject({
      type: 'STRIPE',
      status: 'REQUESTED',
      amount: deal.deposit,
      transactedAt: null,
    });
    expect(p.paymentUrl).toMatch(/^http:\/\/slat\.test\/checkout\/[A-Za-z0-9_-]{22,}$/);

    const paid = await create(deal.dealId, cardRequest('1', { status: 'PAID', transactedAt: today }));
    expect(paid.statusCode).toBe(400);
    expect(fieldsOf(paid)[0]!.path).toBe('status');

    const theirs = await acceptedDeal(noCard);
    const off = await create(theirs.dealId, cardRequest('1'), noCard.client);
    expect(off.statusCode).toBe(400);
    expect(fieldsOf(off)).toEqual([{ path: 'type', message: paymentMessages.cardPaymentsOff }]);
    expect((await list(theirs.dealId, noCard.client)).payments).toEqual([]);
  });

  it('refuses a card request above the balance less open card requests', async () => {
    const deal = await acceptedDeal(d);
    ok(await create(deal.dealId, manualPaid(deal.deposit)));
    const balance = minus(deal.total, deal.deposit);
    const above = await create(deal.dealId, cardRequest(minus(balance, '-0.01')));
    expect(above.statusCode).toBe(400);
    expect(fieldsOf(above)).toEqual([{ path: 'amount', message: paymentMessages.cardAboveBalance }]);
    ok(await create(deal.dealId, cardRequest('1.00')));
    const overOpen = await create(deal.dealId, cardRequest(balance));
    expect(overOpen.statusCode).toBe(400);
    expect(fieldsOf(overOpen)).toEqual([{ path: 'amount', message: paymentMessages.cardAboveBalance }]);
    ok(await create(deal.dealId, cardRequest(minus(balance, '1.00'))));
    expect((await list(deal.dealId)).totals.requestableByCard).toBe('0.00');
  });

  it('makes exactly one of 20 concurrent card requests for the whole balance', async () => {
    const deal = await acceptedDeal(d);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => create(deal.dealId, cardRequest(deal.total))),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(400);
      expect(fieldsOf(r)).toEqual([{ path: 'amount', message: paymentMessages.cardAboveBalance }]);
    }
    expect((await list(deal.dealId)).payments).toHaveLength(1);
  });

  it('records a manual payment above the balance only when the dealer confirms it', async () => {
    const deal = await acceptedDeal(d);
    const over = minus(deal.total, '-0.01');
    const res = await create(deal.dealId, manualPaid(over));
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual([
      { path: 'confirmAboveBalance', message: paymentMessages.aboveBalanceNeedsConfirmation },
    ]);
    // A requested manual payment moves no money yet: no confirmation needed.
    ok(await create(deal.dealId, { type: 'MANUAL', status: 'REQUESTED', amount: over }));
    const confirmed = ok(await create(deal.dealId, manualPaid(over, { confirmAboveBalance: true })));
    expect(confirmed.status).toBe('PAID');
    const totals = (await list(deal.dealId)).totals;
    expect(totals).toMatchObject({ received: over, balance: '0.00', requestableByCard: '0.00' });
  });
});

describe('the Payment flag and the awaiting-deposit alert', () => {
  it('moves to Deposit Paid at the deposit, then Paid in Full at the total, and the alert clears', async () => {
    const deal = await acceptedDeal(d);
    await signDeal(deal.dealId);
    expect(await flagSlug(deal.dealId)).toBe('none');
    expect(await alertKeys(deal.dealId)).toContain('awaiting-deposit');

    ok(await create(deal.dealId, manualPaid(minus(deal.deposit, '0.01'))));
    expect(await flagSlug(deal.dealId)).toBe('none');
    ok(await create(deal.dealId, manualPaid('0.01')));
    expect(await flagSlug(deal.dealId)).toBe('deposit-paid');
    expect(await alertKeys(deal.dealId)).not.toContain('awaiting-deposit');
    const board = ok(
      await d.client.get(
        `/api/deals?workflowId=${d.workflowId}&alerts=info&search=${encodeURIComponent(deal.contactName)}`,
      ),
    );
    expect(board.data.map((x: { id: number }) => x.id)).not.toContain(deal.dealId);

    const rest = ok(await create(deal.dealId, cardRequest(minus(deal.total, deal.deposit))));
    expect(await flagSlug(deal.dealId)).toBe('deposit-paid');
    // The card payment is paid through the one Paid transition (as the checkout does).
    const { markPaymentPaid } = await import('../src/modules/payments/index');
    expect((await markPaymentPaid(t.db, { paymentId: rest.id, transactedAt: today })).changed).toBe(true);
    expect(await flagSlug(deal.dealId)).toBe('paid-in-full');
  });

  it('never moves the flag down: archiving a paid payment or a lower total leaves a higher flag', async () => {
    const deal = await acceptedDeal(d);
    const p = ok(await create(deal.dealId, manualPaid(deal.total)));
    expect(await flagSlug(deal.dealId)).toBe('paid-in-full');
    ok(await d.client.post(paymentUrl(deal.dealId, p.id, 'archive')));
    expect((await list(deal.dealId)).totals.received).toBe('0.00');
    expect(await flagSlug(deal.dealId)).toBe('paid-in-full');
    ok(await create(deal.dealId, manualPaid(deal.deposit)));
    expect(await flagSlug(deal.dealId)).toBe('paid-in-full');
  });
});

describe('the Payment flag of a workflow without a deposit value', () => {
  it('stays at None for a deposit and goes to Paid in Full at the total (Commercial)', async () => {
    const workflows = ok(await d.client.get('/api/workflows')) as { id: number; slug: string }[];
    const commercial = workflows.find((w) => w.slug === 'commercial')!;
    const deal = await acceptedDeal({ ...d, workflowId: commercial.id });
    ok(await create(deal.dealId, manualPaid(deal.deposit)));
    expect(await flagSlug(deal.dealId)).toBe('none');
    ok(await create(deal.dealId, manualPaid(minus(deal.total, deal.deposit))));
    expect(await flagSlug(deal.dealId)).toBe('paid-in-full');
  });
});

describe('PUT /deals/{id}/payments/{paymentId}', () => {
  it('edits a manual payment, with the same rules as creating one', async () => {
    const deal = await acceptedDeal(d);
    const p = ok(await create(deal.dealId, { type: 'MANUAL', status: 'REQUESTED', amount: '4' }));
    const edited = ok(
      await d.client.put(paymentUrl(deal.dealId, p.id), {
        status: 'PAID',
        amount: '4.50',
        transactedAt: today,
        reference: 'Cash',
        description: 'Measure fee',
      }),
    );
    expect(edited).toMatchObject({ status: 'PAID', amount: '4.50', transactedAt: today, reference: 'Cash' });
    const bad = await d.client.put(paymentUrl(deal.dealId, p.id), { status: 'PAID', amount: '0' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(
      expect.arrayContaining([
        { path: 'amount', message: paymentMessages.amountPositive },
        { path: 'transactedAt', message: paymentMessages.transactionDateRequired },
      ]),
    );
    const dated = await d.client.put(paymentUrl(deal.dealId, p.id), {
      status: 'CANCELLED',
      amount: '4',
      transactedAt: today,
    });
    expect(fieldsOf(dated)).toEqual([
      { path: 'transactedAt', message: paymentMessages.transactionDateNotAllowed },
    ]);
    // Raising it above the total needs the confirmation; its own old amount is not counted twice.
    const over = await d.client.put(paymentUrl(deal.dealId, p.id), {
      status: 'PAID',
      amount: minus(deal.total, '-0.01'),
      transactedAt: today,
    });
    expect(fieldsOf(over)).toEqual([
      { path: 'confirmAboveBalance', message: paymentMessages.aboveBalanceNeedsConfirmation },
    ]);
    ok(
      await d.client.put(paymentUrl(deal.dealId, p.id), {
        status: 'PAID',
        amount: deal.total,
        transactedAt: today,
      }),
    );
    const cancelled = ok(
      await d.client.put(paymentUrl(deal.dealId, p.id), { status: 'CANCELLED', amount: '4' }),
    );
    expect(cancelled).toMatchObject({ status: 'CANCELLED', transactedAt: null });
  });

  it('refuses to edit a card payment and answers 404 for another account’s payment', async () => {
    const deal = await acceptedDeal(d);
    const card = ok(await create(deal.dealId, cardRequest('3')));
    const res = await d.client.put(paymentUrl(deal.dealId, card.id), { status: 'REQUESTED', amount: '2' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(paymentMessages.cardReadOnly);
    const manual = ok(await create(deal.dealId, manualPaid('1')));
    const body = { status: 'PAID', amount: '2', transactedAt: today };
    expect((await other.client.put(paymentUrl(deal.dealId, manual.id), body)).statusCode).toBe(404);
    const theirs = await acceptedDeal(other);
    // Another deal's payment through this deal's path is as missing as a foreign one.
    expect((await other.client.put(paymentUrl(theirs.dealId, manual.id), body)).statusCode).toBe(404);
    expect((await d.client.put(paymentUrl(deal.dealId, 999_999_999), body)).statusCode).toBe(404);
    expect((await list(deal.dealId)).payments.find((x: { id: number }) => x.id === manual.id).amount).toBe(
      '1.00',
    );
  });
});

describe('cancel, archive and unarchive', () => {
  it('cancels a requested card payment: its link stops, its open checkout expires, once', async () => {
    const deal = await acceptedDeal(d);
    const card = ok(await create(deal.dealId, cardRequest('3')));
    await t.pool.query(
      `INSERT INTO checkout_sessions (account_id, payment_id, provider, session_id, client_secret, connected_account,
                                      status, amount, currency)
       VALUES ($1, $2, 'test', $3, 'secret', 'acct_1TestDealer01', 'open', 3, 'AUD')`,
      [d.dealer.accountId, card.id, `cs_test_${card.id}`],
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, () => d.client.post(paymentUrl(deal.dealId, card.id, 'cancel'))),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe(paymentMessages.onlyRequestedCardCancels);
    }
    const cancelled = results.find((r) => r.statusCode === 200)!.json();
    expect(cancelled).toMatchObject({ status: 'CANCELLED', paymentUrl: null });
    const { rows } = await t.pool.query(`SELECT status FROM checkout_sessions WHERE payment_id = $1`, [
      card.id,
    ]);
    expect(rows).toEqual([{ status: 'expired' }]);
    expect((await list(deal.dealId)).totals.requested).toBe('0.00');

    const manual = ok(await create(deal.dealId, { type: 'MANUAL', status: 'REQUESTED', amount: '1' }));
    const res = await d.client.post(paymentUrl(deal.dealId, manual.id, 'cancel'));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(paymentMessages.onlyRequestedCardCancels);
    expect((await other.client.post(paymentUrl(deal.dealId, card.id, 'cancel'))).statusCode).toBe(404);
  });

  it('archives a card payment only when cancelled, a manual payment always, and brings them back', async () => {
    const deal = await acceptedDeal(d);
    const card = ok(await create(deal.dealId, cardRequest('3')));
    const early = await d.client.post(paymentUrl(deal.dealId, card.id, 'archive'));
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(paymentMessages.cardArchiveOnlyCancelled);
    ok(await d.client.post(paymentUrl(deal.dealId, card.id, 'cancel')));
    expect(ok(await d.client.post(paymentUrl(deal.dealId, card.id, 'archive'))).isArchived).toBe(true);

    for (const body of [manualPaid('2'), { type: 'MANUAL', status: 'REQUESTED', amount: '2' }]) {
      const manual = ok(await create(deal.dealId, body));
      expect(ok(await d.client.post(paymentUrl(deal.dealId, manual.id, 'archive'))).isArchived).toBe(true);
    }
    expect((await list(deal.dealId)).payments).toEqual([]);
    expect((await list(deal.dealId)).totals).toMatchObject({ received: '0.00', requested: '0.00' });
    expect((await list(deal.dealId, d.client, true)).payments).toHaveLength(3);

    expect((await other.client.post(paymentUrl(deal.dealId, card.id, 'unarchive'))).statusCode).toBe(404);
    const back = ok(await d.client.post(paymentUrl(deal.dealId, card.id, 'unarchive')));
    expect(back).toMatchObject({ isArchived: false, status: 'CANCELLED' });
    expect((await list(deal.dealId, d.client, true)).payments).toHaveLength(2);
  });
});

describe('an archived deal', () => {
  it('is read-only: no payment is added, edited, cancelled, archived or mailed', async () => {
    const deal = await acceptedDeal(d);
    const manual = ok(await create(deal.dealId, manualPaid('1')));
    const card = ok(await create(deal.dealId, cardRequest('1')));
    ok(await d.client.post(`/api/deals/${deal.dealId}/archive`));
    const refused = [
      await create(deal.dealId, manualPaid('1')),
      await create(deal.dealId, cardRequest('1')),
      await d.client.put(paymentUrl(deal.dealId, manual.id), {
        status: 'PAID',
        amount: '2',
        transactedAt: today,
      }),
      await d.client.post(paymentUrl(deal.dealId, card.id, 'cancel')),
      await d.client.post(paymentUrl(deal.dealId, manual.id, 'archive')),
      await d.client.post(paymentUrl(deal.dealId, manual.id, 'unarchive')),
      await d.client.post(paymentUrl(deal.dealId, card.id, 'email-link'), {}),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(dealMessages.archived);
    }
    expect((await list(deal.dealId)).payments).toHaveLength(2);
    ok(await d.client.post(`/api/deals/${deal.dealId}/unarchive`));
    ok(await d.client.post(paymentUrl(deal.dealId, card.id, 'cancel')));
  });
});

describe('POST /deals/{id}/payments/{paymentId}/email-link', () => {
  const mailJobs = async (to: string) =>
    (
      await t.pool.query<{ data: { to: string; subject: string; text: string; link: string } }>(
        `SELECT data FROM pgboss.job WHERE name = 'mail' AND data->>'to' = $1`,
        [to],
      )
    ).rows.map((r) => r.data);

  it('mails the link to the deal contact and stamps when it was sent', async () => {
    const deal = await acceptedDeal(d);
    const card = ok(await create(deal.dealId, cardRequest('3')));
    const contactEmail = ok(await d.client.get(`/api/deals/${deal.dealId}`)).contact.email as string;
    const sent = ok(await d.client.post(paymentUrl(deal.dealId, card.id, 'email-link'), {}));
    expect(Date.now() - Date.parse(sent.linkSentAt)).toBeLessThan(60_000);
    const mails = await mailJobs(contactEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toBe(card.paymentUrl);
    expect(mails[0]!.text).toContain(card.paymentUrl);
    expect(mails[0]!.subject).toContain('Payments Blinds Pty Ltd');

    ok(
      await d.client.post(paymentUrl(deal.dealId, card.id, 'email-link'), {
        email: 'other.person@example.test',
      }),
    );
    expect(await mailJobs('other.person@example.test')).toHaveLength(1);
    const bad = await d.client.post(paymentUrl(deal.dealId, card.id, 'email-link'), { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)[0]!.path).toBe('email');
  });

  it('has no link to send for a manual or a cancelled payment, nor to a deal without a contact email', async () => {
    const deal = await acceptedDeal(d);
    const manual = ok(await create(deal.dealId, { type: 'MANUAL', status: 'REQUESTED', amount: '1' }));
    const res = await d.client.post(paymentUrl(deal.dealId, manual.id, 'email-link'), {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(paymentMessages.noLinkForThisPayment);
    const card = ok(await create(deal.dealId, cardRequest('1')));
    await t.pool.query(
      `UPDATE contacts SET email = '' WHERE id = (SELECT contact_id FROM deals WHERE id = $1)`,
      [deal.dealId],
    );
    const noEmail = await d.client.post(paymentUrl(deal.dealId, card.id, 'email-link'), {});
    expect(noEmail.statusCode).toBe(400);
    expect(fieldsOf(noEmail)).toEqual([{ path: 'email', message: paymentMessages.customerEmailRequired }]);
    ok(await d.client.post(paymentUrl(deal.dealId, card.id, 'cancel')));
    const cancelled = await d.client.post(paymentUrl(deal.dealId, card.id, 'email-link'), {
      email: 'a@example.test',
    });
    expect(cancelled.statusCode).toBe(409);
    expect(await mailJobs('a@example.test')).toHaveLength(0);
    expect((await other.client.post(paymentUrl(deal.dealId, card.id, 'email-link'), {})).statusCode).toBe(
      404,
    );
  });
});

describe('GET and PUT /account-settings/card-payments', () => {
  it('sets and clears the connected card account, per account', async () => {
    const c = noCard.client;
    expect(ok(await c.get('/api/account-settings/card-payments'))).toEqual({ accountId: '', mode: 'test' });
    const bad = await c.put('/api/account-settings/card-payments', { accountId: 'sk_live_nope' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)[0]!.path).toBe('accountId');
    expect(ok(await c.put('/api/account-settings/card-payments', { accountId: 'acct_1CashOnly99' }))).toEqual(
      {
        accountId: 'acct_1CashOnly99',
        mode: 'test',
      },
    );
    expect(ok(await d.client.get('/api/account-settings/card-payments')).accountId).toBe(
      'acct_1TestDealer01',
    );
    const deal = await acceptedDeal(noCard);
    ok(await create(deal.dealId, cardRequest('1'), c));
    ok(await c.put('/api/account-settings/card-payments', { accountId: '' }));
    expect((await list(deal.dealId, c)).totals.cardPayments).toBe(false);
    expect((await create(deal.dealId, cardRequest('1'), c)).statusCode).toBe(400);
    expect((await new TestClient(t.app).get('/api/account-settings/card-payments')).statusCode).toBe(401);
  });
});
