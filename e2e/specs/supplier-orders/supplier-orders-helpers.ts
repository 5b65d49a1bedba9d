// Shared by the supplier-order specs: a submitted purchase order for a demo supplier, the
// supplier's own command line (apps/server/dist/cli/supplier.js) on this run's server.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiWrite, expect } from '../../fixtures';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../../run-env';
import { draftWithProductsOf, getJson, supplierNamed } from '../orders/orders-helpers';

const CLI = path.join(E2E_DATA_DIR, 'app/apps/server/dist/cli');
export const SHOTS = process.env.SLAT_SUPPLIER_SHOTS ?? '/work/shots/supplier-orders';

export type SubmittedOrder = {
  id: number;
  tuid: number;
  manufacturerId: number;
  context: {
    manufacturerOrders: { id: number | string; coreStatus: string }[];
    offlineManufacturerOrders: { id: number | string; status: string }[];
  };
};

/** A copy of a demo quote, accepted, converted for the supplier and submitted as the review submits it. */
export async function submittedOrderFor(
  page: Page,
  supplierName: string,
  offline?: { reference: string; orderStatus: string; notes: string },
): Promise<SubmittedOrder> {
  const supplier = await supplierNamed(page.request, supplierName);
  const source = await draftWithProductsOf(page.request, supplier.id);
  const { id: quoteId } = await apiWrite(page.request, 'POST', `/api/deal-quotes/${source.id}/clone`, {
    description: `Supplier order e2e ${supplierName}`,
  });
  await apiWrite(page.request, 'POST', `/api/deal-quotes/${quoteId}/accept`, {
    signature: null,
    acceptWithoutSignature: true,
  });
  const { id } = await apiWrite(page.request, 'POST', '/api/deal-quotes/convert', {
    quoteId,
    manufacturerId: supplier.id,
  });
  const open = await getJson<{ context: { minRequiredDate: string | null } }>(
    page.request,
    `/api/purchaseorder/${id}`,
  );
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const method = supplier.shippingMethods[0];
  await apiWrite(page.request, 'POST', `/api/old/quotes/${id}/convert`, {
    required_date: open.context.minRequiredDate ?? tomorrow,
    ...(supplier.isInternal
      ? {}
      : { shipping_method_id: method?.id ?? null, shipping_address: '12 Harbour St, Sydney NSW 2000' }),
    ...(offline ? { offline_supplier_order: offline } : {}),
  });
  return getJson<SubmittedOrder>(page.request, `/api/purchaseorder/${id}`);
}

/** The supplier's command line, as a supplier's integration would run it against this server. */
export function supplierCli(args: string[], token?: string): string {
  return execFileSync(process.execPath, [path.join(CLI, 'supplier.js'), ...args], {
    env: {
      ...process.env,
      DATA_DIR: E2E_DATA_DIR,
      SLAT_URL: E2E_BASE_URL,
      ...(token ? { SLAT_SUPPLIER_TOKEN: token } : {}),
    },
    stdio: 'pipe',
    encoding: 'utf8',
  }).trim();
}

/** The top modal whole (the window made as tall as its content), then put back. */
export async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize()!;
  const modal = page.locator('.mantine-Modal-content').last();
  if ((await modal.count()) > 0) {
    await modal.evaluate((el) => el.scrollTo(0, 0));
    for (let i = 0; i < 4; i++) {
      const hidden = await modal.evaluate((el) => el.scrollHeight - el.clientHeight);
      if (hidden <= 0) break;
      const now = page.viewportSize()!;
      await page.setViewportSize({ width: now.width, height: now.height + hidden });
    }
  }
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled', fullPage: true });
  await page.setViewportSize(size);
}

/** The page is no wider than the screen, on a phone's real viewport too (decision 021). */
export async function expectNoSidewaysScroll(page: Page) {
  const { inner, scroll } = await page.evaluate(() => ({
    inner: window.innerWidth,
    scroll: document.documentElement.scrollWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(inner);
  expect(inner).toBe(page.viewportSize()!.width);
}
