import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pricingMessages } from '@slat/contracts';
import { PNG as PngImage } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawnSignaturePng } from '../src/db/seed/signature';
import { formatPdfMoney } from '../src/lib/pdf/index';
import { createTestApp, type TestApp, TestClient, uploadAs } from './harness';
import {
  dataUrl,
  enableTemplates,
  eventually,
  ok,
  type QuoteDealer,
  quoteDealer,
  quoteWithLines,
  readPdf,
  signaturePng,
} from './quote-fixtures';
import { PNG } from './tenancy-fixtures';

let t: TestApp;
let d: QuoteDealer;
let other: QuoteDealer;

const LINES = [
  { window: 'Home/Lounge/Left window', width: 900, height: 1000 },
  { window: 'Home/Lounge/Left window', width: 1200, height: 600 },
  { window: 'Home/Bedroom', width: '36 3/8', height: '40 1/2', unit: 'in' as const },
];

beforeAll(async () => {
  t = await createTestApp();
  d = await quoteDealer(t, 'Pdf');
  other = await quoteDealer(t, 'Elsewhere');
  await enableTemplates(t, d.dealer.accountId);
  await enableTemplates(t, other.dealer.accountId);
  ok(
    await d.client.post('/api/old/account-settings/dealer-portal', {
      companyDetails: 'ABN 12 345 678 901 · Showroom open Mon–Sat',
      bindingText: 'Prices are valid for 30 days. A deposit secures your order.',
    }),
  );
});
afterAll(async () => {
  await t?.close();
});

const getQuote = async (id: number, c: TestClient = d.client) => ok(await c.get(`/api/deal-quotes/${id}`));

/** A typed name's signature as the browser's canvas makes one: an opaque white ground, dark letters (here bars). */
function typedNamePng(): Buffer {
  const png = new PngImage({ width: 768, height: 240, colorType: 2 });
  png.data.fill(0xff);
  for (let y = 100; y < 140; y++)
    for (let x = 48; x < 720; x++)
      if (x % 24 < 14) png.data.fill(0x1a, (y * 768 + x) * 4, (y * 768 + x) * 4 + 3);
  return PngImage.sync.write(png, { colorType: 2 });
}
const squash = (text: string) => text.replace(/\s+/g, ' ');

/** GET the PDF call, then the file it names: the answer's URL, the file's response and its text. */
async function fetchPdf(
  quoteId: number,
  kind: 'pdf' | 'measure-pdf' | 'install-pdf',
  c: TestClient = d.client,
) {
  const { url } = ok(await c.get(`/api/deal-quotes/${quoteId}/${kind}`));
  expect(url).toMatch(new RegExp(`^/api/deal-quotes/${quoteId}/files/\\d+$`));
  const file = await c.get(url);
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  expect(file.headers['cache-control']).toBe('private, no-store');
  expect(file.headers['x-content-type-options']).toBe('nosniff');
  expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  const pdf = await readPdf(file.rawPayload);
  return { url: url as string, file, ...pdf, text: squash(pdf.text) };
}

