// The dashboard's Orders section: the past 30 days' Open card and one card per supplier core
// status, each linking to the list filtered as it counts, with a chart of orders per day.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiWrite, expect, settledViolations, signInViaApi, test } from '../../fixtures';

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
