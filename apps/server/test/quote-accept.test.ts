import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pricingMessages, quoteMessages } from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSignature, MAX_SIGNATURE_BYTES } from '../src/modules/quotes/quote-accept.service';
import { createTestApp, type TestApp, TestClient } from './harness';
import {
  dataUrl,
  eventually,
  ok,
  type QuoteDealer,
  quoteDealer,
  quoteWithLines,
  signaturePng,
} from './quote-fixtures';

let t: TestApp;
let d: QuoteDealer;
let other: QuoteDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await quoteDealer(t, 'Accept');
  other = await quoteDealer(t, 'Other');
});
afterAll(async () => {
  await t?.close();
});

const TWO_LINES = [
  { window: 'Home/Lounge/Left', width: 900, height: 1000 },
  { window: 'Home/Bedroom', width: '36 3/8', height: 40, unit: 'in' as const },
];

const getQuote = async (id: number, c: TestClient = d.client) => ok(await c.get(`/api/deal-quotes/${id}`));
const accept = (id: number, body: object, c: TestClient = d.client, headers: Record<string, string> = {}) =>
  c.post(`/api/deal-quotes/${id}/accept`, body, headers);
const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.pool.query<{ n: string }>(sql, params)).rows[0]!.n);
const acceptances = (quoteId: number) =>
  count('SELECT count(*) AS n FROM quote_acceptances WHERE quote_id = $1', [quoteId]);
/** Signature files stored (the frozen PDFs arrive later, from the job). */
const signatureFiles = () =>
  count(`SELECT count(*) AS n FROM files WHERE account_id = $1 AND filename LIKE 'signature-%'`, [
    d.dealer.accountId,
  ]);
const pdfJobs = (quoteId: number) =>
  count(`SELECT count(*) AS n FROM pgboss.job WHERE name = 'quote-pdf' AND (data->>'quoteId')::int = $1`, [
    quoteId,
  ]);
const pdfJobsPending = () =>
  count(
    `SELECT count(*) AS n FROM pgboss.job WHERE name = 'quote-pdf' AND state IN ('created', 'retry', 'active')`,
  );
/** Files being written or left behind by a refused write (the file store's incoming folder). */
const incomingFiles = async () =>
  (await fs.readdir(path.join(path.dirname(t.outboxDir), 'files', '.incoming')).catch(() => [])).length;
const minus = (a: string, b: string) => fromScaled(toScaled(a) - toScaled(b), 2);

async function setPricing(quoteId: number, body: object) {
  const q = await getQuote(quoteId);
  return ok(
    await d.client.put(`/api/deal-quotes/${quoteId}/pricing`, { lastUpdatedAt: q.lastUpdatedAt, ...body }),
  );
}

