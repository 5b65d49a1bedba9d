import path from 'node:path';
import { columnDeals, expect, getWorkflow, seriousViolations, signInViaApi, test } from '../../fixtures';
import { SCREENSHOT_DIR } from '../web/web-helpers';

for (const width of [375, 1280]) {
  test.describe(`deals at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    test.beforeEach(async ({ page }) => {
      await signInViaApi(page.request);
    });

    test('kanban board: no serious axe violation; screenshot', async ({ page }) => {
      await page.goto('/workflows/residential');
      await page.getByText('Kanban', { exact: true }).click();
      await expect(page.locator('[data-deal-id]').first()).toBeVisible();
      await expect(page.getByLabel('Loading…')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `deals-kanban-${width}.png`) });
    });

    test('table view: no serious axe violation; screenshot', async ({ page }) => {
      await page.goto('/workflows/residential');
      await page.getByText('Table', { exact: true }).click();
      await expect(page.locator('tr[data-deal-id]').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `deals-table-${width}.png`) });
      await page.getByText('Kanban', { exact: true }).click();
    });

    test('deal modal: no serious axe violation; screenshot', async ({ page }) => {
      const wf = await getWorkflow(page.request, 'residential');
      const quoted = wf.statuses.find((s) => s.slug === 'quoted') ?? wf.statuses[2]!;
      const [deal] = await columnDeals(page.request, wf.id, quoted.id, 1);
      await page.goto(`/workflows/residential/${deal!.id}`);
      const modal = page.getByRole('dialog', { name: new RegExp(`Deal #${deal!.tuid}`) });
      await expect(modal.getByRole('heading', { name: 'Notes' })).toBeVisible();
      await expect(modal.getByLabel('Loading…')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `deal-modal-${width}.png`), fullPage: true });
    });

    test('dashboard: no serious axe violation; screenshot', async ({ page }) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('region', { name: 'Residential' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `dashboard-${width}.png`), fullPage: true });
    });
  });
}
