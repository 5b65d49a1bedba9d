// The order detail (sales-and-purchasing §2 Order detail, §4, §8): an accepted demo quote
// converted from its Ready to Order list, landing on the order; the details edited; archive and
// unarchive with their confirmations; a submitted order of the offline-only supplier reopened as a
// revision whose changed quantity shows in 'Changes since revision 1'; a failing reopen rolled
// back; the page on a phone; axe on each (the fixture audits every page at the end of a test).
// Screenshots into /work/shots/orders-detail/.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiWrite, expect, settledViolations, signInViaApi, test } from '../../fixtures';
import { draftWithProductsOf, getJson, type QuoteJson, type Supplier, supplierNamed } from './orders-helpers';

const SHOTS = process.env.SLAT_DETAIL_SHOTS ?? '/work/shots/orders-detail';

type OrderJson = {
  id: number;
  tuid: number;
  status: 'OPEN' | 'SUBMITTED';
  revisionNumber: number;
  context: {
    minRequiredDate: string | null;
    orderLines: { id: number; quantity: number }[];
  };
};

/** A copy of a demo quote with products of the supplier, accepted (ready to order). */
async function acceptedQuoteFor(
  request: APIRequestContext,
  supplier: Supplier,
  label: string,
): Promise<QuoteJson> {
  const source = await draftWithProductsOf(request, supplier.id);
  const { id } = await apiWrite(request, 'POST', `/api/deal-quotes/${source.id}/clone`, {
    description: label,
  });
  await apiWrite(request, 'POST', `/api/deal-quotes/${id}/accept`, {
    signature: null,
    acceptWithoutSignature: true,
  });
  return getJson<QuoteJson>(request, `/api/deal-quotes/${id}`);
}

/** A submitted order of the offline-only supplier, made through the API (the review has its own spec). */
async function submittedOfflineOrder(request: APIRequestContext, label: string): Promise<OrderJson> {
  const supplier = await supplierNamed(request, 'Sunview Shutters & Awnings');
  const quote = await acceptedQuoteFor(request, supplier, label);
  const { id } = await apiWrite(request, 'POST', '/api/deal-quotes/convert', {
    quoteId: quote.id,
    manufacturerId: supplier.id,
  });
  const open = await getJson<OrderJson>(request, `/api/purchaseorder/${id}`);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await apiWrite(request, 'POST', `/api/old/quotes/${id}/convert`, {
    required_date: open.context.minRequiredDate ?? tomorrow,
    shipping_method_id: supplier.shippingMethods[0]?.id ?? null,
    shipping_address: '7 Delivery Lane, Newtown NSW 2042',
    shipping_instructions: '',
    offline_supplier_order: { reference: 'SV-1001', orderStatus: 'Confirmed', notes: '' },
  });
  return getJson<OrderJson>(request, `/api/purchaseorder/${id}`);
}

