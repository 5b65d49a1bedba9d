// The dashboard's Orders section: the past 30 days' Open card and one card per supplier core
// status, each linking to the list filtered as it counts, with a chart of orders per day.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiWrite, expect, settledViolations, signInViaApi, test } from '../../fixtures';
import { draftWithProductsOf, getJson } from './orders-helpers';

const SHOTS = process.env.SLAT_SHOTS_DIR;
const CORE = ['UNSTARTED', 'IN_PROGRESS', 'ON_HOLD', 'COMPLETED', 'CANCELLED'] as const;

/** A whole page, or with `screen` what the screen shows (a modal covers only the screen). */
async function shoot(page: Page, name: string, screen = false) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: !screen });
}

const section = (page: Page) => page.getByRole('region', { name: 'Orders' });
const countOf = async (page: Page, testId: string) =>
  Number(await section(page).getByTestId(testId).getByTestId('order-count').textContent());

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });

type Supplier = {
  id: number;
  name: string;
  isInternal: boolean;
  offlineOnly: boolean;
  defaultShippingMethodId: number | null;
  shippingMethods: { id: number }[];
};
type Dashboard = { open: number; submitted: Record<(typeof CORE)[number], number> };

/** A submitted purchase order of the supplier: a demo quote copied, accepted, converted and submitted. */
async function submittedOrderOf(
  request: APIRequestContext,
  supplier: Supplier,
  manual?: { orderStatus: string; eta: string },
): Promise<number> {
  const source = (await draftWithProductsOf(request, supplier.id)).id;
  const { id: quoteId } = await apiWrite(request, 'POST', `/api/deal-quotes/${source}/clone`, {
    description: `Dashboard e2e ${supplier.name}`,
  });
  await apiWrite(request, 'POST', `/api/deal-quotes/${quoteId}/accept`, {
    signature: null,
    acceptWithoutSignature: true,
  });
  const { id } = await apiWrite(request, 'POST', '/api/deal-quotes/convert', {
    quoteId,
    manufacturerId: supplier.id,
  });
  const order = await getJson<{ context: { minRequiredDate: string | null } }>(
    request,
    `/api/purchaseorder/${id}`,
  );
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await apiWrite(request, 'POST', `/api/old/quotes/${id}/convert`, {
    required_date: order.context.minRequiredDate ?? tomorrow,
    ...(supplier.isInternal
      ? {}
      : {
          shipping_method_id: supplier.defaultShippingMethodId ?? supplier.shippingMethods[0]!.id,
          shipping_address: '12 Harbour St, Sydney NSW 2000',
        }),
    ...(manual ? { offline_supplier_order: manual } : {}),
  });
  return id;
}

test('the Orders cards count the past 30 days and open the list filtered the same way', async ({ page }) => {
  await signInViaApi(page.request);
  const suppliers = (await (await page.request.get('/api/purchaseorder/suppliers')).json()).data as {
    id: number;
  }[];
  // two more open orders than before, whatever other tests made
  const before = (await (await page.request.get('/api/purchaseorder/dashboard')).json()).open as number;
  for (const sidemark of ['Dashboard one', 'Dashboard two'])
    await apiWrite(page.request, 'POST', '/api/old/quotes', { manufacturer_id: suppliers[0]!.id, sidemark });

  await page.goto('/dashboard');
  await expect(section(page).getByTestId('orders-open')).toBeVisible();
  const open = await countOf(page, 'orders-open');
  expect(open).toBe(before + 2);
  await expect(section(page).getByTestId('orders-open')).toHaveAccessibleName(`${open} Open orders`);
  let submitted = 0;
  for (const core of CORE) submitted += await countOf(page, `orders-${core}`);
  await expect(section(page).getByRole('img', { name: /orders created from/ })).toBeVisible();
  await shoot(page, 'dashboard-1280');
  expect(await settledViolations(page)).toEqual([]);

  await section(page).getByTestId('orders-open').click();
  await expect(page).toHaveURL(/\/orders\?status=OPEN$/);
  await expect(page.getByLabel('Status')).toHaveValue('OPEN');
  await expect(page.getByText(`${open} record(s) found`)).toBeVisible();

  await page.goBack();
  await section(page).getByTestId('orders-UNSTARTED').click();
  await expect(page).toHaveURL(/\/orders\?status=SUBMITTED$/);
  await expect(page.getByText(`${submitted} record(s) found`)).toBeVisible();
});

