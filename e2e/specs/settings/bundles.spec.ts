import { apiWrite, expect, signInViaApi, test } from '../../fixtures';

type Bundle = {
  id: number;
  name: string;
  exclusivityKey: string | null;
  isSubscribed: boolean;
  templateFields: { label: string; operator: 'FACTOR' | 'CURRENCY' }[];
};

test.describe('Settings › Bundles', () => {
  let bundles: Bundle[];
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
    bundles = await (await page.request.get('/api/bundles')).json();
    for (const b of bundles.filter((b) => b.isSubscribed))
      await apiWrite(page.request, 'POST', `/api/bundles/${b.id}/unsubscribe`);
  });

  test('subscribe through the field modal; the other bundle of its group is disabled', async ({ page }) => {
    await page.goto('/settings/bundles');
    const motorisation = page.getByRole('switch', { name: 'Motorisation' });
    await expect(motorisation).not.toBeChecked();
    await motorisation.click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Motorisation' });
    await expect(dialog).toBeVisible();

    const fields = bundles.find((b) => b.name === 'Motorisation')?.templateFields ?? [];
    expect(fields.length).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByText('This field is required').first()).toBeVisible();
    for (const field of fields) {
      const input = dialog.getByRole('textbox', { name: field.label });
      if (field.operator === 'FACTOR') {
        await input.fill('1.5');
        await dialog.getByRole('button', { name: 'Subscribe' }).click();
        await expect(dialog.getByText('This field must be between 0 and 1')).toBeVisible();
        await input.fill('0.9');
      } else {
        await input.fill('-5');
        await dialog.getByRole('button', { name: 'Subscribe' }).click();
        await expect(dialog.getByText('This field must be greater than 0')).toBeVisible();
        await input.fill('120');
      }
    }
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog).toBeHidden();
    await expect(motorisation).toBeChecked();
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/bundles')).json()) as Bundle[]).find(
            (b) => b.name === 'Motorisation',
          )?.isSubscribed,
      )
      .toBe(true);

    const group = bundles.filter((b) => b.exclusivityKey === 'premium-fabrics');
    expect(group).toHaveLength(2);
    const [first, second] = group as [Bundle, Bundle];
    const firstSwitch = page.getByRole('switch', { name: first.name });
    const secondSwitch = page.getByRole('switch', { name: second.name });
    await expect(secondSwitch).toBeEnabled();
    // The Motorisation modal must be fully gone, or its closing overlay takes the next click.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await firstSwitch.click({ force: true });
    const firstDialog = page.getByRole('dialog', { name: `Subscribe to ${first.name}` });
    if (first.templateFields.length > 0) {
      await expect(firstDialog).toBeVisible();
      for (const field of first.templateFields)
        await firstDialog
          .getByRole('textbox', { name: field.label })
          .fill(field.operator === 'FACTOR' ? '0.5' : '10');
      await firstDialog.getByRole('button', { name: 'Subscribe' }).click();
    }
    await expect(firstSwitch).toBeChecked();
    await expect(secondSwitch).toBeDisabled();
    await expect(
      page.getByText('Another bundle of this group is subscribed. Unsubscribe from it first.'),
    ).toBeVisible();

    // Unsubscribe only once the subscribe has settled on the server and its modal is gone.
    await expect
      .poll(
        async () =>
          ((await (await page.request.get('/api/bundles')).json()) as Bundle[]).find((b) => b.id === first.id)
            ?.isSubscribed,
      )
      .toBe(true);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await firstSwitch.click({ force: true });
    // unsubscribing clears the values, so it asks first (decision 012)
    await page
      .getByRole('dialog', { name: `Unsubscribe from ${first.name}?` })
      .getByRole('button', { name: 'Unsubscribe' })
      .click();
    await expect(firstSwitch).not.toBeChecked();
    await expect(secondSwitch).toBeEnabled();
  });

  test('a refused subscribe is put back', async ({ page }) => {
    const motorisation = bundles.find((b) => b.name === 'Motorisation');
    expect(motorisation, 'the demo catalog has the Motorisation bundle').toBeDefined();
    if (!motorisation) throw new Error('no Motorisation bundle');
    await page.route(`**/api/bundles/${motorisation.id}/subscribe`, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'CONFLICT', message: 'Refused by the test', fields: [] } }),
      }),
    );
    await page.goto('/settings/bundles');
    const toggle = page.getByRole('switch', { name: 'Motorisation' });
    await toggle.click({ force: true });
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Motorisation' });
    for (const field of motorisation.templateFields)
      await dialog
        .getByRole('textbox', { name: field.label })
        .fill(field.operator === 'FACTOR' ? '0.5' : '10');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Refused by the test')).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });
});
