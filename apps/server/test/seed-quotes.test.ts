import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Deal, DealDetail, DealQuote, DealQuoteListItem, OrderLine } from '@slat/contracts';
import { inchesToSixteenths } from '@slat/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, seedDemoIfEmpty } from '../src/db/seed/demo';
import { createTestApp, signedInClient, type TestApp, type TestClient } from './harness';

// The demo seed's quotes: seeded into a fresh database, read back through the API.

let t: TestApp;
let client: TestClient;
type Workflow = { id: number; slug: string; statuses: { id: number; name: string; phase: string }[] };
let workflows: Workflow[];
let deals: Deal[];
/** Every quote of every demo deal, archived ones too, with its lines. */
let quotes: (DealQuote & { workflowSlug: string })[];
const lines = () => quotes.flatMap((q) => q.context.orderLines.map((l) => ({ ...l, quote: q })));

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty(t.db, { filesRoot: path.join(t.outboxDir, '../files') })).toBe(true);
  client = await signedInClient(t, DEMO_LOGIN);
  workflows = (await client.get('/api/workflows')).json<Workflow[]>();
  deals = [];
  for (const wf of workflows)
    deals.push(
      ...(await client.get(`/api/deals?workflowId=${wf.id}&limit=1000`)).json<{ data: Deal[] }>().data,
    );
  quotes = [];
  for (const deal of deals) {
    const list = (await client.get(`/api/deals/${deal.id}/quotes?archived=true`)).json<DealQuoteListItem[]>();
    for (const item of list) {
      const res = await client.get(`/api/deal-quotes/${item.id}`);
      expect(res.statusCode).toBe(200);
      quotes.push({ ...res.json<DealQuote>(), workflowSlug: deal.context.workflow.slug });
    }
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo seed: quotes', () => {
  it('gives every deal in a Quoting, InProgress or Closed status a quote, but one Quoting deal', async () => {
    expect(workflows.map((w) => w.slug).sort()).toEqual(['commercial', 'residential']);
    const quoted = deals.filter((d) => ['Quoting', 'InProgress', 'Closed'].includes(d.context.status.phase));
    expect(quoted.length).toBeGreaterThan(10);
    const without = quoted.filter((d) => d.context.quoteCount === 0);
    expect(without).toHaveLength(1);
    expect(without[0]!.context.status.phase).toBe('Quoting');
    expect(without[0]!.context.workflow.slug).toBe('residential');
    // …so a new user sees the alert on it, and on no other deal.
    const noQuoteAlerts = deals.filter((d) => d.context.alerts.some((a) => a.key === 'no-quotes'));
    expect(noQuoteAlerts.map((d) => d.id)).toEqual([without[0]!.id]);
    for (const d of deals.filter((d) => ['New', 'Cancelled'].includes(d.context.status.phase)))
      expect(d.context.quoteCount).toBe(0);
    // Quote counts on the cards are the deals' non-archived quotes.
    for (const d of deals)
      expect(d.context.quoteCount).toBe(quotes.filter((q) => q.dealId === d.id && !q.isArchived).length);
  });

  it('stores the alert counts the board filters on, right after the quotes', async () => {
    const { rows } = await t.pool.query<{ id: number; w: number; i: number }>(
      'SELECT id, alert_warnings AS w, alert_infos AS i FROM deals',
    );
    const stored = new Map(rows.map((r) => [r.id, r]));
    for (const d of deals) {
      const warnings = d.context.alerts.filter((a) => a.type === 'warning').length;
      expect({ id: d.id, w: stored.get(d.id)!.w, i: stored.get(d.id)!.i }).toEqual({
        id: d.id,
        w: warnings,
        i: d.context.alerts.length - warnings,
      });
    }
  });

  it('has one deal with two quotes: the first archived, the other its clone', () => {
    const byDeal = new Map<number, typeof quotes>();
    for (const q of quotes) byDeal.set(q.dealId, [...(byDeal.get(q.dealId) ?? []), q]);
    const twice = [...byDeal.values()].filter((qs) => qs.length > 1);
    expect(twice).toHaveLength(1);
    const [pair] = twice;
    const archived = pair!.filter((q) => q.isArchived);
    const current = pair!.filter((q) => !q.isArchived);
    expect(archived).toHaveLength(1);
    expect(current).toHaveLength(1);
    expect(current[0]!.clonedFromId).toBe(archived[0]!.id);
    expect(current[0]!.context.orderLineCount).toBe(archived[0]!.context.orderLineCount);
    expect(quotes.filter((q) => q.isArchived)).toHaveLength(1);
  });

  it('groups lines in nested window groups', () => {
    const names = new Set(lines().map((l) => l.windowGroupName));
    for (const name of [
      'Home/Lounge/Left window',
      'Home/Lounge/Right window',
      'Home/Bedroom 1/Window',
      'Level 2/Reception/Glass wall',
    ])
      expect(names).toContain(name);
    for (const q of quotes) {
      expect(q.context.orderLineCount).toBeGreaterThanOrEqual(3);
      expect(new Set(q.context.orderLines.map((l) => l.orderWindowId)).size).toBeGreaterThanOrEqual(3);
      for (const l of q.context.orderLines) expect(l.windowGroupName.split('/')).toHaveLength(3);
    }
  });

  it('measures Residential lines in millimetres and Commercial ones in inches, shown exactly as entered', () => {
    const all = lines();
    for (const l of all) {
      const unit = l.quote.workflowSlug === 'commercial' ? 'in' : 'mm';
      expect(l.dimensions.width?.unit).toBe(unit);
      expect(l.dimensions.height?.unit).toBe(unit);
      expect(l.context.configuration.width).toBe(l.dimensions.width?.display);
    }
    const inch = all.find((l) => l.context.configuration.width === '36 3/8"');
    expect(inch?.dimensions.width).toEqual({ value: '36.375', unit: 'in', display: '36 3/8"' });
    expect(inch?.context.configuration.height).toBe('48 1/2"');
    const mm = all.find((l) => l.context.configuration.width === '1200 mm');
    expect(mm?.dimensions.width).toEqual({ value: '1200', unit: 'mm', display: '1200 mm' });
    // Fine fractions where the brand takes them; quarters only where it does not.
    const sixteenths = (l: OrderLine) =>
      [l.dimensions.width!, l.dimensions.height!].map((m) => inchesToSixteenths(m.value)!);
    const inches = all.filter((l) => l.dimensions.width?.unit === 'in');
    const quartersOnly = inches.filter((l) => l.context.product.disableFineFractions);
    expect(quartersOnly.length).toBeGreaterThan(0);
    for (const l of quartersOnly) for (const s of sixteenths(l)) expect(s % 4).toBe(0);
    expect(
      inches.some((l) => !l.context.product.disableFineFractions && sixteenths(l).some((s) => s % 4 !== 0)),
    ).toBe(true);
  });

  it('has exactly one line with an error, to show the warning panel', () => {
    const withErrors = lines().filter((l) => l.context.errors.length > 0);
    expect(withErrors).toHaveLength(1);
    const [bad] = withErrors;
    expect(bad!.context.errors).toEqual([
      { code: 'BAD_SIZE', message: 'Specified width/height is not allowed.' },
    ]);
    expect(bad!.costPrice).toBeNull();
    expect(bad!.sellPrice).toBeNull();
    expect(bad!.quote.context.errorLineCount).toBe(1);
    expect(quotes.reduce((n, q) => n + q.context.errorLineCount, 0)).toBe(1);
  });

  it('prices every other line and totals each quote in non-zero decimals', () => {
    const decimal = /^\d+\.\d{2,4}$/;
    for (const l of lines().filter((l) => l.context.errors.length === 0)) {
      expect(l.costPrice).toMatch(decimal);
      expect(l.sellPrice).toMatch(/^\d+\.\d{2}$/);
      expect(Number(l.costPrice)).toBeGreaterThan(0);
      expect(Number(l.sellPrice)).toBeGreaterThan(Number(l.costPrice));
      expect(l.context.configuration.optionGroups.length).toBeGreaterThan(0);
    }
    for (const q of quotes) {
      expect(q.totalSellPrice).toMatch(/^\d+\.\d{2}$/);
      expect(Number(q.totalSellPrice)).toBeGreaterThan(0);
    }
  });

  it('fills the top-selling products from the seeded lines', async () => {
    const top = (await client.get('/api/products/top-selling')).json<number[]>();
    expect(top.length).toBeGreaterThan(0);
    const quotedProducts = new Set(lines().map((l) => l.context.product.id));
    for (const id of top) expect(quotedProducts).toContain(id);
    const tree = (await client.get('/api/products')).json<{
      groups: { key: string; products: { id: number }[] }[];
    }>();
    expect(tree.groups[0]!.key).toBe('top-products');
    expect(tree.groups[0]!.products.map((p) => p.id)).toEqual(top);
  });

  it('gives every deal an Australian site address, some access notes, and some lines their mount', async () => {
    const details = await Promise.all(
      deals.map(async (d) => (await client.get(`/api/deals/${d.id}`)).json<DealDetail>()),
    );
    for (const d of details) expect(d.siteAddress, d.name).toMatch(/^\S.*, [A-Za-z ]+ NSW \d{4}$/);
    expect(new Set(details.map((d) => d.siteAddress)).size).toBeGreaterThan(10);
    expect(details.filter((d) => d.accessNotes !== '').length).toBeGreaterThan(5);
    expect(details.filter((d) => d.accessNotes === '').length).toBeGreaterThan(0);
    const mounts = lines().map((l) => l.siteMount);
    expect(mounts).toContain('INSIDE');
    expect(mounts).toContain('OUTSIDE');
    expect(mounts).toContain('');
    for (const mount of mounts) expect(['', 'INSIDE', 'OUTSIDE']).toContain(mount);
  });

  it('has the four PDF templates (purchase orders included) and one quote accepted with a drawn signature and its frozen PDF', async () => {
    const { rows } = await t.pool.query<{ type: string }>('SELECT type FROM pdf_templates ORDER BY type');
    expect(rows.map((r) => r.type)).toEqual(['INSTALL', 'MEASURE', 'PURCHASE_ORDER', 'QUOTE']);
    // The payments seed accepts more quotes, signed on paper (without a drawn signature).
    const accepted = quotes.filter(
      (q) => q.status === 'ACCEPTED' && !q.context.acceptance?.acceptedWithoutSignature,
    );
    expect(accepted).toHaveLength(1);
    const [q] = accepted;
    expect(q!.isReadOnly).toBe(true);
    expect(q!.context.acceptance).toMatchObject({
      acceptedWithoutSignature: false,
      acceptedBy: { type: 'USER' },
    });
    const signature = await client.get(q!.context.acceptance!.signatureUrl!);
    expect(signature.headers['content-type']).toBe('image/png');
    const pdf = await client.get(`/api/deal-quotes/${q!.id}/files/${q!.context.acceptedQuoteDocument!.id}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(
      q!.context.acceptance!.documentSha256,
    );
    expect(q!.context.acceptance!.pricing.sellGrandTotalIncTax).toBe(q!.context.pricing.sellGrandTotalIncTax);
  });

  it('has one draft quote with pending supplier updates: a newer catalog version of one of its products', async () => {
    const pending = quotes.filter((q) => q.context.pendingUpdates.hasPendingUpdates);
    expect(pending).toHaveLength(1);
    const [q] = pending;
    expect(q).toMatchObject({ status: 'DRAFT', isArchived: false, workflowSlug: 'residential' });
    expect(q!.context.pendingUpdates.products).toEqual([
      expect.objectContaining({
        productName: 'Curtain — Wave Fold',
        pricing: true,
        fabric: false,
        rule: false,
      }),
    ]);
    const stale = q!.context.orderLines.filter((l) => !l.context.catalogVersion.isLatest);
    expect(stale.map((l) => l.context.product.name)).toContain('Curtain — Wave Fold');
    expect(q!.context.errorLineCount).toBe(0);
    // the order update details: the curtain's sell price rises, the others stay
    const details = (await client.get(`/api/deal-quotes/${q!.id}/pending-updates`)).json<{
      lines: { productName: string; sellNow: string; sellAfter: string }[];
    }>();
    const curtain = details.lines.find((l) => l.productName === 'Curtain — Wave Fold')!;
    expect(Number(curtain.sellAfter)).toBeGreaterThan(Number(curtain.sellNow));
    for (const l of details.lines.filter((x) => x.productName !== 'Curtain — Wave Fold'))
      expect(l.sellAfter).toBe(l.sellNow);
  });
});
