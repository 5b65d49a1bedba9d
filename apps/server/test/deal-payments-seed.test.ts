import path from 'node:path';
import type { Deal, DealPayments } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, seedDemoIfEmpty } from '../src/db/seed/demo';
import { DEMO_CARD_ACCOUNT_ID } from '../src/db/seed/payments';
import { findPaymentByPublicId } from '../src/modules/payments/index';
import { createTestApp, signedInClient, type TestApp, type TestClient } from './harness';

// The demo seed's payments: seeded into a fresh database, read back through the API.

let t: TestApp;
let client: TestClient;
let seedMs: number;
const byDeal = new Map<number, { deal: Deal; payments: DealPayments; archived: DealPayments }>();

beforeAll(async () => {
  t = await createTestApp();
  const started = Date.now();
  expect(await seedDemoIfEmpty(t.db, { filesRoot: path.join(t.outboxDir, '../files') })).toBe(true);
  seedMs = Date.now() - started;
  client = await signedInClient(t, DEMO_LOGIN);
  for (const wf of (await client.get('/api/workflows')).json<{ id: number }[]>())
    for (const deal of (await client.get(`/api/deals?workflowId=${wf.id}&limit=1000`)).json<{
      data: Deal[];
    }>().data)
      byDeal.set(deal.id, {
        deal,
        payments: (await client.get(`/api/deals/${deal.id}/payments`)).json(),
        archived: (await client.get(`/api/deals/${deal.id}/payments?archived=1`)).json(),
      });
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const PAYMENT_LABELS = ['None', 'Deposit Paid', 'Paid in Full', 'Progress Claimed'];
const paymentFlag = (deal: Deal) =>
  deal.context.flagValues.map((f) => f.label).find((label) => PAYMENT_LABELS.includes(label)) ?? 'None';
const cents = (v: string) => Math.round(Number(v) * 100);

describe('the demo seed: payments', () => {
  it('connects the demo card account, so card payments are on', async () => {
    expect((await client.get('/api/account-settings/card-payments')).json()).toEqual({
      accountId: DEMO_CARD_ACCOUNT_ID,
      mode: 'test',
    });
    expect((await client.get('/api/providers')).json()).toMatchObject({ cardPayments: true });
  });

  it('has payments of every kind and status, an archived one, and an open card request with a working link', async () => {
    const all = [...byDeal.values()].flatMap((x) => x.payments.payments);
    const kinds = new Set(all.map((p) => `${p.type} ${p.status}`));
    for (const kind of [
      'MANUAL PAID',
      'MANUAL REQUESTED',
      'STRIPE REQUESTED',
      'STRIPE CANCELLED',
      'STRIPE PAID',
    ])
      expect(kinds, kind).toContain(kind);
    const archived = [...byDeal.values()].flatMap((x) => x.archived.payments);
    expect(archived.some((p) => p.type === 'MANUAL' && p.isArchived)).toBe(true);
    const open = all.filter((p) => p.type === 'STRIPE' && p.status === 'REQUESTED');
    expect(open).toHaveLength(1);
    const publicId = new URL(open[0]!.paymentUrl!).pathname.split('/').at(-1)!;
    expect(open[0]!.paymentUrl).toBe(`http://slat.test/checkout/${publicId}`);
    expect(await findPaymentByPublicId(t.db, publicId)).toMatchObject({
      status: 'REQUESTED',
      cardAccountId: DEMO_CARD_ACCOUNT_ID,
      dealerName: 'Harbour Blinds & Shutters',
    });
    for (const p of all.filter((x) => x.status === 'PAID'))
      expect(p.transactedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('has Payment flags that agree with the money received on every deal', () => {
    let paidDeals = 0;
    for (const { deal, payments } of byDeal.values()) {
      const flag = paymentFlag(deal);
      const { totals } = payments;
      const received = cents(totals.received);
      if (flag === 'Deposit Paid' || flag === 'Paid in Full') {
        expect(totals.acceptedQuote, deal.name).not.toBeNull();
        const needed =
          flag === 'Paid in Full' ? totals.acceptedQuote!.total : totals.acceptedQuote!.depositAmount;
        expect(received, `${deal.name} ${flag}`).toBeGreaterThanOrEqual(cents(needed));
        paidDeals += 1;
      } else if (totals.acceptedQuote) {
        expect(received, deal.name).toBeLessThan(cents(totals.acceptedQuote.depositAmount));
      } else expect(received, deal.name).toBe(0);
    }
    expect(paidDeals).toBeGreaterThanOrEqual(3);
  });

  it('leaves the signed deal with a requested bank transfer awaiting its deposit', () => {
    const waiting = [...byDeal.values()].filter(
      ({ deal, payments }) =>
        deal.context.alerts.some((a) => a.key === 'awaiting-deposit') &&
        payments.payments.some((p) => p.type === 'MANUAL' && p.status === 'REQUESTED'),
    );
    expect(waiting).toHaveLength(1);
  });

  it('is quick', () => {
    expect(seedMs).toBeLessThan(60_000);
  });
});
