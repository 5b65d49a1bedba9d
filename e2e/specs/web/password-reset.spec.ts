import { messages } from '@slat/contracts';
import {
  DEMO,
  DEMO_EMAIL,
  expect,
  outboxFiles,
  readNewResetLink,
  resetPasswordViaApi,
  test,
} from '../../fixtures';
import { signInWithForm, signOutWithMenu } from './web-helpers';

const NEW_PASSWORD = 'Harbour-Tide-2026';

test('forgot password → mail → reset link → the new password works and the old one does not', async ({
  page,
  request,
}) => {
  try {
    const before = outboxFiles();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email address').fill(DEMO_EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(messages.resetEmailSentTitle)).toBeVisible();
    await expect(page.getByText(messages.resetEmailSent)).toBeVisible();
    await page.getByRole('button', { name: 'Back to login' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Slat' })).toBeVisible();

    const link = await readNewResetLink(DEMO_EMAIL, before);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('other');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByLabel('New password')).toHaveAccessibleDescription(messages.passwordTooShort);
    await expect(page.getByText(/Password strength/)).toHaveCount(0);

    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await expect(page.getByText(/^Password strength: /)).toBeVisible();
    await page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription(
      messages.passwordsDoNotMatch,
    );

    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(messages.resetSuccessTitle, { exact: true })).toBeVisible();
    await expect(page.getByText(messages.resetSuccess)).toBeVisible();

    await signInWithForm(page, DEMO.username, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOutWithMenu(page);

    await signInWithForm(page, DEMO.username, DEMO.password);
    await expect(page.getByRole('alert')).toContainText(messages.loginFailed);
  } finally {
    await resetPasswordViaApi(request, DEMO_EMAIL, DEMO.password);
  }
});

test('a used or unknown reset token shows the §8 failure message', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toContainText(messages.resetFailedTitle);
  await expect(page.getByRole('alert')).toContainText(messages.resetFailed);
});

test('/reset-password without a token goes to /login', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page).toHaveURL(/\/login$/);
});
