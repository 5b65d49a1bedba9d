// Foundation §5 — submitting an invalid form shows a toast titled with the first
// error and 'Review all fields and try again', from the form kit, on every form.
import { expect, test } from '../../fixtures';
import { enableFlag } from '../contacts-personnel-documents/directory-helpers';
import { openNewDeal, reviewToast, saveEditedNote, signedInTests } from './no-loss-helpers';

signedInTests();

test('the Edit deal, appointment and note forms toast an invalid submit', async ({ page }) => {
  const { deal, modal } = await openNewDeal(page, 'Invalid forms deal');

  await modal.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit deal', exact: true });
  await edit.getByRole('textbox', { name: 'Name' }).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(reviewToast(page)).toContainText('Deal name is required');
  await expect(edit.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Unsaved changes' })
    .getByRole('button', { name: 'Discard changes' })
    .click();

  await modal.getByRole('button', { name: 'Add appointment' }).click();
  const appointment = page.getByRole('dialog', { name: 'New appointment' });
  await appointment.getByRole('button', { name: 'Save' }).click();
  await expect(reviewToast(page).filter({ hasText: 'Title is required' })).toBeVisible();
  await expect(appointment.getByText('Title is required')).toBeVisible();
  await expect(appointment.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(appointment).toBeHidden();

  await saveEditedNote(page, modal, deal.id, '   ');
  await expect(reviewToast(page).filter({ hasText: 'Note cannot be empty' })).toBeVisible();
});

test('the person form toasts an invalid submit', async ({ page }) => {
  await enableFlag(page, 'Personnel');
  await page.goto('/personnel');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add person' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(reviewToast(page).filter({ hasText: 'Name is required' })).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();
});

test('the preset form toasts an invalid submit', async ({ page }) => {
  await page.goto('/workflows/residential');
  await page.getByRole('button', { name: 'Board actions' }).click();
  await page.getByRole('menuitem', { name: 'Manage presets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage presets' });
  await dialog.getByRole('button', { name: 'Save the current filters' }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(reviewToast(page).filter({ hasText: 'Name is required' })).toBeVisible();
});
