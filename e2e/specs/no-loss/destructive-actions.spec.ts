// One destructive-action pattern. Each test double-clicks the
// control, as a hurried person does: it acts once and asks (confirm) or offers Undo.
import { apiWrite, createDealViaApi, expect, getWorkflow, test } from '../../fixtures';
import { addAppointmentViaApi, addNoteViaApi, openNewDeal, signedInTests, todayUtc } from './no-loss-helpers';

signedInTests();

test("a double click on an appointment's bin asks once; the next row is untouched", async ({ page }) => {
  const { deal, modal } = await openNewDeal(page, 'Bin twice appointments');
  const day = todayUtc();
  await addAppointmentViaApi(page, deal.id, 'First measure', `${day} 20:15:00`, `${day} 21:15:00`);
  await addAppointmentViaApi(page, deal.id, 'Second measure', `${day} 22:00:00`, `${day} 23:00:00`);
  await page.reload();
  const rows = modal.getByTestId('appointment');
  await expect(rows).toHaveCount(2);

  await modal.getByRole('button', { name: 'Delete appointment First measure' }).dblclick();
  const confirm = page.getByRole('dialog', { name: 'Delete appointment' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('First measure');
  await expect(page.getByRole('dialog', { name: 'Delete appointment' })).toHaveCount(1);
  // nothing is gone before the answer
  await expect(rows).toHaveCount(2);
  await confirm.getByRole('button', { name: 'Delete appointment' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Second measure');
  const left = (await (await page.request.get(`/api/deals/${deal.id}/events`)).json()) as { title: string }[];
  expect(left.map((e) => e.title)).toEqual(['Second measure']);
});

test('a double click on a note’s bin asks once; Cancel keeps every note', async ({ page }) => {
  const { deal, modal } = await openNewDeal(page, 'Bin twice notes');
  await addNoteViaApi(page, deal.id, 'Older note');
  await addNoteViaApi(page, deal.id, 'Newer note');
  await page.reload();
  await expect(modal.getByText('Older note')).toBeVisible();

  await modal.getByRole('button', { name: 'Delete note “Newer note”' }).dblclick();
  const confirm = page.getByRole('dialog', { name: 'Delete note' });
  await expect(confirm).toContainText('“Newer note” will be deleted');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(modal.getByText('Newer note')).toBeVisible();
  await expect(modal.getByText('Older note')).toBeVisible();

  // Escape is Cancel, and does not close the deal under the question
  await modal.getByRole('button', { name: 'Delete note “Newer note”' }).click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(modal).toBeVisible();

  await modal.getByRole('button', { name: 'Delete note “Newer note”' }).click();
  await confirm.getByRole('button', { name: 'Delete note' }).click();
  await expect(modal.getByText('Newer note')).toBeHidden();
  await expect(modal.getByText('Older note')).toBeVisible();
  const notes = (await (await page.request.get(`/api/deals/${deal.id}/notes`)).json()) as unknown[];
  expect(notes).toHaveLength(1);
});

test('removing a related deal acts once and offers Undo', async ({ page }) => {
  const wf = await getWorkflow(page.request, 'residential');
  const { deal, modal } = await openNewDeal(page, 'Relations twice');
  const first = await createDealViaApi(page.request, wf.id, wf.statuses[0]!.id, 'Related one');
  const second = await createDealViaApi(page.request, wf.id, wf.statuses[0]!.id, 'Related two');
  for (const other of [first, second])
    await apiWrite(page.request, 'POST', `/api/deals/${deal.id}/related`, { relatedDealId: other.id });
  await page.reload();
  await expect(modal.getByRole('link', { name: `#${second.tuid} Related two` })).toBeVisible();

  await modal.getByRole('button', { name: `Remove relation to #${first.tuid}` }).dblclick();
  const toast = page.getByRole('alert').filter({ hasText: 'Relation removed' });
  await expect(toast).toContainText(`#${first.tuid} Related one is no longer related.`);
  await expect(modal.getByRole('link', { name: `#${first.tuid} Related one` })).toBeHidden();
  // the second click did not remove the row that slid under it
  await expect(modal.getByRole('link', { name: `#${second.tuid} Related two` })).toBeVisible();

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(modal.getByRole('link', { name: `#${first.tuid} Related one` })).toBeVisible();
  const detail = (await (await page.request.get(`/api/deals/${deal.id}`)).json()) as {
    relatedDeals: { id: number }[];
  };
  expect(detail.relatedDeals.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
});

test('a double click on Archive deal archives once and offers Undo', async ({ page }) => {
  const { deal, modal } = await openNewDeal(page, 'Archive twice');
  await modal.getByRole('button', { name: 'Archive deal' }).dblclick();
  await expect(modal.getByText('This deal is archived and read-only.')).toBeVisible();
  const toast = page.getByRole('alert').filter({ hasText: 'Deal archived' });
  await expect(toast).toBeVisible();
  // not archived and then unarchived by the second click
  await expect(modal.getByRole('button', { name: 'Unarchive deal' })).toBeVisible();
  expect(
    ((await (await page.request.get(`/api/deals/${deal.id}`)).json()) as { isArchived: boolean }).isArchived,
  ).toBe(true);
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(modal.getByText('This deal is archived and read-only.')).toBeHidden();
  await expect(modal.getByRole('button', { name: 'Archive deal' })).toBeEnabled();
});

test('archiving an attachment asks first', async ({ page }) => {
  const { deal, modal } = await openNewDeal(page, 'Attachment archive');
  const token = await (await page.request.get('/api/old/auth/generate-token')).json();
  const res = await page.request.post('/api/old/documents', {
    headers: { 'x-csrf-token': token },
    multipart: {
      friendly_name: 'site-plan',
      model: 'deal',
      model_id: String(deal.id),
      document: {
        name: 'site-plan.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  await page.reload();
  await modal.getByRole('button', { name: 'Archive attachment site-plan' }).dblclick();
  const confirm = page.getByRole('dialog', { name: 'Archive attachment' });
  await expect(confirm).toContainText('“site-plan” will be archived');
  await expect(modal.getByRole('button', { name: 'site-plan', exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Archive attachment' }).click();
  await expect(modal.getByRole('button', { name: 'site-plan', exact: true })).toBeHidden();
});

test('unsubscribing a bundle asks first; Cancel keeps it and its values', async ({ page }) => {
  type Bundle = {
    id: number;
    name: string;
    isSubscribed: boolean;
    exclusivityKey: string | null;
    templateFields: { templateKey: string; operator: string }[];
  };
  const bundles = (await (await page.request.get('/api/bundles')).json()) as Bundle[];
  const bundle = bundles.find((b) => !b.exclusivityKey) ?? bundles[0]!;
  if (!bundle.isSubscribed)
    await apiWrite(page.request, 'POST', `/api/bundles/${bundle.id}/subscribe`, {
      templateValues: Object.fromEntries(
        bundle.templateFields.map((f) => [f.templateKey, f.operator === 'FACTOR' ? '0.5' : '10']),
      ),
    });
  await page.goto('/settings/bundles');
  const toggle = page.getByRole('switch', { name: bundle.name });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  const confirm = page.getByRole('dialog', { name: `Unsubscribe from ${bundle.name}?` });
  await expect(confirm).toContainText('its values are cleared');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(toggle).toBeChecked();
  // the closing dialog's overlay would take the next click
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await toggle.click({ force: true });
  await confirm.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(toggle).not.toBeChecked();
});