describe('GET /deal-quotes/{id}/pdf', () => {
  it('prints the quote: customer, lines by window with sizes as entered, totals equal to the API’s', async () => {
    const made = await quoteWithLines(d, LINES, { contactName: 'Morgan Ellery-Vance' });
    const q = await getQuote(made.quoteId);
    const pricing = q.context.pricing;
    const { text, pages, images } = await fetchPdf(made.quoteId, 'pdf');
    expect(pages).toBe(1);
    expect(images).toBe(0); // no logo, not signed
    expect(text).toContain('Morgan Ellery-Vance');
    expect(text).toContain(`Quote ${q.tuid}`);
    expect(text).toContain('Home › Lounge › Left window');
    expect(text).toContain('Home › Bedroom');
    for (const line of q.context.orderLines)
      expect(text).toContain(`${line.context.configuration.width} × ${line.context.configuration.height}`);
    expect(text).toContain('36 3/8');
    expect(text).toContain('40 1/2');
    expect(text).toContain(`Total (inc tax) ${formatPdfMoney(pricing.sellGrandTotalIncTax)}`);
    expect(text).toContain(`Includes tax (10%) of ${formatPdfMoney(pricing.sellTaxTotal)}`);
    expect(text).toContain(`Deposit ${formatPdfMoney(pricing.depositAmount)}`);
    expect(text).toContain('ABN 12 345 678 901');
    expect(text).toContain('Prices are valid for 30 days');
    expect(text).toContain('Allow three weeks'); // the customer notes
    // Money with two decimals everywhere.
    for (const amount of text.match(/\$[\d,]+(\.\d+)?/g) ?? []) expect(amount).toMatch(/\.\d{2}$/);
  });

  it('prints prices ex tax, the tax and the adjustments of an EXCLUSIVE quote', async () => {
    ok(await d.client.post('/api/old/account-settings/dealer-portal', { quotePricingTaxMode: 'EXCLUSIVE' }));
    try {
      const made = await quoteWithLines(d, LINES.slice(0, 2));
      const before = await getQuote(made.quoteId);
      expect(before.config.taxMode).toBe('EXCLUSIVE');
      ok(
        await d.client.put(`/api/deal-quotes/${made.quoteId}/pricing`, {
          lastUpdatedAt: before.lastUpdatedAt,
          adjustments: [{ label: 'Installation', amountExTax: '1234.5', taxType: 'STANDARD' }],
        }),
      );
      const pricing = (await getQuote(made.quoteId)).context.pricing;
      const { text } = await fetchPdf(made.quoteId, 'pdf');
      expect(text).toContain('Price (ex tax)');
      expect(text).toContain(`Subtotal (ex tax) ${formatPdfMoney(pricing.sellTotalOrderLinesExTax)}`);
      expect(text).toContain(`Installation ${formatPdfMoney('1234.50')}`);
      expect(text).toContain('$1,234.50');
      expect(text).toContain(`Tax (10%) ${formatPdfMoney(pricing.sellTaxTotal)}`);
      expect(text).toContain(`Total (inc tax) ${formatPdfMoney(pricing.sellGrandTotalIncTax)}`);
    } finally {
      ok(
        await d.client.post('/api/old/account-settings/dealer-portal', { quotePricingTaxMode: 'INCLUSIVE' }),
      );
    }
  });

  it('answers the same stored file for an unchanged quote and a new one after a change', async () => {
    const made = await quoteWithLines(d, LINES.slice(0, 1));
    const first = ok(await d.client.get(`/api/deal-quotes/${made.quoteId}/pdf`)).url;
    expect(ok(await d.client.get(`/api/deal-quotes/${made.quoteId}/pdf`)).url).toBe(first);
    const [line] = made.lineIds;
    ok(
      await d.client.put(
        `/api/old/quotes/${made.orderId}/windows/${line!.windowId}/products/${line!.lineId}`,
        {
          width: 1000,
        },
      ),
    );
    const { url, text } = await fetchPdf(made.quoteId, 'pdf');
    expect(url).not.toBe(first);
    expect(text).toContain('1000 mm');
  });

  it('deletes a PDF of an earlier state once it is an hour old; the newer ones stay', async () => {
    const made = await quoteWithLines(d, LINES.slice(0, 1));
    const [line] = made.lineIds;
    const widen = async (width: number) =>
      ok(
        await d.client.put(
          `/api/old/quotes/${made.orderId}/windows/${line!.windowId}/products/${line!.lineId}`,
          { width },
        ),
      );
    const fileIdOf = (url: string) => Number(url.split('/').pop());
    const first = await fetchPdf(made.quoteId, 'pdf');
    const { rows } = await t.pool.query<{ storage_path: string }>(
      'SELECT storage_path FROM files WHERE id = $1',
      [fileIdOf(first.url)],
    );
    const firstPath = t.services.files.path(rows[0]!.storage_path);
    expect(fs.existsSync(firstPath)).toBe(true);
    await widen(1000);
    const second = await fetchPdf(made.quoteId, 'pdf');
    expect(second.url).not.toBe(first.url);
    // kept for an hour: a viewer opened before the change can still download it
    expect((await d.client.get(first.url)).statusCode).toBe(200);

    await t.pool.query(`UPDATE files SET created_at = now() - interval '61 minutes' WHERE id = $1`, [
      fileIdOf(first.url),
    ]);
    await widen(1100);
    const third = await fetchPdf(made.quoteId, 'pdf');
    expect(third.text).toContain('1100 mm');
    expect((await d.client.get(first.url)).statusCode).toBe(404);
    expect(fs.existsSync(firstPath)).toBe(false);
    expect((await t.pool.query('SELECT 1 FROM files WHERE id = $1', [fileIdOf(first.url)])).rowCount).toBe(0);
    expect((await d.client.get(second.url)).statusCode).toBe(200);
    // another kind of the same quote is not touched
    const measure = await fetchPdf(made.quoteId, 'measure-pdf');
    await t.pool.query(`UPDATE files SET created_at = now() - interval '2 hours' WHERE id = $1`, [
      fileIdOf(second.url),
    ]);
    await widen(1200);
    await fetchPdf(made.quoteId, 'pdf');
    expect((await d.client.get(second.url)).statusCode).toBe(404);
    expect((await d.client.get(measure.url)).statusCode).toBe(200);
  });

  it('shows the company logo', async () => {
    const logo = ok(
      await uploadAs(d.client, '/api/old/account-settings/dealer-portal/logo', {
        filename: 'logo.png',
        content: PNG,
      }),
    );
    ok(
      await d.client.post('/api/old/account-settings/dealer-portal', {
        companyLogoDocumentId: logo.companyLogoDocumentId,
      }),
    );
    try {
      const made = await quoteWithLines(d, LINES.slice(0, 1));
      expect((await fetchPdf(made.quoteId, 'pdf')).images).toBe(1);
    } finally {
      ok(await d.client.post('/api/old/account-settings/dealer-portal', { companyLogoDocumentId: null }));
    }
  });

  it('answers the frozen PDF of an accepted quote, with the signature and the acceptance line', async () => {
    const made = await quoteWithLines(d, LINES, { contactName: 'Riley Signer' });
    ok(
      await d.client.post(`/api/deal-quotes/${made.quoteId}/accept`, {
        signature: dataUrl(signaturePng()),
        signerName: 'Riley Signer',
      }),
    );
    const { url, file, text, images } = await fetchPdf(made.quoteId, 'pdf');
    const q = await eventually(async () => {
      const now = await getQuote(made.quoteId);
      return now.context.acceptedQuoteDocument ? now : undefined;
    });
    expect(url).toBe(`/api/deal-quotes/${made.quoteId}/files/${q.context.acceptedQuoteDocument.id}`);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(
      q.context.acceptance.documentSha256,
    );
    expect(images).toBe(1); // the signature (an image XObject drawn on the page)
    expect(text).toContain('Signed by Riley Signer on');
    expect(text).toContain(`Recorded by ${d.dealer.firstName} ${d.dealer.lastName}`);
    expect(text).toContain(
      `Total (inc tax) ${formatPdfMoney(q.context.acceptance.pricing.sellGrandTotalIncTax)}`,
    );
    expect(text).toContain('Riley Signer');
    // Asking again renders nothing new: the same frozen file.
    expect(ok(await d.client.get(`/api/deal-quotes/${made.quoteId}/pdf`)).url).toBe(url);
  });

  it('renders the accepted PDF, "Signed by" the signer, for every kind of signature stored: a typed name, a drawn one, one at 4× scale', async () => {
    const staff = `${d.dealer.firstName} ${d.dealer.lastName}`;
    const signatures: [string, Buffer][] = [
      ['typed name', typedNamePng()],
      ['drawn', drawnSignaturePng()],
      ['4× scale', drawnSignaturePng(3072, 960)],
    ];
    for (const [kind, png] of signatures) {
      const made = await quoteWithLines(d, LINES.slice(0, 1), { contactName: 'Morgan Contact' });
      ok(
        await d.client.post(`/api/deal-quotes/${made.quoteId}/accept`, {
          signature: dataUrl(png),
          signerName: `Signer of the ${kind}`,
        }),
      );
      const { text, images } = await fetchPdf(made.quoteId, 'pdf');
      expect(images, kind).toBe(1);
      expect(text, kind).toContain(`Signed by Signer of the ${kind} on`);
      expect(text, kind).toContain(`Recorded by ${staff}`);
    }
  });

  it('still renders the accepted PDF of a signature stored cut off before signatures were checked, saying so', async () => {
    const made = await quoteWithLines(d, LINES.slice(0, 1));
    ok(
      await d.client.post(`/api/deal-quotes/${made.quoteId}/accept`, {
        signature: dataUrl(signaturePng()),
        signerName: 'Jamie Earlier',
      }),
    );
    await eventually(async () => (await getQuote(made.quoteId)).context.acceptedQuoteDocument);
    // What an unchecked accept stored: the PNG cut off midway. The frozen PDF is made afresh.
    const { rows } = await t.pool.query<{ storage_path: string }>(
      `SELECT f.storage_path FROM quote_acceptances a JOIN files f ON f.id = a.signature_file_id
        WHERE a.quote_id = $1`,
      [made.quoteId],
    );
    const png = signaturePng();
    fs.writeFileSync(
      path.join(path.dirname(t.outboxDir), 'files', rows[0]!.storage_path),
      png.subarray(0, Math.floor(png.length / 2)),
    );
    await t.pool.query(
      `UPDATE quote_acceptances SET document_file_id = NULL, document_sha256 = NULL, document_created_at = NULL
        WHERE quote_id = $1`,
      [made.quoteId],
    );
    const { text, images } = await fetchPdf(made.quoteId, 'pdf');
    expect(images).toBe(0);
    expect(text).toContain('The signature image could not be shown.');
    expect(text).toContain('Signed by Jamie Earlier on');
  });

  it('prints an acceptance without signature without an image', async () => {
    const made = await quoteWithLines(d, LINES.slice(0, 1));
    ok(await d.client.post(`/api/deal-quotes/${made.quoteId}/accept`, { acceptWithoutSignature: true }));
    const { text, images } = await fetchPdf(made.quoteId, 'pdf');
    expect(images).toBe(0);
    expect(text).toContain(`Accepted without signature by ${d.dealer.firstName} ${d.dealer.lastName} on`);
  });

  it('runs to more pages for a long quote, the total on the last', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      window: `Tower/Level ${Math.floor(i / 6) + 1}/Window ${(i % 6) + 1}`,
      width: 600 + ((i * 10) % 600),
      height: 900,
    }));
    const made = await quoteWithLines(d, many);
    const pricing = (await getQuote(made.quoteId)).context.pricing;
    const { text, pages } = await fetchPdf(made.quoteId, 'pdf');
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.split('\n').at(-1)).toContain(formatPdfMoney(pricing.sellGrandTotalIncTax));
  });
});

