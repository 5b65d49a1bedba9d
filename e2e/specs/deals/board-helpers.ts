import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** The before/after screenshots, kept with the test output. */
export const ISSUE_SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots/issue-12');

export async function issueScreenshot(page: Page, name: string, fullPage = false) {
  fs.mkdirSync(ISSUE_SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(ISSUE_SHOTS, `${name}.png`), fullPage });
}

/** The board in table view (the view is remembered, so it is chosen each time). */
export async function openTable(page: Page, query = '') {
  await page.goto(`/workflows/residential${query}`);
  await page.getByText('Table', { exact: true }).click();
  await expect(page.locator('tr[data-deal-id]').first()).toBeVisible();
  await expect(page.getByLabel('Loading…')).toHaveCount(0);
}

/** The board in kanban view. */
export async function openKanban(page: Page, query = '') {
  await page.goto(`/workflows/residential${query}`);
  await page.getByText('Kanban', { exact: true }).click();
  await expect(page.locator('[data-deal-id]').first()).toBeVisible();
}

/**
 * Text a person can read where it is: shown at a readable size, not a 1-px screen-reader-only
 * box and not only in a tooltip on hover.
 */
export async function expectReadable(text: Locator) {
  await text.scrollIntoViewIfNeeded();
  await expect(text).toBeVisible();
  const box = await text.boundingBox();
  expect(box, 'laid out').not.toBeNull();
  expect(box!.width, 'wide enough to read').toBeGreaterThan(40);
  expect(box!.height, 'tall enough to read').toBeGreaterThan(9);
}

/** The element's right edge is within the viewport (nothing to scroll sideways to reach it). */
export async function expectWithinViewportWidth(page: Page, element: Locator) {
  const box = await element.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'laid out').not.toBeNull();
  expect(box!.x, 'left edge on screen').toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, 'right edge on screen').toBeLessThanOrEqual(width);
}
