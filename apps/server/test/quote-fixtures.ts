import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { drawnSignaturePng } from '../src/db/seed/signature';
import { importCatalog, linkAccountToSupplier } from '../src/modules/catalog/index';
import { createDealer, signedInClient, type TestApp } from './harness';

// Accept, revise and PDF tests: a dealer with a product of their own, and quotes with
// real lines made through the API.

/**
 * A supplier `key` with one roller blind, 'roller' (mm grid 300–1200); `rows` are its grid prices
 * (widths 600, 1200 × drops 600, 1200). Importing it again with other prices is a newer catalog.
 */
export function rollerSupplier(
  key: string,
  label: string,
  rows: string[][] = [
    ['100.00', '200.00'],
    ['300.00', '400.00'],
  ],
) {
  return {
    key,
    name: `${label} Supplier`,
    shippingMethods: [{ name: 'Courier', address: null }],
    brands: [{ name: `${label} Brand` }],
    products: [
      {
        key: 'roller',
        name: `${label} Roller`,
        brand: `${label} Brand`,
        category: 'roller',
        hasWidth: true,
        hasHeight: true,
        hasQuantity: true,
        unit: 'mm' as const,
        sizeLimits: { minWidth: 300, maxWidth: 1200, minHeight: 300, maxHeight: 1200 },
        priceGrid: { widths: [600, 1200], drops: [600, 1200], rows },
      },
    ],
  };
}

/** A dealer, signed in, with one roller blind of a supplier linked to them (mm grid 300–1200). */
export async function quoteDealer(t: TestApp, label: string) {
  const dealer = await createDealer(t.db, { company: `${label} Blinds Pty Ltd` });
  const client = await signedInClient(t, dealer);
  const key = `${label.toLowerCase()}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  await importCatalog(t.db, { suppliers: [rollerSupplier(key, label)] });
  await linkAccountToSupplier(t.db, dealer.accountId, key);
  const { rows } = await t.pool.query<{ id: number }>(
    `SELECT p.id FROM products p JOIN manufacturers s ON s.id = p.manufacturer_id WHERE s.key = $1`,
    [key],
  );
  const workflow = (await client.get('/api/workflows')).json()[0] as { id: number };
  return { dealer, client, productId: rows[0]!.id, workflowId: workflow.id, label };
}
export type QuoteDealer = Awaited<ReturnType<typeof quoteDealer>>;

/** The answer's JSON after checking its status (the body is shown when it is not the one expected). */
export function ok(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

export type LineSpec = {
  window: string;
  width: string | number;
  height: string | number;
  unit?: 'mm' | 'in';
};

/** A deal with a contact, and a quote on it with these lines (each in its window), made through the API. */
export async function quoteWithLines(d: QuoteDealer, lines: LineSpec[], opts: { contactName?: string } = {}) {
  const { client } = d;
  const contactName = opts.contactName ?? `Casey ${d.label} Customer`;
  const contact = ok(
    await client.post('/api/contacts/create', {
      name: contactName,
      email: `casey-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.test`,
      phone: '0400 000 000',
    }),
  );
  const deal = ok(
    await client.post('/api/deals', {
      workflowId: d.workflowId,
      name: `Job for ${contactName}`,
      contactId: contact.id,
    }),
  );
  const quoteId = ok(
    await client.post(`/api/deals/${deal.id}/quotes/legacy/add`, {
      description: 'Front rooms',
      customerNotes: 'Allow three weeks',
    }),
  ).id as number;
  const quote = ok(await client.get(`/api/deal-quotes/${quoteId}`));
  const orderId = quote.externalId as number;
  const windows = new Map<string, number>();
  const lineIds: { windowId: number; lineId: number }[] = [];
  for (const line of lines) {
    let windowId = windows.get(line.window);
    if (windowId === undefined) {
      windowId = ok(
        await client.post(`/api/old/quotes/${orderId}/windows`, {
          order_windows: [{ order_id: orderId, name: line.window }],
        }),
      ).data[0].id as number;
      windows.set(line.window, windowId);
    }
    const added = ok(
      await client.post(`/api/old/quotes/${orderId}/windows/${windowId}/products`, {
        product_id: d.productId,
        width: line.width,
        height: line.height,
        unit: line.unit ?? 'mm',
      }),
    );
    lineIds.push({ windowId, lineId: added.order_window_product_id });
  }
  return { dealId: deal.id as number, quoteId, orderId, contactName, lineIds };
}

/** Turns the PDF templates of an account on (the demo has all three; new accounts none). */
export async function enableTemplates(
  t: TestApp,
  accountId: number,
  types = ['QUOTE', 'MEASURE', 'INSTALL'],
) {
  for (const type of types)
    await t.pool.query(
      `INSERT INTO pdf_templates (account_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [accountId, type],
    );
}

/** The demo's drawn signature (768 × 240 PNG). */
export const signaturePng = () => drawnSignaturePng();

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** Waits until `check` answers something truthy (a job's work), at most `ms`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  ms = 15_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A PDF's text (each page's items joined with spaces, pages with newlines), page count and images drawn. */
export async function readPdf(bytes: Buffer | Uint8Array) {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  let images = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    const ops = await page.getOperatorList();
    images += ops.fnArray.filter((f) => f === OPS.paintImageXObject).length;
  }
  await doc.destroy();
  return { text: pages.join('\n'), pages: doc.numPages, images };
}
