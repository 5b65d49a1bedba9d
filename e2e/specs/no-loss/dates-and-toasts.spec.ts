// §9 dates (Yesterday / Today / Tomorrow, h:mma) from
// one module, pickers included; toasts clear of a dialog's controls, naming the thing as saved.
import type { Locator } from '@playwright/test';
import { apiWrite, expect, test } from '../../fixtures';
import { enableFlag } from '../contacts-personnel-documents/directory-helpers';
import { addAppointmentViaApi, openNewDeal, signedInTests, todayUtc } from './no-loss-helpers';

signedInTests();

test("today's appointment says 'Today 8:15PM'; the time pickers show h:mma", async ({ page }) => {
  const { deal, modal } = await openNewDeal(page, 'Dates today');
  const day = todayUtc();
  await addAppointmentViaApi(page, deal.id, 'Evening measure', `${day} 20:15:00`, `${day} 21:15:00`);
  await page.reload();
  const item = modal.getByTestId('appointment');
  await expect(item).toContainText('Today 8:15PM – 9:15PM');
  await expect(item).not.toContainText(day.split('-').reverse().join('/'));

  await modal.getByRole('button', { name: 'Edit appointment Evening measure' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit appointment' });
  const start = edit.getByRole('combobox', { name: 'Start time' });
  await expect(start).toHaveValue('20:15');
  await expect(start.locator('option:checked')).toHaveText('8:15PM');
  await expect(edit.getByRole('combobox', { name: 'End time' }).locator('option:checked')).toHaveText(
    '9:15PM',
  );
});

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function expectApart(toast: Locator, control: Locator) {
  const t = await toast.boundingBox();
  const c = await control.boundingBox();
  expect(t && c, 'both on screen').toBeTruthy();
  expect(overlaps(t!, c!), 'the toast covers the control').toBe(false);
}

for (const width of [1280, 375]) {
  test(`at ${width} px the saved toast names the person as renamed and covers no control of the window`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await enableFlag(page, 'Personnel');
    const stamp = Date.now().toString(36);
    const person = (await apiWrite(page.request, 'POST', '/api/personnel/create', {
      name: 'Jess Wong',
      email: `jess.${stamp}@harbourblinds.example`,
      labels: [],
      notes: '',
      badgeColor: null,
    })) as { id: number };
    await page.goto(`/personnel/${person.id}`);
    const dialog = page.getByRole('dialog', { name: 'Jess Wong' });
    await dialog.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit person' });
    await edit.getByLabel('Name').fill('Jessica Wong');
    await edit.getByRole('button', { name: 'Save' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Saved' });
    await expect(toast).toContainText('Jessica Wong');
    await expect(toast).not.toContainText('Jess Wong');
    const shown = page.getByRole('dialog', { name: 'Jessica Wong' });
    await expect(shown).toBeVisible();
    await expectApart(toast, shown.getByRole('button', { name: 'Close' }));
    await expectApart(toast, shown.getByRole('button', { name: 'Edit' }));
    await expectApart(toast, shown.getByRole('button', { name: 'Archive' }));
    await apiWrite(page.request, 'DELETE', `/api/personnel/${person.id}`);
  });
}
