import { apiWrite, expect, signInViaApi, test } from '../../fixtures';

test.describe('Settings › General', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  test('edit company details with an invalid and a duplicate email chip', async ({ page }) => {
    await page.goto('/settings/general');
    await expect(page.getByRole('heading', { name: 'General' })).toBeVisible();
    const email = page.getByRole('textbox', { name: 'Email', exact: true });
    await expect(email).not.toHaveValue('');

    await email.fill('office@harbour.example, not-an-address, Office@harbour.example');
    const chips = page.getByRole('list', { name: 'Email addresses', exact: true });
    await expect(chips.getByRole('listitem')).toHaveCount(3);
    await expect(chips.getByRole('listitem').nth(1)).toContainText('Invalid address');
    await expect(chips.getByRole('listitem').nth(2)).toContainText('Duplicate');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Email address is invalid').first()).toBeVisible();

    await email.fill('office@harbour.example, office@harbour.example');
    await email.blur();
    await expect(page.getByText('Duplicate address already added')).toBeVisible();

    const name = page.getByRole('textbox', { name: 'Company name' });
    await name.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Company name is required').first()).toBeVisible();

    await name.fill('Harbour Blinds & Shutters Pty Ltd');
    await email.fill('office@harbour.example, sales@harbour.example');
    await page.getByRole('textbox', { name: 'Order confirmation email' }).fill('orders@harbour.example');
    await page.getByRole('textbox', { name: 'Phone' }).fill('02 9876 5432');
    await page.getByRole('textbox', { name: 'Address' }).fill('12 Wharf Road, Balmain NSW 2041');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue(
      'Harbour Blinds & Shutters Pty Ltd',
    );
    await expect(email).toHaveValue('office@harbour.example, sales@harbour.example');
    await expect(page.getByRole('textbox', { name: 'Address' })).toHaveValue(
      '12 Wharf Road, Balmain NSW 2041',
    );
    const saved = await (await page.request.get('/api/old/account-settings')).json();
    expect(saved.main_company.order_confirmation_email).toBe('orders@harbour.example');
    // the address is set, so the settings nav shows no warning mark
    await expect(
      page
        .getByRole('navigation', { name: 'Settings' })
        .getByRole('img', { name: 'Company address has not been set' }),
    ).toHaveCount(0);
  });

  test('a failed save keeps what was typed and shows the error toast', async ({ page }) => {
    await page.goto('/settings/general');
    const phone = page.getByRole('textbox', { name: 'Phone' });
    await expect(page.getByRole('textbox', { name: 'Company name' })).not.toHaveValue('');
    await page.route('**/api/old/account-settings/main-company', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'boom', fields: [] } }),
      }),
    );
    await phone.fill('0412 345 678');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText(
        'The server is experiencing issues, please try again later or contact technical support.',
      ),
    ).toBeVisible();
    await expect(phone).toHaveValue('0412 345 678');
  });

  test('the settings nav warns while the company address is missing', async ({ page }) => {
    const { main_company: c } = await (await page.request.get('/api/old/account-settings')).json();
    await apiWrite(page.request, 'POST', '/api/old/account-settings/main-company', {
      company_name: c.name,
      email: c.email,
      address: null,
    });
    await page.goto('/settings/general');
    const nav = page.getByRole('navigation', { name: 'Settings', exact: true });
    await expect(nav.getByRole('img', { name: 'Company address has not been set' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Address' }).fill('14 Wharf Street, Balmain NSW 2041');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();
    await expect(nav.getByRole('img', { name: 'Company address has not been set' })).toHaveCount(0);
  });
});