describe('GET /deal-quotes/{id}/measure-pdf and /install-pdf', () => {
  it('prints each window group’s products with width, drop, mount and notes as entered', async () => {
    const made = await quoteWithLines(d, LINES);
    const [, second, third] = made.lineIds;
    ok(
      await d.client.put(
        `/api/old/quotes/${made.orderId}/windows/${second!.windowId}/products/${second!.lineId}`,
        {
          site_mount: 'OUTSIDE',
          notes: 'Tiles below the sill',
        },
      ),
    );
    ok(
      await d.client.put(
        `/api/old/quotes/${made.orderId}/windows/${third!.windowId}/products/${third!.lineId}`,
        {
          site_mount: 'INSIDE',
        },
      ),
    );
    const q = await getQuote(made.quoteId);
    const measure = await fetchPdf(made.quoteId, 'measure-pdf');
    expect(measure.text).toContain('Measure sheet');
    expect(measure.text).toContain('Home › Lounge › Left window');
    expect(measure.text).toContain('Pdf Roller');
    for (const line of q.context.orderLines) {
      expect(measure.text).toContain(line.context.configuration.width);
      expect(measure.text).toContain(line.context.configuration.height);
    }
    expect(measure.text).toContain('Outside (face) fit');
    expect(measure.text).toContain('Tiles below the sill');
    expect(measure.text).toContain('Inside (recess) fit');
    expect(measure.text).toContain('Casey Pdf Customer');
    expect(measure.text).not.toMatch(/\$\d/); // no prices on a site sheet

    const install = await fetchPdf(made.quoteId, 'install-pdf');
    expect(install.text).toContain('Install sheet');
    expect(install.text).toContain('Installed');
    expect(install.text).toContain('36 3/8');
    expect(install.text).toContain('Outside (face) fit');
    expect(install.text).toContain('Tiles below the sill');
    expect(install.text).not.toMatch(/\$\d/);
  });
});

