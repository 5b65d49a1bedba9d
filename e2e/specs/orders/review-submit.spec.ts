// Review order and submit (sales-and-purchasing §2 Review order, §4, §5, §8): an accepted demo quote
// converted for one supplier, the Review modal opened from the order page, the required date typed
// too early with the keyboard, the PDF preview, Submit confirmed → the order read-only with View PDF.
// The offline-only supplier's third step and 'Mark as Submitted'; an internal supplier's review
// without shipping; axe on every step; the modal on a phone. Screenshots into /work/shots/orders-review/.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { apiWrite, expect, settledViolations, signInViaApi, test } from '../../fixtures';
import { draftWithProductsOf, getJson, type Supplier, supplierNamed } from './orders-helpers';

const SHOTS = process.env.SLAT_REVIEW_SHOTS ?? '/work/shots/orders-review';
// The PDF process starts with the first PDF and renders at the lowest priority (decision 017).
const PDF_TIMEOUT = 90_000;

type OrderJson = {
  id: number;
  tuid: number;
  status: 'OPEN' | 'SUBMITTED';
  isReadOnly: boolean;
  context: { minRequiredDate: string | null; supplier: Supplier };
};

/** A fresh open purchase order: a copy of a demo quote, accepted, converted for the supplier. */
async function openOrderFor(page: Page, supplierName: string): Promise<OrderJson> {
  const supplier = await supplierNamed(page.request, supplierName);
  const source = await draftWithProductsOf(page.request, supplier.id);
  const { id: quoteId } = await apiWrite(page.request, 'POST', `/api/deal-quotes/${source.id}/clone`, {
    description: `Review e2e ${supplierName}`,
  });
  await apiWrite(page.request, 'POST', `/api/deal-quotes/${quoteId}/accept`, {
    signature: null,
    acceptWithoutSignature: true,
  });
  const { id } = await apiWrite(page.request, 'POST', '/api/deal-quotes/convert', {
    quoteId,
    manufacturerId: supplier.id,
  });
  return getJson<OrderJson>(page.request, `/api/purchaseorder/${id}`);
}

async function openReview(page: Page, order: OrderJson, title: string): Promise<Locator> {
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // the demo's settings may have no delivery address: the dealer types one
  const address = dialog.getByLabel('Shipping address');
  if ((await address.count()) > 0 && (await address.inputValue()) === '')
    await address.fill('12 Harbour St, Sydney NSW 2000');
  return dialog;
}

/** yyyy-MM-dd as the screen shows it (en-AU). */
const shown = (day: string) => day.split('-').reverse().join('/');
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The earliest required date the modal allows: the order's minimum, else the browser's tomorrow. */
async function earliestDate(page: Page, order: OrderJson): Promise<string> {
  if (order.context.minRequiredDate) return order.context.minRequiredDate;
  return page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  });
}

/** Types a date into the native date input the way people do: month, day, year (en-US segments). */
async function typeDate(input: Locator, day: string) {
  const [year, month, date] = day.split('-');
  // the month segment (the input's left edge), whatever was typed before
  const box = (await input.boundingBox())!;
  await input.click({ position: { x: 18, y: box.height / 2 } });
  await input.pressSequentially(`${month}${date}${year}`, { delay: 30 });
}

async function expectNoSeriousViolations(page: Page) {
  expect(await settledViolations(page)).toEqual([]);
}

