import path from 'node:path';
import { expect, seriousViolations, signInViaApi, test } from '../../fixtures';
import { SCREENSHOT_DIR } from './web-helpers';

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    test('sign-in page: no serious axe violation; screenshot', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `login-${width}.png`), fullPage: true });
    });

    test('reset password page: no serious axe violation; screenshot', async ({ page }) => {
      await page.goto('/reset-password?token=screenshot-token');
      await page.getByLabel('New password').fill('Harbour-Tide-2026');
      await expect(page.getByText(/^Password strength: /)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: path.join(SCREENSHOT_DIR, `reset-password-${width}.png`),
        fullPage: true,
      });
    });

    test('shell: no serious axe violation; screenshot', async ({ page }) => {
      await signInViaApi(page.request);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `shell-${width}.png`), fullPage: true });
    });
  });
}
