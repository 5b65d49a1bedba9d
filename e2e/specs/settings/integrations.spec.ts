import { expect, signInViaApi, test } from '../../fixtures';

test.describe('Settings › Integrations', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  test('link and unlink the virtual calendar; outside services need configuring', async ({ page }) => {
    await page.goto('/settings/integrations');
    const card = page.getByRole('region', { name: 'Mail and calendar' });
    await expect(card.getByText('Not linked')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Link Google' })).toBeDisabled();
    await expect(
      card.getByText('Needs configuring on the server before it can be linked').first(),
    ).toBeVisible();

    await card.getByRole('button', { name: 'Use the virtual calendar' }).click();
    await expect(card.getByText('Using the built-in virtual calendar')).toBeVisible();
    await card.getByRole('button', { name: 'Unlink' }).click();
    await expect(card.getByText('Not linked')).toBeVisible();
  });

  test('the account shows the invalid and load-error states', async ({ page }) => {
    await page.route('**/api/account/calendar-account', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          connection: { id: 1, provider: 'GOOGLE', status: 'INVALID', email: 'dana@example.com' },
          services: [],
        }),
      }),
    );
    await page.goto('/settings/integrations');
    await expect(
      page.getByText(
        'Your linked account appears to be invalid. Please check your account settings or link another account.',
      ),
    ).toBeVisible();
    await page.unroute('**/api/account/calendar-account');
    await page.route('**/api/account/calendar-account', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.reload();
    await expect(page.getByText('Error loading account')).toBeVisible();
  });

  test('the link callback shows the result and returns to integrations', async ({ page }) => {
    await page.goto('/account/google/callback?status=error&error=access_denied');
    await expect(page.getByText('The account could not be linked.')).toBeVisible();
    await expect(page.getByText('access_denied')).toBeVisible();
    await page.goto('/account/google/callback?status=success');
    await expect(page.getByText('Your google account is linked.')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/integrations$/);
  });
});
