// The purchase orders list (/orders) and the New order modal (/orders/new): the filters live in
// the URL and survive a reload, rows open their order, Create makes one order however often it is
// clicked, a dealer without suppliers is told so, and a phone shows a card per order.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiWrite, expect, settledViolations, signInViaApi, test } from '../../fixtures';
import { E2E_DATA_DIR } from '../../run-env';

const CLI = path.join(E2E_DATA_DIR, 'app/apps/server/dist/cli');
/** Screenshots for review go here when set (SLAT_SHOTS_DIR=/work/shots/orders-list). */
const SHOTS = process.env.SLAT_SHOTS_DIR;

/** A whole page, or with `screen` what the screen shows (a modal covers only the screen). */
async function shoot(page: Page, name: string, screen = false) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: !screen });
}

type Supplier = { id: number; name: string };
type ListItem = { id: number; tuid: number; sidemark: string; isArchived: boolean; salesRep: string | null };

async function suppliersOf(
  request: APIRequestContext,
): Promise<{ data: Supplier[]; multiSupplier: boolean }> {
  const res = await request.get('/api/purchaseorder/suppliers');
  expect(res.status()).toBe(200);
  return res.json();
}

async function createOrder(
  request: APIRequestContext,
  body: { manufacturer_id: number; sidemark: string; sales_rep_override?: string | null },
): Promise<number> {
  const answer = (await apiWrite(request, 'POST', '/api/old/quotes', body)) as { data: { id: number } };
  return answer.data.id;
}

