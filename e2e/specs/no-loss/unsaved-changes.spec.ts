// §2's unsaved-changes question on every way out of a form with changes — X,
// Cancel, Escape, a click outside, a route change, browser back and leaving the page.
import { expect, test } from '../../fixtures';
import { enableFlag } from '../contacts-personnel-documents/directory-helpers';
import {
  openNewDeal,
  openNewDealFromBoard,
  saveEditedNote,
  signedInTests,
  UNSAVED_TEXT,
  unsavedQuestion,
} from './no-loss-helpers';

signedInTests();

test('Escape, a click outside, X and Cancel on a changed Edit deal form ask; Keep editing keeps the change', async ({
  page,
}) => {
  const { deal, modal } = await openNewDeal(page, 'Unsaved deal form');
  await modal.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit deal', exact: true });
  const name = edit.getByRole('textbox', { name: 'Name' });
  await name.fill('Unsaved deal form, renamed');
  const question = unsavedQuestion(page);

  await page.keyboard.press('Escape');
  await expect(question).toContainText(UNSAVED_TEXT);
  // the question stays and holds the focus (it used to flash and vanish with the same key)
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(name).toHaveValue('Unsaved deal form, renamed');
  await expect(modal).toBeVisible();

  // a click on the overlay, outside the form
  await page.mouse.click(5, 5);
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();

  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();

  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(edit).toBeHidden();
  // the deal under it stays open, unchanged
  await expect(modal).toBeVisible();
  expect(((await (await page.request.get(`/api/deals/${deal.id}`)).json()) as { name: string }).name).toBe(
    'Unsaved deal form',
  );

  // unchanged: no question
  await modal.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();
  await expect(question).toBeHidden();
});

test('a half-written note asks on Escape and on browser back', async ({ page }) => {
  const { deal, modal } = await openNewDealFromBoard(page, 'Unsaved note');
  await modal.getByRole('button', { name: 'Add note' }).click();
  const note = page.getByRole('dialog', { name: 'New note' });
  await note.getByRole('textbox', { name: 'Note' }).fill('Half a thought');
  await page.keyboard.press('Escape');
  await expect(unsavedQuestion(page)).toContainText(UNSAVED_TEXT);
  await expect(unsavedQuestion(page).getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await unsavedQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(note.getByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');

  // browser back would close the deal (back to the board): it asks, and staying keeps the URL and the text
  await page.goBack();
  await expect(unsavedQuestion(page)).toBeVisible();
  await unsavedQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/residential/${deal.id}$`));
  await expect(note.getByRole('textbox', { name: 'Note' })).toHaveValue('Half a thought');
  await note.getByRole('button', { name: 'Save' }).click();
  await expect(note).toBeHidden();
  await expect(modal.getByText('Half a thought')).toBeVisible();
});

test('switching settings tabs with a changed form asks; staying keeps the text', async ({ page }) => {
  await page.goto('/settings/orders');
  const instructions = page.getByRole('textbox', { name: 'Default shipping instructions' });
  await expect(instructions).toBeVisible();
  const before = await instructions.inputValue();
  await instructions.fill(`${before} Leave at the side door.`);
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Quotes' }).click();
  const question = unsavedQuestion(page);
  await expect(question).toContainText(UNSAVED_TEXT);
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/settings\/orders$/);
  await expect(instructions).toHaveValue(`${before} Leave at the side door.`);

  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Quotes' }).click();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page).toHaveURL(/\/settings\/quotes$/);
  // saved forms do not ask
  await page.goto('/settings/orders');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'General' }).click();
  await expect(page).toHaveURL(/\/settings\/general$/);
  await expect(question).toBeHidden();
});

test('leaving the page with a changed form is held by the browser (beforeunload)', async ({ page }) => {
  await page.goto('/settings/orders');
  const instructions = page.getByRole('textbox', { name: 'Default shipping instructions' });
  await instructions.fill('Typed and not saved');
  const dialog = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const asked = await dialog;
  expect(asked.type()).toBe('beforeunload');
  await asked.dismiss();
});

test('the person form asks on Escape and X; Cancel back to the person asks too', async ({ page }) => {
  await enableFlag(page, 'Personnel');
  const people = (await (await page.request.get('/api/personnel')).json()) as { id: number; name: string }[];
  const person = people[0]!;
  await page.goto(`/personnel/${person.id}`);
  const dialog = page.getByRole('dialog', { name: person.name });
  await dialog.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit person' });
  await edit.getByLabel('Notes').fill('Changed and not saved');
  await page.keyboard.press('Escape');
  await expect(unsavedQuestion(page)).toBeVisible();
  await unsavedQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
  await edit.getByRole('button', { name: 'Close' }).click();
  await expect(unsavedQuestion(page)).toBeVisible();
  await unsavedQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await unsavedQuestion(page).getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('dialog', { name: person.name })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/personnel/${person.id}$`));
});

test('a saved note closes without asking, and so does its deal afterwards', async ({ page }) => {
  const { deal, modal } = await openNewDeal(page, 'Saved note no question');
  const note = await saveEditedNote(page, modal, deal.id, 'Edited and saved');
  await expect(note).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/workflows\/residential$/);
  await expect(unsavedQuestion(page)).toBeHidden();
});

test('files chosen and not uploaded: closing the upload window asks', async ({ page }) => {
  const { modal } = await openNewDeal(page, 'Unsaved upload');
  await modal.getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload attachments' });
  await upload.locator('input[type=file]').setInputFiles({
    name: 'plan.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await expect(upload.getByLabel('Document name')).toHaveValue('plan');
  await page.keyboard.press('Escape');
  await expect(unsavedQuestion(page)).toContainText(UNSAVED_TEXT);
  await unsavedQuestion(page).getByRole('button', { name: 'Discard changes' }).click();
  await expect(upload).toBeHidden();
  await expect(modal).toBeVisible();
});