describe('POST /deal-quotes/{id}/accept', () => {
  it('accepts with a drawn signature and records who, when, from where and the pricing at that moment', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES);
    await setPricing(quoteId, {
      depositAmountOverride: '100',
      adjustments: [{ label: 'Delivery', amountIncTax: '55', taxType: 'STANDARD' }],
    });
    const before = await getQuote(quoteId);
    expect(before.context.acceptance).toBeNull();
    expect(before.context.acceptedQuoteDocument).toBeNull();
    const png = signaturePng();
    const started = Date.now();
    const res = ok(
      await accept(quoteId, { signature: dataUrl(png) }, d.client, { 'user-agent': 'SlatTest/1.0 (pen)' }),
    );
    expect(res.id).toBe(quoteId);
    expect(Math.abs(Date.parse(res.acceptedAt) - started)).toBeLessThan(10_000);

    const q = await getQuote(quoteId);
    expect(q.status).toBe('ACCEPTED');
    expect(q.isReadOnly).toBe(true);
    expect(q.acceptedAt).toBe(res.acceptedAt);
    const a = q.context.acceptance;
    expect(a).toMatchObject({
      acceptedAt: res.acceptedAt,
      acceptedBy: { type: 'USER', name: `${d.dealer.firstName} ${d.dealer.lastName}` },
      acceptedWithoutSignature: false,
      ipAddress: d.client.ip,
      userAgent: 'SlatTest/1.0 (pen)',
    });
    // Frozen: exactly the pricing the quote had (with the adjustment and the deposit override).
    expect(a.pricing).toEqual(before.context.pricing);
    expect(a.pricing.depositAmount).toBe('100.00');
    expect(a.pricing.adjustments.map((x: { label: string }) => x.label)).toEqual(['Delivery']);

    // The signature: the PNG sent, served to the owner only, never cached.
    expect(a.signatureUrl).toMatch(new RegExp(`^/api/deal-quotes/${quoteId}/files/\\d+$`));
    const image = await d.client.get(a.signatureUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await other.client.get(a.signatureUrl)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(a.signatureUrl)).statusCode).toBe(401);

    // The frozen PDF, rendered by the job the accept enqueued, with the SHA-256 of its bytes.
    const done = await eventually(async () => {
      const now = await getQuote(quoteId);
      return now.context.acceptedQuoteDocument ? now : undefined;
    });
    const sha = done.context.acceptance.documentSha256 as string;
    expect(sha).toMatch(/^[0-9a-f]{64}$/);
    const docUrl = `/api/deal-quotes/${quoteId}/files/${done.context.acceptedQuoteDocument.id}`;
    const pdf = await d.client.get(docUrl);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(sha);
    const { rows } = await t.pool.query<{ storage_path: string }>(
      'SELECT storage_path FROM files WHERE id = $1',
      [done.context.acceptedQuoteDocument.id],
    );
    const onDisk = await fs.readFile(path.join(path.dirname(t.outboxDir), 'files', rows[0]!.storage_path));
    expect(createHash('sha256').update(onDisk).digest('hex')).toBe(sha);
    expect(Date.parse(done.context.acceptedQuoteDocument.createdAt)).toBeGreaterThanOrEqual(
      Date.parse(res.acceptedAt),
    );
    // One job, enqueued with the acceptance.
    expect(await pdfJobs(quoteId)).toBe(1);
  });

  it('accepts without a signature when asked to', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    const files = await signatureFiles();
    ok(await accept(quoteId, { acceptWithoutSignature: true, signature: null }));
    const a = (await getQuote(quoteId)).context.acceptance;
    expect(a.acceptedWithoutSignature).toBe(true);
    expect(a.signatureUrl).toBeNull();
    expect(await signatureFiles()).toBe(files);
  });

  it('answers 400 naming signature without a valid PNG signature or the box ticked, and stores nothing', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    // The frozen PDFs of earlier tests' accepts are written by the job queue through the same
    // incoming folder: let them finish first, so what is counted there is this test's alone.
    await eventually(async () => (await pdfJobsPending()) === 0);
    const files = await signatureFiles();
    const cases: [object, string][] = [
      [{}, pricingMessages.acceptNeedsSignature],
      [{ acceptWithoutSignature: false }, pricingMessages.acceptNeedsSignature],
      [{ signature: '', acceptWithoutSignature: false }, pricingMessages.acceptNeedsSignature],
      [{ signature: null }, pricingMessages.acceptNeedsSignature],
      [{ signature: 'not a data url' }, pricingMessages.signatureInvalid],
      [
        { signature: `data:image/jpeg;base64,${signaturePng().toString('base64')}` },
        pricingMessages.signatureInvalid,
      ],
      // PNG declared, JPEG bytes inside.
      [
        {
          signature: `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5]).toString('base64')}`,
        },
        pricingMessages.signatureInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await accept(quoteId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.fields).toEqual([{ path: 'signature', message }]);
    }
    // A signature over the 1 MB request body limit is refused before it is read (413).
    const huge = await accept(quoteId, {
      signature: dataUrl(Buffer.concat([signaturePng().subarray(0, 8), Buffer.alloc(800 * 1024)])),
    });
    expect(huge.statusCode).toBe(413);
    expect(await acceptances(quoteId)).toBe(0);
    expect((await getQuote(quoteId)).status).toBe('DRAFT');
    expect(await signatureFiles()).toBe(files);
    expect(await incomingFiles()).toBe(0);
    expect(await pdfJobs(quoteId)).toBe(0);
  });

  it('answers 409 for a quote already accepted, archived, on an archived deal, without lines or with line errors', async () => {
    const signature = dataUrl(signaturePng());
    const files = await signatureFiles();
    const expectConflict = async (quoteId: number, message: string) => {
      for (const body of [{ signature }, { acceptWithoutSignature: true }]) {
        const res = await accept(quoteId, body);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error.message).toBe(message);
      }
    };

    const empty = ok(
      await d.client.post(`/api/deals/${(await quoteWithLines(d, [])).dealId}/quotes/legacy/add`, {}),
    );
    await expectConflict(empty.id, pricingMessages.acceptNoProducts);

    const bad = await quoteWithLines(d, [{ window: 'Wide', width: 2400, height: 1000 }]);
    expect((await getQuote(bad.quoteId)).context.errorLineCount).toBe(1);
    await expectConflict(bad.quoteId, pricingMessages.acceptHasErrors);

    const archived = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    ok(await d.client.post(`/api/deal-quotes/${archived.quoteId}/archive`));
    await expectConflict(archived.quoteId, quoteMessages.readOnly);

    const onArchivedDeal = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    await t.pool.query('UPDATE deals SET is_archived = true WHERE id = $1', [onArchivedDeal.dealId]);
    await expectConflict(onArchivedDeal.quoteId, quoteMessages.readOnly);

    expect(await signatureFiles()).toBe(files); // refused signatures leave no file
    expect(await incomingFiles()).toBe(0);
    const twice = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    ok(await accept(twice.quoteId, { acceptWithoutSignature: true }));
    await expectConflict(twice.quoteId, pricingMessages.alreadyAccepted);
    expect(await acceptances(twice.quoteId)).toBe(1);
    for (const id of [empty.id, bad.quoteId, archived.quoteId, onArchivedDeal.quoteId])
      expect(await acceptances(id)).toBe(0);
  });

  it('makes exactly one acceptance of 20 concurrent accepts', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES);
    const signature = dataUrl(signaturePng());
    const files = await signatureFiles();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        accept(quoteId, i % 2 ? { signature } : { acceptWithoutSignature: true }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const r of answers.filter((x) => x.statusCode === 409))
      expect(r.json().error.message).toBe(pricingMessages.alreadyAccepted);
    expect(await acceptances(quoteId)).toBe(1);
    expect(await pdfJobs(quoteId)).toBe(1);
    const a = (await getQuote(quoteId)).context.acceptance;
    // The winner's signature only (or none): the 19 refused ones left no file behind.
    expect(await signatureFiles()).toBe(files + (a.acceptedWithoutSignature ? 0 : 1));
    expect(await incomingFiles()).toBe(0);
  });

  it('leaves the accepted quote read-only: every write answers 409 and changes nothing', async () => {
    const { quoteId, orderId, lineIds } = await quoteWithLines(d, TWO_LINES);
    ok(await accept(quoteId, { acceptWithoutSignature: true }));
    const before = await getQuote(quoteId);
    const [first] = lineIds;
    const writes = [
      () =>
        d.client.put(`/api/old/quotes/${orderId}/windows/${first!.windowId}/products/${first!.lineId}`, {
          quantity: 3,
        }),
      () =>
        d.client.post(`/api/old/quotes/${orderId}/windows/${first!.windowId}/products`, {
          product_id: d.productId,
          width: 900,
          height: 900,
          unit: 'mm',
        }),
      () =>
        d.client.post(`/api/old/quotes/${orderId}/windows`, {
          order_windows: [{ order_id: orderId, name: 'More' }],
        }),
      () =>
        d.client.post(`/api/old/quotes/${orderId}/windows/${first!.windowId}/products/${first!.lineId}`, {
          _method: 'DELETE',
        }),
      () =>
        d.client.post(`/api/deal-quotes/${quoteId}/update`, { description: 'Changed', customerNotes: '' }),
      () =>
        d.client.put(`/api/deal-quotes/${quoteId}/pricing`, {
          lastUpdatedAt: before.lastUpdatedAt,
          depositAmountOverride: '1',
        }),
      () =>
        d.client.post(`/api/old/quotes/${orderId}/manage-prices/apply-override-total`, {
          override_total: '10',
        }),
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.statusCode, res.body).toBe(409);
    }
    const after = await getQuote(quoteId);
    expect(after.context.orderLines).toEqual(before.context.orderLines);
    expect(after.context.pricing).toEqual(before.context.pricing);
    expect(after.description).toBe(before.description);
    expect(after.lastUpdatedAt).toBe(before.lastUpdatedAt);
  });

  it('answers 404 for another dealer’s quote and a missing one, with nothing stored', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    for (const body of [{ acceptWithoutSignature: true }, { signature: dataUrl(signaturePng()) }]) {
      expect((await accept(quoteId, body, other.client)).statusCode).toBe(404);
      expect((await accept(2_000_000_000, body)).statusCode).toBe(404);
    }
    expect((await other.client.post(`/api/deal-quotes/${quoteId}/revise`)).statusCode).toBe(404);
    expect(await acceptances(quoteId)).toBe(0);
    expect(
      await count('SELECT count(*) AS n FROM files WHERE account_id = $1', [other.dealer.accountId]),
    ).toBe(0);
  });

  it('answers 401 without a session and 419 without the CSRF token', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken();
    expect((await accept(quoteId, { acceptWithoutSignature: true }, anonymous)).statusCode).toBe(401);
    expect((await anonymous.post(`/api/deal-quotes/${quoteId}/revise`)).statusCode).toBe(401);
    const token = d.client.token;
    d.client.token = undefined;
    try {
      expect((await accept(quoteId, { acceptWithoutSignature: true })).statusCode).toBe(419);
      expect((await d.client.post(`/api/deal-quotes/${quoteId}/revise`)).statusCode).toBe(419);
    } finally {
      d.client.token = token;
    }
    expect(await acceptances(quoteId)).toBe(0);
  });
});

