// A quote's sale as one journey through the UI on a deal of its own: a quote
// with two clean lines (copied from a demo quote) gets an adjustment and a 10 % discount through
// the override-total modal's percentage-discount dialog (the API's sellGrandTotalIncTax is the
// shown total and exactly R(total before × 0.9)); it is accepted with a signature drawn with the
// mouse, is read-only with its accepted date; its quote PDF (text extracted with pdfjs-dist) prints
// the API's total and carries the signature image (one image more than the unsigned revision's
// PDF, same company logo); then Revise, a changed line, the revision accepted without a signature,
// and the deposit difference the API answers is shown on the revision.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

type Line = {
  id: number;
  orderWindowId: number;
  quantity: number;
  sellPrice: string | null;
  dimensions: {
    width: { value: string; unit: string } | null;
    height: { value: string; unit: string } | null;
  };
  context: {
    errors: unknown[];
    product: { id: number };
    configuration: { optionGroups: { options: { value: string }[] }[] };
  };
};
type QuoteJson = {
  id: number;
  tuid: number;
  externalId: number;
  dealId: number;
  status: 'DRAFT' | 'ACCEPTED';
  isReadOnly: boolean;
  acceptedAt: string | null;
  lastUpdatedAt: string;
  totalSellPriceOverride: string | null;
  config: { taxMode: 'INCLUSIVE' | 'EXCLUSIVE' };
  context: {
    orderLines: Line[];
    pricing: {
      sellGrandTotalIncTax: string;
      depositAmount: string;
      isPricingValid: boolean;
      adjustments: { label: string; amountIncTax: string; amountExTax: string }[];
    };
    acceptance?: {
      acceptedWithoutSignature: boolean;
      signatureUrl: string | null;
      signerName?: string | null;
    } | null;
    revision?: { number: number; difference: { total: string; deposit: string } | null };
  };
};