describe('the site on the measure and install sheets', () => {
  const address = '14 Wattle Street, Paddington NSW 2021';
  const access = 'Side gate code 4471, dog in the back yard';

  async function setSite(dealId: number, siteAddress: string, accessNotes: string) {
    const deal = ok(await d.client.get(`/api/deals/${dealId}`));
    const { name, description, contactId } = deal;
    ok(
      await d.client.put(`/api/deals/${dealId}`, { name, description, contactId, siteAddress, accessNotes }),
    );
  }

  it('prints the site address, access notes, the customer’s phone, and each line’s room path, size and mount', async () => {
    const made = await quoteWithLines(d, LINES);
    await setSite(made.dealId, address, access);
    const mounts = ['INSIDE', 'OUTSIDE', 'INSIDE'] as const;
    for (const [i, { windowId, lineId }] of made.lineIds.entries())
      ok(
        await d.client.put(`/api/old/quotes/${made.orderId}/windows/${windowId}/products/${lineId}`, {
          site_mount: mounts[i],
        }),
      );
    const q = await getQuote(made.quoteId);
    for (const kind of ['measure-pdf', 'install-pdf'] as const) {
      const { text } = await fetchPdf(made.quoteId, kind);
      expect(text, kind).toContain(`Site ${address}`);
      expect(text, kind).toContain(`Access: ${access}`);
      expect(text, kind).toContain('0400 000 000');
      // Each room's heading, then its lines' sizes as entered and mounts in the lines' order.
      let at = 0;
      for (const [group, lines] of [
        ['Home › Lounge › Left window', [0, 1]],
        ['Home › Bedroom', [2]],
      ] as const) {
        at = text.indexOf(group, at);
        expect(at, `${kind} ${group}`).toBeGreaterThan(-1);
        for (const i of lines) {
          const line = q.context.orderLines[i];
          for (const part of [
            line.context.configuration.width,
            line.context.configuration.height,
            mounts[i] === 'INSIDE' ? 'Inside (recess) fit' : 'Outside (face) fit',
          ]) {
            const found = text.indexOf(part, at);
            expect(found, `${kind} line ${i}: ${part}`).toBeGreaterThan(at);
            at = found;
          }
        }
      }
    }
  });

  it('prints the site as it is now: an edited address makes a new sheet, and none says so plainly', async () => {
    const made = await quoteWithLines(d, LINES.slice(0, 1));
    const before = await fetchPdf(made.quoteId, 'measure-pdf');
    expect(before.text).toContain('No site address');
    await setSite(made.dealId, address, access);
    const after = await fetchPdf(made.quoteId, 'install-pdf');
    expect(after.text).toContain(address);
    const measured = await fetchPdf(made.quoteId, 'measure-pdf');
    expect(measured.url).not.toBe(before.url);
    expect(measured.text).toContain(address);
    await setSite(made.dealId, '3/27 Ocean Parade, Coogee NSW 2034', '');
    const moved = await fetchPdf(made.quoteId, 'measure-pdf');
    expect(moved.text).toContain('3/27 Ocean Parade, Coogee NSW 2034');
    expect(moved.text).not.toContain(address);
    expect(moved.text).not.toContain('Access:');
  });
});

