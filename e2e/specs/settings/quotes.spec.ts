import { apiWrite, expect, signInViaApi, test } from '../../fixtures';

test.describe('Settings › Quotes', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
    const overrides = await (
      await page.request.get('/api/old/account-settings/dealer-portal/markup-overrides')
    ).json();
    for (const o of overrides as { id: number }[])
      await apiWrite(
        page.request,
        'DELETE',
        `/api/old/account-settings/dealer-portal/markup-overrides/${o.id}`,
      );
  });

  test('set tax mode and deposit', async ({ page }) => {
    await page.goto('/settings/quotes');
    const deposit = page.getByRole('textbox', { name: 'Deposit percentage' });
    await expect(deposit).toBeVisible();
    const account = await (await page.request.get('/api/old/account-settings')).json();
    await expect(page.getByRole('textbox', { name: 'Tax rate' })).toHaveCount(
      account.country.labor_tax_control === 1 ? 1 : 0,
    );

    await deposit.fill('25');
    await page.getByRole('radio', { name: 'Exclude tax' }).check();
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Your changes have been saved.')).toBeVisible();

    const saved = await (await page.request.get('/api/old/account-settings/dealer-portal')).json();
    expect(Number(saved.depositPercentage)).toBe(25);
    expect(saved.quotePricingTaxMode).toBe('EXCLUSIVE');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Deposit percentage' })).toHaveValue('25%');
    await expect(page.getByRole('radio', { name: 'Exclude tax' })).toBeChecked();

    await page.getByRole('radio', { name: 'Include tax' }).check();
    await page.getByRole('textbox', { name: 'Deposit percentage' }).fill('50');
    await page.getByRole('button', { name: 'Save' }).first().click();
    await expect(page.getByText('Your changes have been saved.').first()).toBeVisible();
    await expect
      .poll(
        async () =>
          (await (await page.request.get('/api/old/account-settings/dealer-portal')).json())
            .quotePricingTaxMode,
      )
      .toBe('INCLUSIVE');
  });

  test('add, edit and delete a markup override; a second one for the same category is refused', async ({
    page,
  }) => {
    const options = await (
      await page.request.get('/api/old/account-settings/dealer-portal/markup-overrides/options')
    ).json();
    const category: string = options.categories[0].name;
    await page.goto('/settings/quotes');
    const overrides = page.getByRole('table', { name: 'Markup overrides' });

    const addOverride = async (amount: string) => {
      await page.getByRole('button', { name: 'Add override' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add markup override' });
      await expect(dialog.getByRole('radio', { name: 'Category' })).toBeChecked();
      await dialog.getByRole('combobox', { name: 'Category' }).fill(category.slice(0, 4));
      await page.getByRole('option', { name: category, exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Amount (%)' }).fill(amount);
      await dialog.getByRole('button', { name: 'Save' }).click();
      return dialog;
    };

    const added = await addOverride('15');
    await expect(added).toBeHidden();
    const row = overrides.getByRole('row').filter({ hasText: category });
    await expect(row).toContainText('Mark up 15%');

    await page.getByRole('button', { name: `Edit override for ${category}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit markup override' });
    await edit.getByRole('combobox', { name: 'Adjustment type' }).selectOption('PERCENT_MARGIN');
    await edit.getByRole('textbox', { name: 'Amount (%)' }).fill('20');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Margin 20%');

    const duplicate = await addOverride('5');
    await expect(duplicate.getByText('This category already has an override')).toBeVisible();
    // Cancel on a form with changes asks first (decision 012)
    await duplicate.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(duplicate).toBeHidden();
    await expect(overrides.getByRole('row').filter({ hasText: category })).toHaveCount(1);

    await page.getByRole('button', { name: `Delete override for ${category}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this override?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText('No overrides yet. Every product uses the account adjustment.'),
    ).toBeVisible();
  });
});
