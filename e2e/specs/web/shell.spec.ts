import path from 'node:path';
import { expect, signInViaApi, test } from '../../fixtures';
import { SCREENSHOT_DIR } from './web-helpers';

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('at 1280 px the navigation is a side bar with the §2 sections', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open navigation' })).toHaveCount(0);
  const links = nav.getByRole('link');
  // One item per active workflow (other specs may rename, deactivate or import some), then Contacts (§2).
  const workflows = (await (await page.request.get('/api/workflows')).json()) as {
    name: string;
    isActive: boolean;
  }[];
  const active = workflows.filter((w) => w.isActive).map((w) => w.name);
  expect(active.length).toBeGreaterThan(0);
  await expect(links).toHaveText(['Dashboard', ...active, 'Contacts', 'Orders', 'Documents', 'Settings']);
  await expect(nav.getByText('Deals', { exact: true })).toBeVisible();
  await expect(nav.getByText('Purchasing', { exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Harbour Blinds & Shutters');
  await nav.getByRole('link', { name: 'Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(nav.getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
});

test('at 375 px the navigation is a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Main navigation' });
  await expect(drawer.getByRole('link', { name: 'Documents' })).toBeVisible();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-drawer-375.png'), animations: 'disabled' });
  await drawer.getByRole('link', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(drawer).toBeHidden();
});

test('the user menu shows who is signed in and opens the terms and privacy pages', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Signed in as');
  await expect(menu).toContainText('Dana Whitfield');
  await menu.getByRole('menuitem', { name: 'Terms and conditions' }).click();
  await expect(page.getByRole('heading', { name: 'Terms and conditions' })).toBeVisible();
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Privacy policy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
});

test('unknown paths: signed-in area → /dashboard, settings → /settings/general', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no-such-page/at/all');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/settings\/general$/);
  await page.goto('/settings/no-such-tab');
  await expect(page).toHaveURL(/\/settings\/general$/);
  await expect(page.getByRole('heading', { name: 'General' })).toBeVisible();
});

test('Personnel is behind its feature flag (local storage when analytics is off)', async ({ page }) => {
  await page.goto('/personnel');
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Personnel' })).toHaveCount(0);

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Feature flags' }).click();
  const flags = page.getByRole('dialog', { name: 'Feature flags' });
  await expect(flags.getByRole('switch', { name: 'QuotePriceBreakdown' })).toBeVisible();
  await flags.getByRole('switch', { name: 'Personnel' }).check();
  await page.keyboard.press('Escape');
  await nav.getByRole('link', { name: 'Personnel' }).click();
  await expect(page).toHaveURL(/\/personnel$/);
  await expect(page.getByRole('heading', { name: 'Personnel' })).toBeVisible();
});

test('a new deployment (changed GIT_COMMIT) shows the Update Available dialog', async ({ page, request }) => {
  const original = (await (await request.get('/health.json')).json()).GIT_COMMIT as string;
  await page.addInitScript(() => window.localStorage.setItem('slat.versionPollMs', '300'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  try {
    const changed = await request.post('/api/test/git-commit', { data: { commit: 'a-newer-build' } });
    expect(changed.status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: 'Update Available' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Update now' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect(dialog).toBeHidden();
  } finally {
    await request.post('/api/test/git-commit', { data: { commit: original } });
  }
});