describe('PDF access', () => {
  it('answers 501 Template Not Configured for a company without a template of the kind', async () => {
    const bare = await quoteDealer(t, 'Bare');
    await enableTemplates(t, bare.dealer.accountId, ['MEASURE']);
    const made = await quoteWithLines(bare, LINES.slice(0, 1));
    for (const kind of ['pdf', 'install-pdf']) {
      const res = await bare.client.get(`/api/deal-quotes/${made.quoteId}/${kind}`);
      expect(res.statusCode).toBe(501);
      expect(res.json()).toEqual({
        error: { code: 'NOT_IMPLEMENTED', message: pricingMessages.templateNotConfigured, fields: [] },
      });
    }
    expect((await bare.client.get(`/api/deal-quotes/${made.quoteId}/measure-pdf`)).statusCode).toBe(200);
    // Another account's quote is 404 first, whatever the caller's templates.
    const mine = await quoteWithLines(d, LINES.slice(0, 1));
    expect((await bare.client.get(`/api/deal-quotes/${mine.quoteId}/pdf`)).statusCode).toBe(404);
  });

  it('serves PDFs to the quote’s owner only: 404 to another dealer, 401 without a session', async () => {
    const made = await quoteWithLines(d, LINES.slice(0, 1));
    const { url } = await fetchPdf(made.quoteId, 'pdf');
    const anonymous = new TestClient(t.app);
    for (const kind of ['pdf', 'measure-pdf', 'install-pdf']) {
      const path = `/api/deal-quotes/${made.quoteId}/${kind}`;
      expect((await other.client.get(path)).statusCode).toBe(404);
      expect((await anonymous.get(path)).statusCode).toBe(401);
    }
    expect((await other.client.get(url)).statusCode).toBe(404);
    expect((await anonymous.get(url)).statusCode).toBe(401);
    // Another dealer's own quote id with this dealer's file id: still 404.
    const theirs = await quoteWithLines(other, LINES.slice(0, 1));
    const fileId = url.split('/').pop();
    expect((await other.client.get(`/api/deal-quotes/${theirs.quoteId}/files/${fileId}`)).statusCode).toBe(
      404,
    );
    // A file of the account that is not this quote's (the other quote's PDF): 404.
    const second = await quoteWithLines(d, LINES.slice(1, 2));
    expect((await d.client.get(`/api/deal-quotes/${second.quoteId}/files/${fileId}`)).statusCode).toBe(404);
    // Nor is the file reachable by its number through the public file route, which takes only random ids.
    expect((await anonymous.get(`/api/files/${fileId}`)).statusCode).toBe(400);
  });
});
