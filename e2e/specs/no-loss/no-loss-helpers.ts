import type { Locator, Page } from '@playwright/test';
import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

/** Sales and purchasing §2, letter for letter. */
export const UNSAVED_TEXT =
  'You have unsaved changes. If you exit now your changes will be lost. Are you sure?';

/** The unsaved-changes question, wherever it comes from. */
export const unsavedQuestion = (page: Page) => page.getByRole('dialog', { name: 'Unsaved changes' });

/** §5: the toast of an invalid submit. */
export const reviewToast = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Review all fields and try again' });

/** Today in the browser's zone (the specs run in UTC) as yyyy-mm-dd. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A fresh deal of its own, opened in its modal. */
export async function openNewDeal(page: Page, name: string) {
  const wf = await getWorkflow(page.request, 'residential');
  const deal = await createDealViaApi(page.request, wf.id, wf.statuses[0]!.id, name);
  await page.goto(`/workflows/residential/${deal.id}`);
  const modal = page.getByRole('dialog', { name: `Deal #${deal.tuid} ${name}` });
  await expect(modal).toBeVisible();
  return { wf, deal, modal };
}

/** A fresh deal opened from its board card (an in-app navigation, so browser back stays in the app). */
export async function openNewDealFromBoard(page: Page, name: string) {
  const wf = await getWorkflow(page.request, 'residential');
  const deal = await createDealViaApi(page.request, wf.id, wf.statuses[0]!.id, name);
  await page.goto('/workflows/residential');
  await page.locator(`[data-deal-id="${deal.id}"]`).getByRole('link').click();
  const modal = page.getByRole('dialog', { name: `Deal #${deal.tuid} ${name}` });
  await expect(modal).toBeVisible();
  return { deal, modal };
}

export async function addAppointmentViaApi(
  page: Page,
  dealId: number,
  title: string,
  start: string,
  end: string,
) {
  return apiWrite(page.request, 'POST', `/api/deals/${dealId}/events`, {
    title,
    location: '',
    description: '',
    temporalData: { timespan: { start, end, startZone: 'UTC', endZone: 'UTC' } },
  }) as Promise<{ id: number }>;
}

export async function addNoteViaApi(page: Page, dealId: number, content: string) {
  return apiWrite(page.request, 'POST', `/api/deals/${dealId}/notes`, { content }) as Promise<{ id: number }>;
}

/** Every test of the file signed in as the demo dealer, in UTC, at 1280 × 900 unless it says otherwise. */
export function signedInTests(): void {
  test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });
}

/** Adds a note through the API, then edits it in the deal modal to `content` and presses Save. */
export async function saveEditedNote(page: Page, modal: Locator, dealId: number, content: string) {
  await addNoteViaApi(page, dealId, 'A note to edit');
  await page.reload();
  await modal.getByRole('button', { name: 'Edit note “A note to edit”' }).click();
  const note = page.getByRole('dialog', { name: 'Edit note' });
  await note.getByRole('textbox', { name: 'Note' }).fill(content);
  await note.getByRole('button', { name: 'Save' }).click();
  return note;
}