describe('decodeSignature', () => {
  it('takes a PNG data URL of at most 1 MB, and nothing else', () => {
    const png = signaturePng();
    expect(decodeSignature(dataUrl(png)).equals(png)).toBe(true);
    const atLimit = Buffer.concat([png.subarray(0, 8), Buffer.alloc(MAX_SIGNATURE_BYTES - 8)]);
    expect(decodeSignature(dataUrl(atLimit)).length).toBe(MAX_SIGNATURE_BYTES);
    for (const bad of [
      dataUrl(Buffer.concat([atLimit, Buffer.alloc(1)])),
      dataUrl(png.subarray(0, 8)),
      `data:image/png;base64,${png.toString('base64')}!`,
      `data:image/gif;base64,${png.toString('base64')}`,
    ])
      expect(() => decodeSignature(bad)).toThrow(pricingMessages.signatureInvalid);
  });
});

describe('POST /deal-quotes/{id}/revise', () => {
  it('answers 409 for a quote that is not accepted', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    const res = await d.client.post(`/api/deal-quotes/${quoteId}/revise`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(pricingMessages.reviseNotAccepted);
  });

  it('makes one DRAFT revision with copies of the lines and pricing inputs; accepting it shows the difference', async () => {
    const made = await quoteWithLines(d, TWO_LINES);
    await setPricing(made.quoteId, {
      depositAmountOverride: '150.5',
      adjustments: [{ label: 'Discount', amountIncTax: '-20', taxType: 'STANDARD' }],
    });
    ok(await accept(made.quoteId, { signature: dataUrl(signaturePng()) }));
    const original = await getQuote(made.quoteId);

    const { id } = ok(await d.client.post(`/api/deal-quotes/${made.quoteId}/revise`));
    expect(id).not.toBe(made.quoteId);
    const revision = await getQuote(id);
    expect(revision.status).toBe('DRAFT');
    expect(revision.isReadOnly).toBe(false);
    expect(revision.acceptedAt).toBeNull();
    expect(revision.dealId).toBe(original.dealId);
    expect(revision.tuid).toBeGreaterThan(original.tuid);
    expect(revision.externalId).not.toBe(original.externalId);
    expect(revision.description).toBe(original.description);
    expect(revision.customerNotes).toBe(original.customerNotes);
    expect(revision.context.acceptance).toBeNull();
    expect(revision.context.revision).toEqual({
      number: 2,
      revisionOf: { id: original.id, tuid: original.tuid },
      revisedBy: null,
      difference: null,
    });
    // Every window and line copied (same products, sizes as entered, prices), and the pricing inputs.
    const strip = (lines: { id: number; orderId: number; orderWindowId: number }[]) =>
      lines.map(({ id: _id, orderId: _o, orderWindowId: _w, ...rest }) => rest);
    expect(strip(revision.context.orderLines)).toEqual(strip(original.context.orderLines));
    expect(revision.context.pricing).toEqual(original.context.acceptance.pricing);

    // The accepted one is kept, read-only, and names its revision.
    const kept = await getQuote(made.quoteId);
    expect(kept.status).toBe('ACCEPTED');
    expect(kept.context.revision).toEqual({
      number: 1,
      revisionOf: null,
      revisedBy: { id, tuid: revision.tuid },
      difference: null,
    });
    const [first] = made.lineIds;
    expect(
      (
        await d.client.put(
          `/api/old/quotes/${made.orderId}/windows/${first!.windowId}/products/${first!.lineId}`,
          { quantity: 2 },
        )
      ).statusCode,
    ).toBe(409);

    // One revision per accepted quote: a second revise names the existing one.
    const again = await d.client.post(`/api/deal-quotes/${made.quoteId}/revise`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`${pricingMessages.alreadyRevised}: quote ${revision.tuid}`);
    expect(
      await count('SELECT count(*) AS n FROM deal_quotes WHERE revision_of_id = $1', [made.quoteId]),
    ).toBe(1);

    // Change a line of the revision (a bigger blind, two of them), accept it: the deal owes the difference.
    const line = revision.context.orderLines[0];
    ok(
      await d.client.put(
        `/api/old/quotes/${revision.externalId}/windows/${line.orderWindowId}/products/${line.id}`,
        {
          width: 1100,
          quantity: 2,
        },
      ),
    );
    ok(await accept(id, { acceptWithoutSignature: true }));
    const accepted = await getQuote(id);
    const now = accepted.context.acceptance.pricing;
    const then = original.context.acceptance.pricing;
    expect(accepted.context.revision.difference).toEqual({
      total: minus(now.sellGrandTotalIncTax, then.sellGrandTotalIncTax),
      deposit: minus(now.depositAmount, then.depositAmount),
    });
    expect(toScaled(accepted.context.revision.difference.total)).toBeGreaterThan(0n);
    // The deposit override was copied: the same deposit, no difference owed on it.
    expect(accepted.context.revision.difference.deposit).toBe('0.00');

    // A revision of the revision is number 3 and links to the second.
    const third = ok(await d.client.post(`/api/deal-quotes/${id}/revise`));
    expect((await getQuote(third.id)).context.revision).toMatchObject({
      number: 3,
      revisionOf: { id, tuid: revision.tuid },
    });
  });

  it('shows a negative difference when the revision costs less', async () => {
    const made = await quoteWithLines(d, TWO_LINES);
    ok(await accept(made.quoteId, { acceptWithoutSignature: true }));
    const { id } = ok(await d.client.post(`/api/deal-quotes/${made.quoteId}/revise`));
    const revision = await getQuote(id);
    const line = revision.context.orderLines[1];
    ok(
      await d.client.post(
        `/api/old/quotes/${revision.externalId}/windows/${line.orderWindowId}/products/${line.id}`,
        { _method: 'DELETE' },
      ),
    );
    ok(await accept(id, { acceptWithoutSignature: true }));
    const difference = (await getQuote(id)).context.revision.difference;
    expect(difference.total.startsWith('-')).toBe(true);
    expect(difference.deposit.startsWith('-')).toBe(true);
  });
});
