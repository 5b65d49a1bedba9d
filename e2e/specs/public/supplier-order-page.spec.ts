// The supplier's page of one order, signed out on a phone (375 px, touch): the link of a submitted
// purchase order opened as the mail gives it, the order accepted with a changed quantity, then its
// status, ETA and tracking set; the dealer's API shows the answer and each change in the history.
// A revoked link shows the revoked page. axe on each state; screenshots at 375 and 1280 px into
// /work/shots/supplier-page/.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiWrite, expect, settledViolations, signInViaApi, test } from '../../fixtures';
import { draftWithProductsOf, getJson, supplierNamed } from '../orders/orders-helpers';

const SHOTS = process.env.SLAT_SUPPLIER_PAGE_SHOTS ?? '/work/shots/supplier-page';

test.use({
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  timezoneId: 'UTC',
});

type SupplierOrderJson = {
  id: number;
  acknowledgement: string;
  eta: string | null;
  lineChanges: { orderLineId: number; quantity?: number }[];
  tracking: { carrier: string; number: string; url: string };
  context: { orderStatus: { name: string }; orderLines: { id: number; quantity: number }[] };
};
type HistoryJson = {
  data: { employee: { fullName: string }; source: string; changes: { field: string; new: string }[] }[];
  total: number;
};

/** A submitted purchase order for an online supplier: a demo quote copied, accepted, converted, submitted. */
async function submittedOrder(request: APIRequestContext): Promise<{ orderId: number; tuid: number }> {
  const supplier = await supplierNamed(request, 'Coastline Window Furnishings');
  const source = await draftWithProductsOf(request, supplier.id);
  const { id: quoteId } = (await apiWrite(request, 'POST', `/api/deal-quotes/${source.id}/clone`, {
    description: 'Supplier page e2e',
  })) as { id: number };
  await apiWrite(request, 'POST', `/api/deal-quotes/${quoteId}/accept`, {
    signature: null,
    acceptWithoutSignature: true,
  });
  const { id } = (await apiWrite(request, 'POST', '/api/deal-quotes/convert', {
    quoteId,
    manufacturerId: supplier.id,
  })) as { id: number };
  const order = await getJson<{ tuid: number; context: { minRequiredDate: string | null } }>(
    request,
    `/api/purchaseorder/${id}`,
  );
  const required =
    order.context.minRequiredDate ?? new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await apiWrite(request, 'POST', `/api/old/quotes/${id}/convert`, {
    required_date: required,
    shipping_address: '12 Harbour St, Sydney NSW 2000',
    shipping_method_id: supplier.shippingMethods[0]?.id,
    shipping_instructions: 'Leave at the side gate',
  });
  return { orderId: id, tuid: order.tuid };
}

const supplierOrders = (request: APIRequestContext, orderId: number) =>
  getJson<SupplierOrderJson[]>(request, `/api/purchaseorder/${orderId}/manufacturerorders`);

/** The whole page in one picture (the window made as tall as the content), then put back. */
async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Nothing wider than the phone: no sideways scrolling (innerWidth too: a phone widens it to the content). */
async function expectFitsPhone(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(innerWidth).toBe(375);
  expect(scrollWidth).toBeLessThanOrEqual(375);
}

// the order is built through the API first (a dozen calls, and the submitted order's PDF)
test.describe.configure({ timeout: 180_000 });