/** The top modal whole (the window made as tall as its content), then put back. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  const modal = page.locator('.mantine-Modal-content').last();
  await modal.evaluate((el) => el.scrollTo(0, 0));
  for (let i = 0; i < 4; i++) {
    const hidden = await modal.evaluate((el) => el.scrollHeight - el.clientHeight);
    if (hidden <= 0) break;
    const now = page.viewportSize()!;
    await page.setViewportSize({ width: now.width, height: now.height + hidden });
  }
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
  await page.setViewportSize(size);
}

async function confirmSubmission(page: Page) {
  const confirm = page.getByRole('dialog', { name: 'Submit order' });
  await expect(confirm.getByText('Orders cannot be edited after submission. Are you sure?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, submit order' }).click();
  await expect(confirm).toBeHidden();
}

// The browser's own locale orders the date input's segments (month/day/year): typed in that order.
test.use({ locale: 'en-US', viewport: { width: 1280, height: 900 } });

test.describe('review and submit a purchase order', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  test('an online supplier: a date typed too early is refused, fixed, previewed and submitted', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const order = await openOrderFor(page, 'Coastline Window Furnishings');
    const dialog = await openReview(page, order, 'Review Order');
    const earliest = await earliestDate(page, order);
    const date = dialog.getByLabel('Required date');
    await expect(date).toHaveValue(earliest);
    await expect(dialog.getByTestId('review-freight')).toHaveText(/^\+ \$[\d,]+\.\d\d shipping \(est\)$/);

    await typeDate(date, addDays(earliest, -1));
    await expect(date).toHaveValue(addDays(earliest, -1));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(`Earliest allowed date is ${shown(earliest)}`)).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, 'online-form-error-1280');

    // half a date (the day only) is not one
    const box = (await date.boundingBox())!;
    await date.click({ position: { x: 18, y: box.height / 2 } });
    await date.press('Backspace');
    await date.press('Tab');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Invalid date', { exact: true })).toBeVisible();

    const fixed = addDays(earliest, 2);
    await typeDate(date, fixed);
    await expect(date).toHaveValue(fixed);
    await expect(dialog.getByText(`Earliest allowed date is ${shown(earliest)}`)).toBeHidden();
    await shoot(page, 'online-form-1280');
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(dialog.getByTestId('review-step')).toHaveText('Step 2 of 2: Review');
    const frame = dialog.getByTestId('review-pdf-frame');
    await expect(frame).toBeVisible({ timeout: PDF_TIMEOUT });
    const pdf = await page.request.get((await frame.getAttribute('src'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await expectNoSeriousViolations(page);
    await shoot(page, 'online-review-1280');

    // Back keeps the date typed
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(date).toHaveValue(fixed);
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByRole('button', { name: 'Submit' }).click();
    await shoot(page, 'online-confirm-1280');
    await confirmSubmission(page);
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Order #${order.tuid} submitted`)).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'View PDF' }).or(page.getByRole('link', { name: 'View PDF' })),
    ).toBeVisible();
    // read-only: Review stays on the page, disabled
    await expect(page.getByRole('button', { name: 'Review', exact: true })).toBeDisabled();
    await page.screenshot({ path: path.join(SHOTS, 'online-submitted-1280.png') });
    const after = await getJson<OrderJson>(page.request, `/api/purchaseorder/${order.id}`);
    expect(after).toMatchObject({ status: 'SUBMITTED', isReadOnly: true });
  });

  test('an offline-only supplier: the supplier order typed by hand, then Mark as Submitted', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const order = await openOrderFor(page, 'Sunview Shutters & Awnings');
    const dialog = await openReview(page, order, 'Review Order (Manual)');
    await expectNoSeriousViolations(page);
    await shoot(page, 'manual-form-1280');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByTestId('review-pdf-frame')).toBeVisible({ timeout: PDF_TIMEOUT });
    await shoot(page, 'manual-review-1280');
    await dialog.getByRole('button', { name: 'Next' }).click();

    await expect(dialog.getByTestId('review-step')).toHaveText('Step 3 of 3: Supplier order');
    await dialog.getByLabel('Reference').fill('SV-7781');
    await dialog.getByLabel('Order status').fill('Confirmed by phone');
    await dialog.getByLabel('Notes').fill('Spoke to Sam at Sunview');
    await expectNoSeriousViolations(page);
    await shoot(page, 'manual-supplier-order-1280');
    await dialog.getByRole('button', { name: 'Mark as Submitted' }).click();
    await confirmSubmission(page);
    await expect(dialog).toBeHidden();
    await expect(
      page.getByRole('button', { name: 'View PDF' }).or(page.getByRole('link', { name: 'View PDF' })),
    ).toBeVisible();
    const after = await getJson<OrderJson>(page.request, `/api/purchaseorder/${order.id}`);
    expect(after).toMatchObject({ status: 'SUBMITTED', isReadOnly: true });
  });

  test('an internal supplier’s review asks for no shipping', async ({ page }) => {
    test.setTimeout(240_000);
    const order = await openOrderFor(page, 'Harbour Workroom');
    const dialog = await openReview(page, order, 'Review Order');
    await expect(dialog.getByLabel('Required date')).toBeVisible();
    await expect(dialog.getByLabel('Shipping method')).toHaveCount(0);
    await expect(dialog.getByLabel('Shipping address')).toHaveCount(0);
    await expect(dialog.getByTestId('review-internal')).toContainText('Harbour Workroom');
    await expectNoSeriousViolations(page);
    await shoot(page, 'internal-form-1280');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByTestId('review-pdf-frame')).toBeVisible({ timeout: PDF_TIMEOUT });
    await expect(dialog.getByTestId('review-freight')).toHaveCount(0);
    await expect(dialog.getByText('Shipping method')).toHaveCount(0);
    await expectNoSeriousViolations(page);
    await shoot(page, 'internal-review-1280');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  /** Every control of the modal can be scrolled to and lies inside the 375 px screen. */
  async function expectControlsReachable(dialog: Locator) {
    const controls = dialog.locator('button:visible, input:visible, select:visible, textarea:visible');
    const count = await controls.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      const control = controls.nth(i);
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box, `control ${i}`).not.toBeNull();
      expect(box!.x, `control ${i} left`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `control ${i} right`).toBeLessThanOrEqual(375);
    }
  }

  test('the review is full screen and every control within reach, through Mark as Submitted', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const order = await openOrderFor(page, 'Sunview Shutters & Awnings');
    const dialog = await openReview(page, order, 'Review Order (Manual)');
    const content = page.locator('.mantine-Modal-content').last();
    const box = await content.boundingBox();
    expect(box?.width).toBe(375);
    await expectControlsReachable(dialog);
    await expectNoSeriousViolations(page);
    await shoot(page, 'manual-form-phone');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByTestId('review-pdf-frame')).toBeVisible({ timeout: PDF_TIMEOUT });
    await expectControlsReachable(dialog);
    await shoot(page, 'manual-review-phone');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByTestId('review-step')).toHaveText('Step 3 of 3: Supplier order');
    await expectControlsReachable(dialog);
    await expectNoSeriousViolations(page);
    await shoot(page, 'manual-supplier-order-phone');
    await dialog.getByRole('button', { name: 'Mark as Submitted' }).tap();
    await confirmSubmission(page);
    await expect(dialog).toBeHidden();
  });

  test('an online supplier’s review on a phone', async ({ page }) => {
    test.setTimeout(240_000);
    const order = await openOrderFor(page, 'Coastline Window Furnishings');
    const dialog = await openReview(page, order, 'Review Order');
    await expectControlsReachable(dialog);
    await shoot(page, 'online-form-phone');
    await dialog.getByRole('button', { name: 'Next' }).tap();
    await expect(dialog.getByTestId('review-pdf-frame')).toBeVisible({ timeout: PDF_TIMEOUT });
    await expectControlsReachable(dialog);
    await expectNoSeriousViolations(page);
    await shoot(page, 'online-review-phone');
  });
});
