// The deal modal at 375 and 1280 px (screenshots kept with the test output; the shots
// from before the change are in docs/screenshots/issue-12), and axe on every screen these changes
// touch, with their dialogs open.
import path from 'node:path';
import {
  apiWrite,
  createDealViaApi,
  expect,
  getWorkflow,
  settledViolations,
  signInViaApi,
  test,
} from '../../fixtures';
import { enableFlag } from '../contacts-personnel-documents/directory-helpers';
import {
  addAppointmentViaApi,
  addNoteViaApi,
  openNewDeal,
  todayUtc,
  unsavedQuestion,
} from './no-loss-helpers';

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots/issue-12');

test.use({ timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

for (const width of [375, 1280]) {
  test(`the deal modal at ${width} px: screenshot, and axe with its questions open`, async ({ page }) => {
    // four axe runs and two full-page screenshots: over 30 s when the machine is busy
    test.slow();
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const wf = await getWorkflow(page.request, 'residential');
    const { deal, modal } = await openNewDeal(page, `Screens ${width} bay window`);
    const day = todayUtc();
    await addAppointmentViaApi(page, deal.id, 'Measure up', `${day} 20:15:00`, `${day} 21:15:00`);
    await addNoteViaApi(page, deal.id, 'Customer prefers white');
    const other = await createDealViaApi(page.request, wf.id, wf.statuses[1]!.id, `Screens ${width} garage`);
    await apiWrite(page.request, 'POST', `/api/deals/${deal.id}/related`, { relatedDealId: other.id });
    await page.reload();
    await expect(modal.getByTestId('appointment')).toContainText('Measure up');
    await expect(modal.getByText('Customer prefers white')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `deal-modal-after-${width}.png`) });
    await page.screenshot({ path: path.join(SHOTS, `deal-modal-after-${width}-full.png`), fullPage: true });
    expect(await settledViolations(page)).toEqual([]);

    await modal.getByRole('button', { name: 'Delete note “Customer prefers white”' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete note' })).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `confirm-${width}.png`) });
    await page.keyboard.press('Escape');

    await modal.getByRole('button', { name: 'Edit', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Edit deal' })
      .getByRole('textbox', { name: 'Name' })
      .fill('Renamed');
    await page.keyboard.press('Escape');
    await expect(unsavedQuestion(page)).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `unsaved-${width}.png`) });
    await unsavedQuestion(page).getByRole('button', { name: 'Discard changes' }).click();

    await modal.getByRole('button', { name: 'Archive deal' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Deal archived' })).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, `undo-toast-${width}.png`) });
  });

  test(`settings, personnel and bundles at ${width} px pass axe with their dialogs open`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/settings/orders');
    await page.getByRole('textbox', { name: 'Default shipping instructions' }).fill('Typed');
    if (width === 1280)
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Quotes' }).click();
    else await page.getByRole('combobox', { name: /section/i }).selectOption({ label: 'Quotes' });
    await expect(unsavedQuestion(page)).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);
    await unsavedQuestion(page).getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/settings\/quotes$/);
    expect(await settledViolations(page)).toEqual([]);

    await enableFlag(page, 'Personnel');
    const people = (await (await page.request.get('/api/personnel')).json()) as {
      id: number;
      name: string;
    }[];
    await page.goto(`/personnel/${people[0]!.id}`);
    await page
      .getByRole('dialog', { name: people[0]!.name })
      .getByRole('button', { name: 'Archive' })
      .click();
    await expect(page.getByRole('dialog', { name: `Archive ${people[0]!.name}?` })).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
}