test('a supplier opens the order link on a phone, accepts with a changed quantity, then sets status, ETA and tracking', async ({
  page,
  request,
  browser,
}) => {
  await signInViaApi(request);
  const { orderId, tuid } = await submittedOrder(request);
  const [supplierOrder] = await supplierOrders(request, orderId);
  expect(supplierOrder, 'the submitted order has its online supplier order').toBeTruthy();
  // the link the purchase-order mail carries (made at submission; a new one when there is none)
  const linkUrl = `/api/purchaseorder/${orderId}/manufacturerorders/${supplierOrder!.id}/link`;
  let link = await getJson<{ url: string | null }>(request, linkUrl);
  if (link.url === null)
    link = (await apiWrite(request, 'POST', `${linkUrl}/renew`, {})) as { url: string | null };
  expect(link.url).toMatch(/\/supplier-order\/[A-Za-z0-9_-]{22,}$/);
  const linkPath = new URL(link.url!).pathname;

  // the page: signed out (the page's context has no session), the order as the supplier sees it
  await page.goto(linkPath);
  await expect(page.getByRole('heading', { level: 1, name: `Purchase order #${tuid}` })).toBeVisible();
  await expect(page.getByText('Leave at the side gate')).toBeVisible();
  await expect(page.getByTestId('order-lines').locator(':scope > li')).toHaveCount(
    supplierOrder!.context.orderLines.length,
  );
  await expect(page.getByRole('button', { name: 'View PDF' })).toBeVisible();
  await expect(page.getByText('No changes yet')).toBeVisible();
  await expectFitsPhone(page);
  expect(await settledViolations(page)).toEqual([]);
  await shoot(page, 'unanswered-375');

  // accept with changes: nothing named is refused, then the first line's quantity
  await page.getByRole('button', { name: 'Accept with changes' }).tap();
  await page.getByRole('button', { name: 'Send accepted with changes' }).tap();
  await expect(page.getByText('Name at least one line and what changed')).toBeVisible();
  const firstLine = supplierOrder!.context.orderLines[0]!;
  const newQuantity = firstLine.quantity + 1;
  await page.getByLabel('New quantity').first().fill(String(newQuantity));
  await page.getByLabel('Note').first().fill('One more from the same batch');
  expect(await settledViolations(page)).toEqual([]);
  await shoot(page, 'changes-375');
  await page.getByRole('button', { name: 'Send accepted with changes' }).tap();
  const confirm = page.getByRole('dialog', { name: 'Send this answer?' });
  await expect(confirm).toContainText('Accept the order with changes to 1 line?');
  expect(await settledViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Yes, send' }).tap();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('answer')).toContainText('Accepted with changes');
  await expect(page.getByTestId('line-changes')).toContainText(`Quantity ${newQuantity}`);

  // then the order moves on: a status, an ETA and tracking, one Save
  const statusField = page.getByLabel('Status', { exact: true });
  const statusName = await statusField.locator('option').nth(1).textContent();
  await statusField.selectOption({ label: statusName! });
  await page.getByLabel('ETA').fill('2027-01-15');
  await page.getByLabel('Carrier').fill('StarTrack');
  await page.getByLabel('Tracking number').fill('ST123456');
  await page.getByLabel('Tracking link').fill('https://track.example/ST123456');
  await page.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByText('Saved. The dealer sees it now.')).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText(statusName!);
  await expect(page.getByTestId('history').locator(':scope > li')).toHaveCount(2);
  await expectFitsPhone(page);
  expect(await settledViolations(page)).toEqual([]);
  await shoot(page, 'answered-375');

  // the PDF as it was sent, once rendered: fetched with the link and opened in a new tab
  const linkId = linkPath.split('/').pop()!;
  await expect
    .poll(
      async () =>
        (
          (await (
            await request.get(`/api/supplier/v1/orders/${supplierOrder!.id}`, {
              headers: { authorization: `Bearer ${linkId}` },
            })
          ).json()) as { pdfUrl: string | null }
        ).pdfUrl,
      { timeout: 90_000 },
    )
    .not.toBeNull();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'View PDF' }).tap();
  const pdfTab = await popup;
  await expect.poll(() => pdfTab.url()).toMatch(/^blob:/);
  await pdfTab.close();

  // the dealer's API: the answer, its change, the ETA and tracking, and a history entry for each call
  const [after] = await supplierOrders(request, orderId);
  expect(after).toMatchObject({
    acknowledgement: 'ACCEPTED_WITH_CHANGES',
    eta: '2027-01-15',
    tracking: { carrier: 'StarTrack', number: 'ST123456', url: 'https://track.example/ST123456' },
    lineChanges: [{ orderLineId: firstLine.id, quantity: newQuantity }],
  });
  expect(after!.context.orderStatus.name).toBe(statusName);
  const history = await getJson<HistoryJson>(
    request,
    `/api/old/trackers?id=${supplierOrder!.id}&model=ManufacturerOrder`,
  );
  expect(history.total).toBe(2);
  expect(history.data.every((entry) => entry.source === 'SUPPLIER_LINK')).toBe(true);
  expect(history.data[1]!.changes.map((c) => c.field)).toContain('acknowledgement');
  expect(history.data[0]!.changes.map((c) => c.field).sort()).toEqual(
    ['eta', 'order_status_id', 'tracking_information'].sort(),
  );

  // the same page at 1280 px, in a desktop window
  const desktop = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: { width: 1280, height: 900 },
  });
  const wide = await desktop.newPage();
  await wide.goto(linkPath);
  await expect(wide.getByTestId('answer')).toContainText('Accepted with changes');
  await expect(wide.getByTestId('history').locator(':scope > li')).toHaveCount(2);
  expect(await settledViolations(wide)).toEqual([]);
  await shoot(wide, 'answered-1280');
  await desktop.close();

  // the dealer revokes the link: the same address now says so
  await apiWrite(
    request,
    'POST',
    `/api/purchaseorder/${orderId}/manufacturerorders/${supplierOrder!.id}/link/revoke`,
    {},
  );
  await page.reload();
  await expect(page.getByText('This link is no longer valid. Ask the dealer for a new one.')).toBeVisible();
  await expect(page.getByRole('button')).toHaveCount(0);
  expect(await settledViolations(page)).toEqual([]);
  await shoot(page, 'revoked-375');
});

test('an unknown link shows the revoked page, on a phone and at 1280 px', async ({ page }) => {
  await page.goto('/supplier-order/Tm9PcmRlckhhc1RoaXNMaW5rSWQx');
  await expect(page.getByText('This link is no longer valid. Ask the dealer for a new one.')).toBeVisible();
  await expectFitsPhone(page);
  expect(await settledViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'revoked-1280');
});
