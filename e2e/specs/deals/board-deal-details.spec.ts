import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

/** A 24×16 PNG, solid blue. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAAGklEQVR4nGOQizpBFcQwatCoQaMGjRpEGQIARargEK2+3lIAAAAASUVORK5CYII=',
  'base64',
);

test.use({ viewport: { width: 1280, height: 800 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('flag chips in the details are named by their flag; None and Unknown are left out', async ({ page }) => {
  const wf = await getWorkflow(page.request, 'residential');
  const payment = wf.flags.find((f) => f.slug === 'payment')!;
  const deal = await createDealViaApi(page.request, wf.id, wf.statuses[0]!.id, 'Chip labels');
  const paid = payment.values.find((v) => v.slug === 'deposit-paid')!;
  await apiWrite(page.request, 'POST', `/api/deals/${deal.id}/flags/${payment.id}`, { valueId: paid.id });
  await page.goto(`/workflows/residential/${deal.id}`);
  const details = page.getByRole('dialog').getByRole('region', { name: 'Details' });
  await expect(details.getByText('Payment: Deposit Paid', { exact: true })).toBeVisible();
  // Install: None and Lost Reason: Unknown say nothing: no chip for them
  for (const text of [/^none$/i, /^unknown$/i, /Install/, /Lost Reason/])
    await expect(details.getByText(text)).toHaveCount(0);
});

test('an attached PNG shows a preview in the attachment window', async ({ page }) => {
  const wf = await getWorkflow(page.request, 'residential');
  const deal = await createDealViaApi(page.request, wf.id, wf.statuses[0]!.id, 'Photo preview');
  await page.goto(`/workflows/residential/${deal.id}`);
  const modal = page.getByRole('dialog', { name: new RegExp(`Deal #${deal.tuid}`) });
  const attachments = modal.getByRole('region', { name: 'Attachments' });
  await attachments.getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload attachments' });
  const chooser = page.waitForEvent('filechooser');
  await upload.getByRole('button', { name: 'Choose files' }).click();
  await (await chooser).setFiles({ name: 'bay-window.png', mimeType: 'image/png', buffer: PNG });
  await upload.getByRole('button', { name: 'Upload files' }).click();
  await expect(upload.getByText('Uploaded', { exact: true })).toBeVisible();
  await upload.getByRole('button', { name: 'Close' }).last().click();
  await expect(upload).toBeHidden();
  await attachments.getByRole('button', { name: 'bay-window', exact: true }).click();
  const detail = page.getByRole('dialog', { name: 'Attachment details' });
  const preview = detail.getByRole('img', { name: 'Preview of bay-window' });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(24);
});
