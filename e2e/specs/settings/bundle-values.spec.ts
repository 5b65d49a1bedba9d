import { apiWrite, expect, seriousViolations, signInViaApi, test } from '../../fixtures';

type Bundle = {
  id: number;
  name: string;
  isSubscribed: boolean;
  templateFields: {
    templateKey: string;
    label: string;
    operator: 'FACTOR' | 'CURRENCY';
    value: string | null;
  }[];
};

const bundlesNow = async (request: import('@playwright/test').APIRequestContext) =>
  (await (await request.get('/api/bundles')).json()) as Bundle[];

for (const width of [1280, 375]) {
  test.describe(`Settings › Bundles values at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    test("a subscribed bundle's values are changed without unsubscribing", async ({ page }) => {
      await signInViaApi(page.request);
      for (const b of (await bundlesNow(page.request)).filter((b) => b.isSubscribed))
        await apiWrite(page.request, 'POST', `/api/bundles/${b.id}/unsubscribe`);
      const motorisation = (await bundlesNow(page.request)).find((b) => b.name === 'Motorisation')!;
      const first = (f: Bundle['templateFields'][number]) => (f.operator === 'FACTOR' ? '0.5' : '10');
      const second = (f: Bundle['templateFields'][number]) => (f.operator === 'FACTOR' ? '0.75' : '25');
      await apiWrite(page.request, 'POST', `/api/bundles/${motorisation.id}/subscribe`, {
        templateValues: Object.fromEntries(motorisation.templateFields.map((f) => [f.templateKey, first(f)])),
      });
      const unsubscribes: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/unsubscribe')) unsubscribes.push(r.url());
      });

      await page.goto('/settings/bundles');
      const row = page.locator('[data-bundle="Motorisation"]');
      await expect(row.getByRole('switch', { name: 'Motorisation' })).toBeChecked();
      await row.getByRole('button', { name: 'Edit values of Motorisation' }).click();
      const dialog = page.getByRole('dialog', { name: 'Values of Motorisation' });
      for (const f of motorisation.templateFields)
        await expect(dialog.getByRole('textbox', { name: f.label })).toHaveValue(first(f));
      expect(await seriousViolations(page)).toEqual([]);
      // the §5 rules still hold
      const factor = motorisation.templateFields.find((f) => f.operator === 'FACTOR');
      if (factor) {
        await dialog.getByRole('textbox', { name: factor.label }).fill('2');
        await dialog.getByRole('button', { name: 'Save values' }).click();
        await expect(dialog.getByText('This field must be between 0 and 1')).toBeVisible();
      }
      for (const f of motorisation.templateFields)
        await dialog.getByRole('textbox', { name: f.label }).fill(second(f));
      await dialog.getByRole('button', { name: 'Save values' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('Values saved')).toBeVisible();
      await expect(row.getByRole('switch', { name: 'Motorisation' })).toBeChecked();
      for (const f of motorisation.templateFields) await expect(row).toContainText(`${f.label} ${second(f)}`);
      const saved = (await bundlesNow(page.request)).find((b) => b.id === motorisation.id)!;
      expect(saved.isSubscribed).toBe(true);
      expect(Object.fromEntries(saved.templateFields.map((f) => [f.templateKey, Number(f.value)]))).toEqual(
        Object.fromEntries(motorisation.templateFields.map((f) => [f.templateKey, Number(second(f))])),
      );
      expect(unsubscribes).toEqual([]);
    });
  });
}
