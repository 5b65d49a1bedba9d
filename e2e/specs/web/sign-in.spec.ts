import { messages } from '@slat/contracts';
import { DEMO, expect, signInViaApi, test } from '../../fixtures';
import { signInWithForm, signOutWithMenu } from './web-helpers';

test('a signed-out deep link goes to /login with a returnUrl and back there after sign-in', async ({
  page,
}) => {
  await page.goto('/contacts?search=a');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fcontacts%3Fsearch%3Da$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Slat' })).toBeVisible();
  await signInWithForm(page);
  await expect(page).toHaveURL(/\/contacts\?search=a$/);
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  await expect(page).toHaveTitle(/Slat/);
});

test('a wrong password shows the exact login-failed message', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, DEMO.username, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText(messages.loginFailed);
  await expect(page).toHaveURL(/\/login$/);
});

test('empty sign-in fields show the §5 messages and the review-all toast', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription(messages.usernameRequired);
  await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription(messages.passwordRequired);
  const toast = page.getByRole('alert').filter({ hasText: 'Review all fields and try again' });
  await expect(toast).toContainText(messages.usernameRequired);
  await expect(page.getByLabel('Username')).toBeFocused();
});

test('a lost session cookie ends on /login with the session-expired warning; signing in clears it', async ({
  page,
  context,
}) => {
  await signInViaApi(page.request);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await context.clearCookies({ name: 'slat_session' });

  await page.goto('/documents');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdocuments$/);
  await expect(page.getByRole('alert')).toContainText(messages.sessionExpired);
  await page.reload();
  await expect(page.getByRole('alert')).toContainText(messages.sessionExpired);

  await signInWithForm(page);
  await expect(page).toHaveURL(/\/documents$/);
  await signOutWithMenu(page);
  await expect(page.getByText(messages.sessionExpired)).toHaveCount(0);
});

test('a sessionExpired message from the options frame (same origin) expires the session', async ({
  page,
}) => {
  await signInViaApi(page.request);
  await page.goto('/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await page.evaluate(() => window.postMessage('sessionExpired', window.location.origin));
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Forders$/);
  await expect(page.getByRole('alert')).toContainText(messages.sessionExpired);
});

test('signing out shows "Logging out, please wait..." until the server answers', async ({ page }) => {
  await signInViaApi(page.request);
  await page.goto('/dashboard');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/old/auth/logout', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByText('Logging out, please wait...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?returnUrl=%2Fdashboard$/);
});

test('a chunk of a replaced build that fails to load reloads the sign-in page, which then works', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // what a deployment does to an open page: the chunks it has not fetched yet are gone
  await page.route('**/assets/auth-calls-*.js', (route) => route.fulfill({ status: 404, body: 'gone' }));
  const reloaded = page.waitForEvent('load');
  await page.getByLabel('Username').focus();
  await reloaded;
  await page.unroute('**/assets/auth-calls-*.js');
  await signInWithForm(page);
  await expect(page).toHaveURL(/\/dashboard$/);
});
