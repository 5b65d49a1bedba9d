import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pricingMessages, quoteMessages } from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawnSignaturePng } from '../src/db/seed/signature';
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
/** Whether two PNGs hold the same pixels (as 8-bit RGBA), whatever their encoding. */
function samePixels(a: Buffer, b: Buffer): boolean {
  const [x, y] = [PNG.sync.read(a), PNG.sync.read(b)];
  return x.width === y.width && x.height === y.height && x.data.equals(y.data);
}
/** A complete, valid PNG of this size (transparent). */
const blankPng = (width: number, height: number) => PNG.sync.write(new PNG({ width, height }));

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
      await accept(quoteId, { signature: dataUrl(png), signerName: ' Jordan Customer ' }, d.client, {
        'user-agent': 'SlatTest/1.0 (pen)',
      }),
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
      signerName: 'Jordan Customer',
      acceptedWithoutSignature: false,
      ipAddress: d.client.ip,
      userAgent: 'SlatTest/1.0 (pen)',
    });
    // Frozen: exactly the pricing the quote had (with the adjustment and the deposit override).
    expect(a.pricing).toEqual(before.context.pricing);
    expect(a.pricing.depositAmount).toBe('100.00');
    expect(a.pricing.adjustments.map((x: { label: string }) => x.label)).toEqual(['Delivery']);

    // The signature: the pixels sent, in a PNG the server wrote, served to the owner only, never cached.
    expect(a.signatureUrl).toMatch(new RegExp(`^/api/deal-quotes/${quoteId}/files/\\d+$`));
    const image = await d.client.get(a.signatureUrl);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(samePixels(image.rawPayload, png)).toBe(true);
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
      for (const body of [{ signature, signerName: 'Casey' }, { acceptWithoutSignature: true }]) {
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
        accept(quoteId, i % 2 ? { signature, signerName: 'Casey' } : { acceptWithoutSignature: true }),
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
    // the acceptance's PDF job may be writing its own file through .incoming on a busy machine:
    // once it is done nothing is left there (a refused signature's file would stay)
    await expect.poll(incomingFiles, { timeout: 60_000 }).toBe(0);
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
    for (const body of [
      { acceptWithoutSignature: true },
      { signature: dataUrl(signaturePng()), signerName: 'Casey' },
    ]) {
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

describe('POST /deal-quotes/{id}/accept: the signature and who signed', () => {
  it('answers 400 naming signature for damaged, oversized and non-PNG signatures; the quote stays a draft', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    await eventually(async () => (await pdfJobsPending()) === 0);
    const files = await signatureFiles();
    const png = signaturePng();
    const flipped = Buffer.from(png);
    flipped[60] = flipped[60]! ^ 0xff; // inside the image data: its checksum no longer holds
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="768" height="240"><text>Jo</text></svg>';
    const cases: [string, string][] = [
      // damaged: cut off midway (what a dropped upload leaves), without its end, a byte changed, the header alone
      [dataUrl(png.subarray(0, Math.floor(png.length / 2))), pricingMessages.signatureDamaged],
      [dataUrl(png.subarray(0, png.length - 12)), pricingMessages.signatureDamaged],
      [dataUrl(flipped), pricingMessages.signatureDamaged],
      [dataUrl(png.subarray(0, 33)), pricingMessages.signatureDamaged],
      // larger than the canvas at 4× scale (3072 × 960)
      [dataUrl(blankPng(3073, 10)), pricingMessages.signatureTooLarge],
      [dataUrl(blankPng(10, 961)), pricingMessages.signatureTooLarge],
      // not a PNG: a JPEG, an SVG, text
      [
        `data:image/png;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]).toString('base64')}`,
        pricingMessages.signatureInvalid,
      ],
      [`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, pricingMessages.signatureInvalid],
      [`data:image/png;base64,${Buffer.from(svg).toString('base64')}`, pricingMessages.signatureInvalid],
      [
        `data:image/png;base64,${Buffer.from('Jordan Customer').toString('base64')}`,
        pricingMessages.signatureInvalid,
      ],
    ];
    for (const [signature, message] of cases) {
      const res = await accept(quoteId, { signature, signerName: 'Jordan Customer' });
      expect(res.statusCode, `${message}: ${signature.slice(0, 60)}`).toBe(400);
      expect(res.json().error.fields).toEqual([{ path: 'signature', message }]);
    }
    expect(await acceptances(quoteId)).toBe(0);
    expect((await getQuote(quoteId)).status).toBe('DRAFT');
    expect(await signatureFiles()).toBe(files);
    expect(await incomingFiles()).toBe(0);
    expect(await pdfJobs(quoteId)).toBe(0);
  });

  it('takes a signature at exactly 4× the canvas and stores it re-encoded', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    const large = drawnSignaturePng(3072, 960);
    ok(await accept(quoteId, { signature: dataUrl(large), signerName: 'Jordan Customer' }));
    const a = (await getQuote(quoteId)).context.acceptance;
    const image = await d.client.get(a.signatureUrl);
    expect(samePixels(image.rawPayload, large)).toBe(true);
  });

  it('asks the signer’s name with a signature and records it apart from the staff member who recorded the acceptance', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    const signature = dataUrl(signaturePng());
    for (const body of [{ signature }, { signature, signerName: '   ' }, { signature, signerName: null }]) {
      const res = await accept(quoteId, body);
      expect(res.statusCode, JSON.stringify(body).slice(-40)).toBe(400);
      expect(res.json().error.fields).toEqual([
        { path: 'signerName', message: pricingMessages.signerNameRequired },
      ]);
    }
    expect((await getQuote(quoteId)).status).toBe('DRAFT');
    ok(await accept(quoteId, { signature, signerName: 'Alex Homeowner' }));
    const a = (await getQuote(quoteId)).context.acceptance;
    expect(a.signerName).toBe('Alex Homeowner');
    expect(a.acceptedBy).toEqual({ type: 'USER', name: `${d.dealer.firstName} ${d.dealer.lastName}` });
    const { rows } = await t.pool.query('SELECT signer_name FROM quote_acceptances WHERE quote_id = $1', [
      quoteId,
    ]);
    expect(rows[0].signer_name).toBe('Alex Homeowner');

    // Without a signature the name is optional, and kept when given.
    const unsigned = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    ok(await accept(unsigned.quoteId, { acceptWithoutSignature: true, signerName: 'Pat by phone' }));
    expect((await getQuote(unsigned.quoteId)).context.acceptance.signerName).toBe('Pat by phone');
  });
});

describe('POST /deal-quotes/{id}/accept: money that cannot go wrong', () => {
  it('refuses a quote whose total is below zero, with a message; it stays a draft', async () => {
    const { quoteId } = await quoteWithLines(d, TWO_LINES.slice(0, 1));
    const total = (await getQuote(quoteId)).context.pricing.sellGrandTotalIncTax as string;
    const refund = minus('-0.01', total); // the total less a cent below zero
    const priced = await setPricing(quoteId, {
      adjustments: [{ label: 'Refund', amountIncTax: refund, taxType: 'NONE' }],
    });
    expect(priced.pricing).toMatchObject({ sellGrandTotalIncTax: '-0.01', isPricingValid: false });
    for (const body of [
      { signature: dataUrl(signaturePng()), signerName: 'Casey' },
      { acceptWithoutSignature: true },
    ]) {
      const res = await accept(quoteId, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(pricingMessages.acceptNegativeTotal);
    }
    expect(await acceptances(quoteId)).toBe(0);
    expect((await getQuote(quoteId)).status).toBe('DRAFT');
    // At exactly zero it is a price the customer can accept.
    await setPricing(quoteId, {
      adjustments: [{ label: 'Refund', amountIncTax: minus('0', total), taxType: 'NONE' }],
    });
    ok(await accept(quoteId, { acceptWithoutSignature: true }));
  });

  it('never freezes a deposit above the total: lines removed after the override refuse the accept until it is changed', async () => {
    const { quoteId, orderId, lineIds } = await quoteWithLines(d, TWO_LINES);
    const total = (await getQuote(quoteId)).context.pricing.sellGrandTotalIncTax as string;
    await setPricing(quoteId, { depositAmountOverride: total });
    const [first] = lineIds;
    ok(
      await d.client.post(`/api/old/quotes/${orderId}/windows/${first!.windowId}/products/${first!.lineId}`, {
        _method: 'DELETE',
      }),
    );
    const now = (await getQuote(quoteId)).context.pricing;
    expect(toScaled(now.depositAmount)).toBeGreaterThan(toScaled(now.sellGrandTotalIncTax));
    const res = await accept(quoteId, { acceptWithoutSignature: true });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(pricingMessages.acceptDepositAboveTotal);
    expect(await acceptances(quoteId)).toBe(0);
    await setPricing(quoteId, { depositAmountOverride: now.sellGrandTotalIncTax });
    ok(await accept(quoteId, { acceptWithoutSignature: true }));
    const a = (await getQuote(quoteId)).context.acceptance;
    expect(a.pricing.depositAmount).toBe(a.pricing.sellGrandTotalIncTax);
  });
});

describe('decodeSignature', () => {
  it('takes a complete PNG data URL of at most 1 MB and answers its pixels in a PNG of its own', () => {
    const png = signaturePng();
    const stored = decodeSignature(dataUrl(png));
    expect(samePixels(stored, png)).toBe(true);
    // The 1 MB limit holds before anything is decoded.
    const overLimit = Buffer.concat([png.subarray(0, 8), Buffer.alloc(MAX_SIGNATURE_BYTES - 7)]);
    for (const bad of [
      dataUrl(overLimit),
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
    ok(await accept(made.quoteId, { signature: dataUrl(signaturePng()), signerName: 'Casey' }));
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
