import path from 'node:path';
import { expect, seriousViolations, signInViaApi, test } from '../../fixtures';
import { SCREENSHOT_DIR } from '../web/web-helpers';

const pages = [
  { path: 'general', ready: 'Company name' },
  { path: 'orders', ready: 'Default shipping instructions' },
  { path: 'quotes', ready: 'Deposit percentage' },
  { path: 'suppliers', ready: null },
  { path: 'bundles', ready: null },
  { path: 'integrations', ready: null },
  { path: 'workflows', ready: null },
] as const;

for (const width of [375, 1280]) {
  test.describe(`settings at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    for (const { path: section, ready } of pages) {
      test(`${section}: no serious axe violation; screenshot`, async ({ page }) => {
        await signInViaApi(page.request);
        await page.goto(`/settings/${section}`);
        if (ready) await expect(page.getByLabel(ready, { exact: false }).first()).toBeVisible();
        await expect(page.getByLabel('Loading…')).toHaveCount(0);
        await expect(page.getByText('Settings could not be loaded.')).toHaveCount(0);
        if (width < 768) await expect(page.getByRole('combobox', { name: 'Settings section' })).toBeVisible();
        else await expect(page.getByRole('navigation', { name: 'Settings' })).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `settings-${section}-${width}.png`),
          fullPage: true,
        });
      });
    }
  });
}