const readQuote = async (request: APIRequestContext, id: number): Promise<QuoteJson> => {
  const res = await request.get(`/api/deal-quotes/${id}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as QuoteJson;
};

/** Waits until the API's quote satisfies `done`, then answers it. */
async function quoteWhen(request: APIRequestContext, id: number, done: (q: QuoteJson) => boolean) {
  let quote: QuoteJson | undefined;
  await expect
    .poll(async () => {
      quote = await readQuote(request, id);
      return done(quote);
    })
    .toBe(true);
  return quote!;
}

/** '1234.5' → '$1,234.50', '-26.9' → '-$26.90': how the page and the PDF write an API amount. */
function money(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const text = `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
  return negative && text !== '$0.00' ? `-${text}` : text;
}

/** An API amount in integer cents ('12.5' → 1250n, '-3.07' → -307n). */
function cents(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const value = BigInt(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`);
  return negative ? -value : value;
}

/** R(total × (1 − p/100)) for whole percentages, in integer cents (no float): '268.99', 10 → '242.09'. */
function discounted(total: string, percent: number): string {
  const [whole = '0', fraction = ''] = total.split('.');
  const cents = BigInt(`${whole}${fraction.padEnd(2, '0').slice(0, 2)}`);
  const rounded = (cents * BigInt(100 - percent) + 50n) / 100n;
  return `${rounded / 100n}.${(rounded % 100n).toString().padStart(2, '0')}`;
}

/** Two metric lines without errors from a demo draft quote: product, size, quantity and options. */
async function demoLines(request: APIRequestContext): Promise<Line[]> {
  for (const slug of ['residential', 'commercial']) {
    const wf = await getWorkflow(request, slug);
    for (const status of wf.statuses.filter((s) => s.phase === 'Quoting')) {
      const res = await request.get(`/api/deals?workflowId=${wf.id}&statusId=${status.id}&limit=20`);
      const deals = ((await res.json()) as { data: { id: number }[] }).data;
      for (const deal of deals) {
        const quotes = (await (await request.get(`/api/deals/${deal.id}/quotes`)).json()) as {
          id: number;
          isReadOnly: boolean;
        }[];
        for (const q of quotes.filter((x) => !x.isReadOnly)) {
          const lines = (await readQuote(request, q.id)).context.orderLines.filter(
            (l) => l.context.errors.length === 0 && l.sellPrice !== null && l.dimensions.width?.unit === 'mm',
          );
          if (lines.length >= 2) return lines.slice(0, 2);
        }
      }
    }
  }
  throw new Error('no demo quote with two metric lines without errors');
}

/** A new deal in a Quoting status with a DRAFT quote holding two priced lines (no demo deal changes). */
async function quoteOfItsOwn(request: APIRequestContext, name: string) {
  const lines = await demoLines(request);
  const wf = await getWorkflow(request, 'residential');
  const status = wf.statuses.find((s) => s.phase === 'Quoting')!;
  const deal = await createDealViaApi(request, wf.id, status.id, name);
  const { id } = (await apiWrite(request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: name,
  })) as { id: number };
  const orderId = (await readQuote(request, id)).externalId;
  const windows = (await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows`, {
    order_windows: [{ order_id: orderId, name: 'House/Lounge/Bay' }],
  })) as { data: { id: number }[] };
  for (const line of lines)
    await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows/${windows.data[0]!.id}/products`, {
      product_id: line.context.product.id,
      width: Number(line.dimensions.width!.value),
      height: Number(line.dimensions.height!.value),
      unit: 'mm',
      quantity: line.quantity,
      details: {
        options: line.context.configuration.optionGroups.flatMap((g) => g.options.map((o) => o.value)),
      },
    });
  const quote = await readQuote(request, id);
  expect(quote.context.orderLines).toHaveLength(2);
  expect(quote.context.orderLines.every((l) => l.context.errors.length === 0)).toBe(true);
  expect(quote.context.pricing.isPricingValid).toBe(true);
  return { quote, url: `/workflows/residential/${deal.id}/quotes/${id}` };
}

/** A signature with the mouse: a straight stroke across the middle, then a zigzag above it. */
async function drawWithMouse(page: Page, canvas: Locator) {
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.15, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.85, y, { steps: 20 });
  await page.mouse.up();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + box.width * (0.2 + i * 0.06), box.y + box.height * (i % 2 ? 0.15 : 0.35), {
      steps: 3,
    });
  await page.mouse.up();
}

/** The quote's PDF through the API (GET …/pdf → {url} → the file): checked to be a PDF, then read. */
async function quotePdf(request: APIRequestContext, quoteId: number) {
  const answer = await request.get(`/api/deal-quotes/${quoteId}/pdf`);
  expect(answer.status(), await answer.text()).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  const file = await request.get(url);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  const bytes = await file.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
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
  return { url, text: pages.join('\n'), images };
}

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('quote sale journey: adjustment, 10 % discount, signed accept, read-only, the PDF’s total and signature, revise, the deposit difference', async ({
  page,
}) => {
  // two accepts, two PDFs rendered and a revision: well past the default 30 s on a busy machine
  test.setTimeout(120_000);
  const { quote, url } = await quoteOfItsOwn(page.request, 'Sale journey');
  await page.goto(url);
  const modal = page.getByRole('dialog', { name: `Quote #${quote.tuid}` });
  const pricing = modal.getByTestId('quote-pricing');
  await expect(pricing).toBeVisible();
  await expect(pricing.getByTestId('pricing-total-inc-amount')).toHaveText(
    money(quote.context.pricing.sellGrandTotalIncTax),
  );

  // an adjustment through the adjustment modal (a charge, so the discount below works on a new total)
  const amountLabel = quote.config.taxMode === 'INCLUSIVE' ? 'Amount (inc tax)' : 'Amount (ex tax)';
  await pricing.getByRole('button', { name: 'Add adjustment' }).click();
  const adjustment = page.getByRole('dialog', { name: 'Add adjustment' });
  await adjustment.getByRole('textbox', { name: 'Name' }).fill('Removal of old blinds');
  await adjustment.getByRole('textbox', { name: amountLabel }).fill('45');
  await adjustment.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adjustment).toBeHidden();
  const adjusted = await quoteWhen(page.request, quote.id, (x) => x.context.pricing.adjustments.length === 1);
  expect(adjusted.context.pricing.adjustments[0]!.label).toBe('Removal of old blinds');
  expect(adjusted.context.pricing.sellGrandTotalIncTax).not.toBe(quote.context.pricing.sellGrandTotalIncTax);
  await expect(pricing.getByTestId('pricing-adjustment-0')).toContainText('Removal of old blinds');
  await expect(pricing.getByTestId('pricing-total-inc-amount')).toHaveText(
    money(adjusted.context.pricing.sellGrandTotalIncTax),
  );

  // a 10 % discount: the override-total modal's percentage-discount dialog, preset 10
  const before = adjusted.context.pricing.sellGrandTotalIncTax;
  const expected = discounted(before, 10);
  await pricing.getByRole('button', { name: 'Override total…' }).click();
  const override = page.getByRole('dialog', { name: 'Override total' });
  await override.getByRole('button', { name: 'Discount %' }).click();
  const discount = page.getByRole('dialog', { name: 'Percentage discount' });
  await discount.getByRole('button', { name: '10%', exact: true }).click();
  await expect(discount.getByTestId('discount-result')).toHaveText(
    `${money(before)} less 10% is ${money(expected)}`,
  );
  await discount.getByRole('button', { name: 'Apply' }).click();
  await expect(discount).toBeHidden();
  await override.getByRole('button', { name: 'Save' }).click();
  await expect(override).toBeHidden();
  const priced = await quoteWhen(page.request, quote.id, (x) => x.totalSellPriceOverride !== null);
  const total = priced.context.pricing.sellGrandTotalIncTax;
  // the server reached the override exactly: R(total before × 0.9), and the page shows that figure
  expect(total).toBe(expected);
  await expect(pricing.getByTestId('pricing-total-inc-amount')).toHaveText(money(total));

  // accept with a signature drawn with the mouse
  await modal.getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = page.getByRole('dialog', { name: `Accept quote #${quote.tuid}` });
  const canvas = accept.getByRole('img', { name: 'Signature pad' });
  await expect(canvas).toBeVisible();
  await expect(accept.getByTestId('accept-total')).toHaveText(money(total));
  await drawWithMouse(page, canvas);
  await expect(accept.getByTestId('signature-state')).toHaveText('Signed');
  // a deal without a contact: the signer's name is typed
  await accept.getByRole('textbox', { name: 'Signer’s name' }).pressSequentially('Robin Buyer');
  await accept.getByRole('button', { name: 'Accept quote' }).click();
  await expect(accept).toBeHidden();

  // read-only: no Add product, no pricing controls, the accepted date shown
  const accepted = await readQuote(page.request, quote.id);
  expect(accepted).toMatchObject({ status: 'ACCEPTED', isReadOnly: true });
  expect(accepted.context.acceptance).toMatchObject({
    acceptedWithoutSignature: false,
    signerName: 'Robin Buyer',
  });
  expect(accepted.context.pricing.sellGrandTotalIncTax).toBe(total);
  const day = new Date(accepted.acceptedAt!).toISOString().slice(0, 10).split('-').reverse().join('/');
  await expect(modal.getByText(`Accepted ${day}`)).toBeVisible();
  await expect(modal.getByText('This quote is read-only: it has been accepted or archived')).toBeVisible();
  await expect(modal.getByRole('link', { name: 'Add product' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Add product' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  await expect(pricing.getByTestId('pricing-total-inc-amount')).toHaveText(money(total));
  await expect(pricing.getByRole('button')).toHaveCount(0);

  // the quote PDF: the viewer shows the API's url; its text prints the total and it carries the signature
  await modal.getByRole('button', { name: 'PDF' }).click();
  const viewer = page.getByRole('dialog', { name: `Quote #${quote.tuid} PDFs` });
  const frame = viewer.getByTitle(`Quote PDF of quote #${quote.tuid}`);
  await expect(frame).toBeVisible({ timeout: 20_000 });
  const signedPdf = await quotePdf(page.request, quote.id);
  await expect(frame).toHaveAttribute('src', signedPdf.url);
  expect(signedPdf.text).toContain(money(total));
  expect(signedPdf.text).toContain('Signed by Robin Buyer on');
  expect(signedPdf.text).toContain('Recorded by Dana Whitfield');
  expect(signedPdf.images).toBeGreaterThan(0);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // Revise (quote menu): a new draft revision opens
  await modal.getByRole('button', { name: 'Quote actions' }).click();
  await page.getByRole('menuitem', { name: 'Revise' }).click();
  await page
    .getByRole('dialog', { name: `Revise quote #${quote.tuid}?` })
    .getByRole('button', { name: 'Revise' })
    .click();
  await expect(page).not.toHaveURL(new RegExp(`/quotes/${quote.id}$`));
  const revisionId = Number(page.url().split('/').pop());
  const revision = await readQuote(page.request, revisionId);
  expect(revision).toMatchObject({ status: 'DRAFT', context: { revision: { number: 2 } } });
  const revisionModal = page.getByRole('dialog', { name: `Quote #${revision.tuid}` });
  await expect(revisionModal.getByText('Revision 2', { exact: true })).toBeVisible();

  // change a line (one more of the first), then accept the revision without a signature
  const line = revision.context.orderLines[0]!;
  await apiWrite(
    page.request,
    'PUT',
    `/api/old/quotes/${revision.externalId}/windows/${line.orderWindowId}/products/${line.id}`,
    { quantity: line.quantity + 1 },
  );
  await page.reload();
  await expect(revisionModal.getByText('Revision 2', { exact: true })).toBeVisible();
  // the revision keeps the agreed override total, so the changed line moves nothing until the
  // override is removed (through the Pricing area, asked first)
  const changed = await readQuote(page.request, revisionId);
  expect(changed.context.orderLines.find((l) => l.id === line.id)!.quantity).toBe(line.quantity + 1);
  expect(changed.totalSellPriceOverride).toBe(total);
  const revisionPricing = revisionModal.getByTestId('quote-pricing');
  // the lines changed under the override: the quote says so beside the total and offers its removal
  const drift = revisionPricing.getByTestId('pricing-override-drift');
  await expect(drift).toContainText('Override set at 10 % off');
  await drift.getByRole('button', { name: 'Remove override' }).click();
  const question = page.getByRole('dialog', { name: 'Remove the override total' });
  await question.getByRole('button', { name: 'Remove override' }).click();
  await expect(question).toBeHidden();
  const unpinned = await quoteWhen(page.request, revisionId, (x) => x.totalSellPriceOverride === null);
  await expect(revisionPricing.getByTestId('pricing-total-inc-amount')).toHaveText(
    money(unpinned.context.pricing.sellGrandTotalIncTax),
  );
  await revisionModal.getByRole('button', { name: 'Accept', exact: true }).click();
  const acceptRevision = page.getByRole('dialog', { name: `Accept quote #${revision.tuid}` });
  await acceptRevision.getByRole('checkbox', { name: 'Accept without signature' }).check();
  await acceptRevision.getByRole('button', { name: 'Accept quote' }).click();
  await expect(acceptRevision).toBeHidden();

  // the deposit difference the API answers, shown on the revision
  const revised = await readQuote(page.request, revisionId);
  expect(revised.status).toBe('ACCEPTED');
  const difference = revised.context.revision!.difference!;
  expect(difference).not.toBeNull();
  expect(Number(difference.deposit)).toBeGreaterThan(0);
  // the difference is the revision's deposit less the one first accepted
  expect(cents(difference.deposit)).toBe(
    cents(revised.context.pricing.depositAmount) - cents(accepted.context.pricing.depositAmount),
  );
  const signed = (v: string) => (v.startsWith('-') ? money(v) : `+${money(v)}`);
  const shown = revisionModal.getByTestId('revision-difference');
  await expect(shown).toContainText(`Deposit owed ${signed(difference.deposit)}`);
  await expect(shown).toContainText(`Total ${signed(difference.total)}`);

  // the unsigned revision's PDF: same logo, no signature — the signed one had one image more
  const unsignedPdf = await quotePdf(page.request, revisionId);
  expect(unsignedPdf.text).toContain('Accepted without signature by Dana Whitfield on');
  expect(signedPdf.images).toBe(unsignedPdf.images + 1);
});