test('a submitted order counts under its supplier status and shows it in the list', async ({ page }) => {
  await signInViaApi(page.request);
  const { data: suppliers } = await getJson<{ data: Supplier[] }>(
    page.request,
    '/api/purchaseorder/suppliers',
  );
  const internal = suppliers.find((s) => s.isInternal)!;
  const offline = suppliers.find((s) => s.offlineOnly)!;
  const before = await getJson<Dashboard>(page.request, '/api/purchaseorder/dashboard');
  const internalId = await submittedOrderOf(page.request, internal);
  const eta = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const offlineId = await submittedOrderOf(page.request, offline, { orderStatus: 'Cutting fabric', eta });

  await page.goto('/dashboard');
  await expect(section(page).getByTestId('orders-open')).toBeVisible();
  let submitted = 0;
  for (const core of CORE) submitted += await countOf(page, `orders-${core}`);
  const beforeSubmitted = CORE.reduce((sum, core) => sum + before.submitted[core], 0);
  expect(submitted).toBe(beforeSubmitted + 2);
  expect(await countOf(page, 'orders-UNSTARTED')).toBeGreaterThanOrEqual(before.submitted.UNSTARTED + 1);

  await section(page).getByTestId('orders-COMPLETED').click();
  await expect(page).toHaveURL(/\/orders\?status=SUBMITTED$/);
  await expect(page.getByText(`${submitted} record(s) found`)).toBeVisible();
  const rows = page.getByRole('table', { name: 'Purchase orders' });
  const internalRow = rows.locator(`tr[data-order-id="${internalId}"]`);
  await expect(internalRow.locator('[data-column="status"]')).toHaveText('Submitted');
  await expect(internalRow.locator('[data-column="supplierStatus"]')).toHaveText('Unstarted');
  const offlineRow = rows.locator(`tr[data-order-id="${offlineId}"]`);
  // an offline-only supplier's order shows the dealer's own words and its ETA
  await expect(offlineRow.locator('[data-column="supplierStatus"]')).toHaveText('Cutting fabric');
  await expect(offlineRow.locator('[data-column="eta"]')).toHaveText(eta.split('-').reverse().join('/'));
  await expect(offlineRow.locator('[data-column="products"]')).not.toHaveText('0');
  await expect(offlineRow.locator('[data-column="total"]')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await shoot(page, 'list-submitted-1280');

  // reopened, the offline order is a new revision: the list shows it as 'Rev 2' in place of the sent one
  const revision = (await apiWrite(page.request, 'POST', `/api/purchaseorder/${offlineId}/reopen`)) as {
    id: number;
    tuid: number;
    revisionNumber: number;
  };
  expect(revision.revisionNumber).toBe(2);
  await page.goto('/orders');
  const revisionLink = page.getByRole('link', { name: `Order #${revision.tuid} Rev 2` });
  await expect(revisionLink).toHaveAttribute('href', `/orders/${revision.id}`);
  await expect(rows.locator(`tr[data-order-id="${offlineId}"]`)).toHaveCount(0);
  await expect(rows.locator(`tr[data-order-id="${revision.id}"] [data-column="status"]`)).toHaveText('Open');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the Orders section fits the screen', async ({ page }) => {
    await signInViaApi(page.request);
    await page.goto('/dashboard');
    await expect(section(page).getByTestId('orders-open')).toBeVisible();
    await expect(section(page).getByTestId('orders-chart')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'dashboard-phone');
  });
});