/** Orders whose sidemark, notes or number match `search`, as the API lists them (any date, archived or not). */
async function ordersMatching(
  request: APIRequestContext,
  search: string,
  isArchived = false,
): Promise<ListItem[]> {
  const res = await request.post('/api/purchaseorder', {
    data: { filters: { search, isArchived, dateFrom: '2000-01-01', dateTo: '2050-01-01' } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

const orderRows = (page: Page) =>
  page.getByRole('table', { name: 'Purchase orders' }).locator('tbody tr[data-order-id]');

test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });

test.describe('orders list', () => {
  test('the filters survive a reload: search, status, supplier, rep None, date preset and archived', async ({
    page,
  }) => {
    await signInViaApi(page.request);
    const { data: suppliers, multiSupplier } = await suppliersOf(page.request);
    expect(multiSupplier).toBe(true);
    const [first, second] = suppliers as [Supplier, Supplier];
    const tag = `flt${randomBytes(3).toString('hex')}`;
    await createOrder(page.request, { manufacturer_id: first.id, sidemark: `${tag} Alpha` });
    await createOrder(page.request, { manufacturer_id: second.id, sidemark: `${tag} Bravo` });
    const noRep = async (sidemark: string) => {
      const id = await createOrder(page.request, { manufacturer_id: first.id, sidemark });
      // no override and no staff member: the order has no sales rep ('None')
      await apiWrite(page.request, 'POST', `/api/old/quotes/${id}/update-details`, {
        sidemark,
        sales_rep_override: null,
        employee_id: null,
      });
      return id;
    };
    const archivedId = await noRep(`${tag} Charlie`);
    const deltaId = await noRep(`${tag} Delta`);
    await apiWrite(page.request, 'POST', '/api/old/orders/archive/1', { ids: [archivedId] });

    await page.goto('/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    // the left navigation marks Orders as the current page
    await expect(page.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByLabel('Search').fill(tag);
    await expect(orderRows(page)).toHaveCount(3);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    await shoot(page, 'list-1280');

    await page.getByLabel('Status').selectOption('OPEN');
    await page.getByLabel('Supplier', { exact: true }).selectOption(String(first.id));
    await expect(orderRows(page)).toHaveCount(2);
    await page.getByLabel('Sales rep').selectOption('none');
    await expect(orderRows(page)).toHaveCount(1);
    await expect(orderRows(page).first()).toContainText(`${tag} Delta`);
    await page.getByLabel('Date created').selectOption('-7');
    await page.getByLabel('Show archived orders').check();
    await expect(orderRows(page)).toHaveCount(1);
    await expect(orderRows(page).first()).toContainText(`${tag} Charlie`);
    await expect(orderRows(page).first()).toContainText('Archived');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: tag,
      status: 'OPEN',
      manufacturer: String(first.id),
      rep: 'none',
      date: '-7',
      archived: '1',
    });

    await page.reload();
    await expect(orderRows(page)).toHaveCount(1);
    await expect(orderRows(page).first()).toContainText(`${tag} Charlie`);
    await expect(page.getByLabel('Search')).toHaveValue(tag);
    await expect(page.getByLabel('Status')).toHaveValue('OPEN');
    await expect(page.getByLabel('Supplier', { exact: true })).toHaveValue(String(first.id));
    await expect(page.getByLabel('Sales rep')).toHaveValue('none');
    await expect(page.getByLabel('Date created')).toHaveValue('-7');
    await expect(page.getByLabel('Show archived orders')).toBeChecked();
    await expect(page.getByText('1 record(s) found')).toBeVisible();

    // back to the non-archived ones: Delta alone
    await page.getByLabel('Show archived orders').uncheck();
    await expect(orderRows(page)).toHaveCount(1);
    await expect(orderRows(page).first()).toHaveAttribute('data-order-id', String(deltaId));

    // the rep and supplier are remembered for the next visit that names none
    await page.goto('/orders');
    await expect(page.getByLabel('Sales rep')).toHaveValue('none');
    await expect(page.getByLabel('Supplier', { exact: true })).toHaveValue(String(first.id));
    await expect(page.getByLabel('Status')).toHaveValue('');
    expect(await settledViolations(page)).toEqual([]);
  });

  test('a row opens its order, by its link and by a click on the row', async ({ page }) => {
    await signInViaApi(page.request);
    const { data: suppliers } = await suppliersOf(page.request);
    const tag = `row${randomBytes(3).toString('hex')}`;
    const id = await createOrder(page.request, {
      manufacturer_id: suppliers[0]!.id,
      sidemark: `${tag} Echo`,
    });
    const [order] = await ordersMatching(page.request, tag);
    await page.goto(`/orders?search=${tag}`);
    const link = page.getByRole('link', { name: `Order #${order!.tuid}` });
    await expect(link).toHaveAttribute('href', `/orders/${id}`);
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
    await expect(page.getByRole('link', { name: 'Orders', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goBack();
    await orderRows(page).first().getByText(`${tag} Echo`).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${id}$`));
  });

  test('pages of 50 with the total, the page kept in the URL; a page past the end shows the last', async ({
    page,
  }) => {
    await signInViaApi(page.request);
    const { data: suppliers } = await suppliersOf(page.request);
    const tag = `pg${randomBytes(3).toString('hex')}`;
    const token = await (await page.request.get('/api/old/auth/generate-token')).json();
    for (let n = 1; n <= 52; n++) {
      const res = await page.request.post('/api/old/quotes', {
        headers: { 'x-csrf-token': token },
        data: { manufacturer_id: suppliers[0]!.id, sidemark: `${tag} ${n}` },
      });
      expect(res.status()).toBe(200);
    }
    await page.goto(`/orders?search=${tag}`);
    await expect(page.getByText('52 record(s) found')).toBeVisible();
    await expect(orderRows(page)).toHaveCount(50);
    await page
      .getByRole('navigation', { name: 'Pages', exact: true })
      .getByRole('button', { name: 'Next page' })
      .click();
    await expect(page).toHaveURL(/page=2/);
    await expect(orderRows(page)).toHaveCount(2);
    await page.reload();
    await expect(orderRows(page)).toHaveCount(2);
    await expect(page.getByText('Page 2 of 2').first()).toBeVisible();
    await page.goto(`/orders?search=${tag}&page=9`);
    await expect(page).toHaveURL(/page=2/);
    await expect(orderRows(page)).toHaveCount(2);
  });

  test('an empty result says so and clears its filters', async ({ page }) => {
    await signInViaApi(page.request);
    await page.goto(`/orders?search=nothing-${randomBytes(4).toString('hex')}&status=SUBMITTED`);
    await expect(page.getByText('No orders found')).toBeVisible();
    await expect(page.getByText('0 record(s) found')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByLabel('Search')).toHaveValue('');
    await expect(page.getByLabel('Status')).toHaveValue('');
  });

  test('New order creates one order (however often Create is clicked) and opens it', async ({ page }) => {
    await signInViaApi(page.request);
    const { data: suppliers } = await suppliersOf(page.request);
    const second = suppliers[1]!;
    const tag = `new${randomBytes(3).toString('hex')}`;
    await page.goto('/orders');
    await page.getByRole('link', { name: 'New order' }).click();
    await expect(page).toHaveURL(/\/orders\/new$/);
    const modal = page.getByRole('dialog', { name: 'New order' });
    await expect(modal).toBeVisible();
    // the list stays under the modal
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeAttached();

    // a typed form asks before it is dropped
    await modal.getByLabel('Sidemark').fill(`${tag} Foxtrot`);
    await page.keyboard.press('Escape');
    const ask = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(ask).toContainText(
      'You have unsaved changes. If you exit now your changes will be lost. Are you sure?',
    );
    await shoot(page, 'new-unsaved-1280', true);
    await ask.getByRole('button', { name: /keep/i }).click();
    await expect(modal.getByLabel('Sidemark')).toHaveValue(`${tag} Foxtrot`);

    // several suppliers and the permission: the supplier is chosen
    const supplier = modal.getByLabel('Supplier');
    await supplier.selectOption(String(second.id));
    await modal.getByLabel('Customer details').fill('Mrs Smith, 4 Beach Rd');
    await shoot(page, 'new-1280', true);
    await modal.getByRole('button', { name: 'Create' }).dblclick();
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const made = await ordersMatching(page.request, tag);
    expect(made.map((o) => o.id)).toEqual([id]);
    const detail = await (await page.request.get(`/api/purchaseorder/${id}`)).json();
    expect(detail).toMatchObject({
      manufacturerId: second.id,
      sidemark: `${tag} Foxtrot`,
      customerDetails: 'Mrs Smith, 4 Beach Rd',
      status: 'OPEN',
    });
  });

  test('a dealer without suppliers is told to configure one', async ({ page }) => {
    const tag = randomBytes(4).toString('hex');
    const username = `nosuppliers-${tag}`;
    const password = 'correct horse battery';
    // a new dealer account, made with the server's own tool on the run's database
    execFileSync(
      process.execPath,
      [
        path.join(CLI, 'account.js'),
        'create',
        '--username',
        username,
        '--password',
        password,
        '--company',
        `No Suppliers ${tag}`,
        '--country',
        'AU',
      ],
      { env: { ...process.env, DATA_DIR: E2E_DATA_DIR }, stdio: 'pipe' },
    );
    await page.context().clearCookies();
    await signInViaApi(page.request, username, password);
    expect((await suppliersOf(page.request)).data).toEqual([]);
    await page.goto('/orders/new');
    const modal = page.getByRole('dialog', { name: 'New order' });
    await expect(modal.getByText('No suppliers configured')).toBeVisible();
    await expect(modal.getByText('You need to configure a supplier before creating an order.')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Create' })).toHaveCount(0);
    // a single-supplier (here: no-supplier) dealer sees no Supplier filter
    await expect(page.getByLabel('Supplier', { exact: true })).toHaveCount(0);
    await modal.getByRole('button', { name: 'Close' }).first().click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(page.getByText('No orders found')).toBeVisible();
  });
});

test.describe('orders list on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('shows a card per order and no sideways scrolling', async ({ page }) => {
    await signInViaApi(page.request);
    const { data: suppliers } = await suppliersOf(page.request);
    const tag = `phn${randomBytes(3).toString('hex')}`;
    const id = await createOrder(page.request, {
      manufacturer_id: suppliers[0]!.id,
      sidemark: `${tag} a rather long sidemark for the whole Henderson family beach house`,
      sales_rep_override: 'Alexandra Montgomery-Whitfield',
    });
    await createOrder(page.request, { manufacturer_id: suppliers[1]!.id, sidemark: `${tag} Golf` });
    await page.goto(`/orders?search=${tag}`);
    const cards = page.getByRole('list', { name: 'Purchase orders' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(page.getByRole('table', { name: 'Purchase orders' })).toHaveCount(0);
    await expect(cards.filter({ hasText: 'Henderson' }).getByRole('link')).toHaveAttribute(
      'href',
      `/orders/${id}`,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'list-phone');
    expect(await settledViolations(page)).toEqual([]);

    // the choices fold under Filters, which counts what is chosen
    const status = page.getByLabel('Status');
    await expect(status).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await status.selectOption('SUBMITTED');
    await expect(page).toHaveURL(/status=SUBMITTED/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('No orders found')).toBeVisible();
    await shoot(page, 'list-phone-filters');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(cards.first()).toBeVisible();

    await page.getByRole('link', { name: 'New order' }).click();
    await expect(page.getByRole('dialog', { name: 'New order' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'new-phone', true);
  });
});
