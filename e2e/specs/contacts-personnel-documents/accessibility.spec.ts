import path from 'node:path';
import { expect, seriousViolations, signInViaApi, test } from '../../fixtures';
import { enableFlag, SCREENSHOT_DIR, searchContactsViaApi } from './directory-helpers';

for (const width of [375, 1280]) {
  test.describe(`contacts, personnel and documents at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    test.beforeEach(async ({ page }) => {
      await signInViaApi(page.request);
      await enableFlag(page, 'Personnel');
    });

    const shot = (page: import('@playwright/test').Page, name: string) =>
      page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });

    test('contacts list and contact modal: no serious axe violation', async ({ page }) => {
      await page.goto('/contacts');
      await expect(page.getByText(/record\(s\) found/)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'contacts');
      const contact = (await searchContactsViaApi(page.request, '')).data[0]!;
      await page.getByRole('link', { name: contact.name, exact: true }).click();
      const modal = page.getByRole('dialog', { name: contact.name });
      await expect(modal.getByRole('table', { name: 'Related deals' })).toBeVisible();
      await modal.getByRole('button', { name: 'View raw data' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'contact-modal');
    });

    test('personnel list and person modal: no serious axe violation', async ({ page }) => {
      await page.goto('/personnel');
      await expect(page.getByRole('table', { name: 'Personnel' }).getByText('Dana Whitfield')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'personnel');
      await page.getByRole('link', { name: 'Dana Whitfield' }).click();
      await expect(page.getByRole('dialog', { name: 'Dana Whitfield' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'person-modal');
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit person' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('documents: no serious axe violation', async ({ page }) => {
      await page.goto('/documents');
      await expect(page.getByRole('table', { name: 'Documents' }).locator('tbody tr').first()).toContainText(
        /\w/,
      );
      await expect(page.getByLabel('Loading…')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'documents');
    });
  });
}