/** The whole page (the window made as tall as its content), then put back. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (height > size.height) await page.setViewportSize({ width: size.width, height });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
  await page.setViewportSize(size);
}

const heading = (page: Page, tuid: number) => page.getByRole('heading', { level: 1, name: `Order #${tuid}` });

test.describe('the order detail at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  test('convert an accepted quote for the online supplier, edit the details, archive and unarchive', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const supplier = await supplierNamed(page.request, 'Coastline Window Furnishings');
    const quote = await acceptedQuoteFor(page.request, supplier, 'Detail e2e convert');
    await page.goto(`/workflows/${quote.context.workflow.slug}/${quote.dealId}/quotes/${quote.id}`);
    const ready = page.getByRole('region', { name: 'Ready to Order' });
    const create = ready.getByRole('button', { name: `Create order for ${supplier.name}` });
    // one click, one order: a second click while the first is pending does nothing more
    await create.click();
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    const order = await getJson<OrderJson>(page.request, `/api/purchaseorder/${orderId}`);
    await expect(heading(page, order.tuid)).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText('Open');
    await expect(page.getByTestId('order-details')).toContainText(supplier.name);
    await expect(page.getByTestId('order-product-count')).toHaveText(
      order.context.orderLines.length === 1 ? '1 product' : `${order.context.orderLines.length} products`,
    );
    await expect(page.getByTestId('order-review')).toBeEnabled();
    expect(await settledViolations(page)).toEqual([]);

    // the quote now links its order, in Ready to Order and in its Orders table
    const orders = await getJson<QuoteJson & { context: { purchaseOrders: { id: number }[] } }>(
      page.request,
      `/api/deal-quotes/${quote.id}`,
    );
    expect(orders.context.purchaseOrders.map((o) => o.id)).toEqual([orderId]);

    // Edit: the details modal saves what was typed
    await page.getByTestId('order-details').getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit order details' });
    await edit.getByLabel('Sidemark').fill('Harbour job 7');
    await edit.getByLabel('Notes').fill('Deliver before the painters');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('order-details')).toContainText('Harbour job 7');
    await expect(page.getByTestId('order-details')).toContainText('Deliver before the painters');
    await shoot(page, 'order-open-1280');

    // Archive asks first, then closes to the list
    await page.getByRole('button', { name: 'Order actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive order' }).click();
    const ask = page.getByRole('dialog', { name: 'Archive order' });
    await expect(ask).toContainText('Are you sure you want to archive this order?');
    await ask.getByRole('button', { name: 'Yes, archive now' }).click();
    await expect(page).toHaveURL(/\/orders(\?.*)?$/);

    // archived: read-only (no Edit, no Add product), Unarchive asks and brings it back
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByTestId('order-archived')).toHaveText('Archived');
    await expect(page.getByTestId('order-details').getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Add product' })).toHaveCount(0);
    await expect(page.getByTestId('order-review')).toBeDisabled();
    await page.getByRole('button', { name: 'Order actions' }).click();
    await page.getByRole('menuitem', { name: 'Unarchive order' }).click();
    const unarchive = page.getByRole('dialog', { name: 'Unarchive order' });
    await expect(unarchive).toContainText('Are you sure you want to unarchive this order?');
    await unarchive.getByRole('button', { name: 'Yes, unarchive now' }).click();
    await expect(page.getByTestId('order-archived')).toHaveCount(0);
    await expect(page.getByTestId('order-details').getByRole('button', { name: 'Edit' })).toBeVisible();
  });

  test('reopen a submitted order of the offline-only supplier: a new revision, and what changed in it', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const submitted = await submittedOfflineOrder(page.request, 'Detail e2e reopen');
    await page.goto(`/orders/${submitted.id}`);
    await expect(page.getByTestId('order-status')).toHaveText('Submitted');
    await expect(page.getByRole('button', { name: 'View PDF' })).toBeVisible();
    await expect(page.getByTestId('supplier-orders')).toBeVisible();
    await expect(page.getByTestId('order-review')).toBeDisabled();
    await shoot(page, 'order-submitted-1280');

    await page.getByRole('button', { name: 'Order actions' }).click();
    await page.getByRole('menuitem', { name: 'Reopen order' }).click();
    const ask = page.getByRole('dialog', { name: 'Reopen order' });
    await expect(ask).toContainText(
      'Are you sure you want to reopen this order? The supplier may have begun work.',
    );
    await ask.getByRole('button', { name: 'Yes, reopen' }).click();
    await expect(page).not.toHaveURL(new RegExp(`/orders/${submitted.id}$`));
    await expect(page.getByTestId('order-revision')).toHaveText('Revision 2');
    await expect(page.getByTestId('order-status')).toHaveText('Open');
    const revisionId = Number(new URL(page.url()).pathname.split('/').pop());

    // the replaced order's address leads to the newest revision
    await page.goto(`/orders/${submitted.id}`);
    await expect(page).toHaveURL(new RegExp(`/orders/${revisionId}$`));

    // a line's quantity changed: the panel says so
    const revision = await getJson<OrderJson>(page.request, `/api/purchaseorder/${revisionId}`);
    const line = revision.context.orderLines[0]!;
    await page.locator(`[data-line-id="${line.id}"]`).getByRole('link').first().click();
    const screen = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Quantity' }) });
    await screen.getByRole('textbox', { name: 'Quantity' }).fill(String(line.quantity + 2));
    await screen.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${'Saved'}`, { exact: true }).first()).toBeVisible();
    await page.goto(`/orders/${revisionId}`);
    const changes = page.getByTestId('revision-changes');
    await expect(changes).toContainText('Changes since revision 1');
    await expect(changes).toContainText(`Quantity: ${line.quantity} → ${line.quantity + 2}`);
    expect(await settledViolations(page)).toEqual([]);
    await shoot(page, 'order-revision-1280');
  });

  test('a reopen that fails is rolled back: Open at once, then Submitted again with an error', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const submitted = await submittedOfflineOrder(page.request, 'Detail e2e rollback');
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/purchaseorder/${submitted.id}/reopen`, async (route) => {
      await answered;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
    });
    await page.goto(`/orders/${submitted.id}`);
    await expect(page.getByTestId('order-status')).toHaveText('Submitted');
    await page.getByRole('button', { name: 'Order actions' }).click();
    await page.getByRole('menuitem', { name: 'Reopen order' }).click();
    await page
      .getByRole('dialog', { name: 'Reopen order' })
      .getByRole('button', { name: 'Yes, reopen' })
      .click();
    // optimistic: Open while the call is out
    await expect(page.getByTestId('order-status')).toHaveText('Open');
    release();
    await expect(page.getByTestId('order-status')).toHaveText('Submitted');
    await expect(page.getByText('The order could not be reopened')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/orders/${submitted.id}$`));
    const after = await getJson<OrderJson>(page.request, `/api/purchaseorder/${submitted.id}`);
    expect(after.status).toBe('SUBMITTED');
  });
});

test.describe('the order detail on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  test('no sideways scroll; Clone and the actions are in the menu', async ({ page }) => {
    test.setTimeout(150_000);
    const submitted = await submittedOfflineOrder(page.request, 'Detail e2e phone');
    await page.goto(`/orders/${submitted.id}`);
    await expect(heading(page, submitted.tuid)).toBeVisible();
    await expect(page.getByTestId('order-footer')).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'order-submitted-phone');
    expect(await settledViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Order actions' }).tap();
    await expect(page.getByRole('menuitem', { name: 'Clone' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Reopen order' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Archive order' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  });
});
