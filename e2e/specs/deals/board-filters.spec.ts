import {
  apiWrite,
  createDealViaApi,
  expect,
  getWorkflow,
  seriousViolations,
  signInViaApi,
  test,
} from '../../fixtures';
import { openKanban } from './board-helpers';

for (const width of [1280, 375]) {
  test.describe(`board filters at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    test.beforeEach(async ({ page }) => {
      await signInViaApi(page.request);
    });

    test('Esc closes the open list first, then the panel; a pick closes the list', async ({ page }) => {
      await openKanban(page);
      const filters = page.getByRole('button', { name: 'Filters' });
      await filters.click();
      const panel = page.getByRole('dialog');
      await expect(panel).toBeVisible();
      const statuses = panel.getByRole('combobox', { name: 'Statuses' });
      // a multiple choice's own box takes the click for its input (force: it is not covered by anything else)
      await statuses.click({ force: true });
      await expect(page.getByRole('option', { name: 'Signed' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('option', { name: 'Signed' })).toBeHidden();
      await expect(panel).toBeVisible();

      // a pick closes the list, so it never stays open over the fields below it
      await statuses.click({ force: true });
      await page.getByRole('option', { name: 'Signed' }).click();
      await expect(page.getByRole('option', { name: 'Ordered' })).toBeHidden();
      await expect(page).toHaveURL(/[?&]status=signed(&|$)/);
      // no force: nothing covers the next field
      await panel.getByRole('combobox', { name: 'Phase' }).click();
      await expect(page.getByRole('option', { name: 'Quoting' })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('option', { name: 'Quoting' })).toBeHidden();
      await expect(panel).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeFocused();
    });

    test('chips name each filter, × removes it, Include archived has one', async ({ page }) => {
      await openKanban(page, '?status=signed|ordered&payment=none');
      const chips = page.getByRole('list', { name: 'Active filters' });
      await expect(chips.getByRole('listitem')).toHaveText(['Status: Signed, Ordered', 'Payment: None']);
      await page.getByRole('button', { name: 'Filters (2)' }).click();
      await page.getByRole('dialog').getByRole('checkbox', { name: 'Include archived deals' }).check();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect(chips.getByRole('listitem')).toHaveText([
        'Status: Signed, Ordered',
        'Payment: None',
        'Including archived deals',
      ]);
      await expect(page).toHaveURL(/archived=all/);
      expect(await seriousViolations(page)).toEqual([]);

      await chips.getByRole('button', { name: 'Remove filter Status: Signed, Ordered' }).click();
      await expect(chips.getByRole('listitem')).toHaveText(['Payment: None', 'Including archived deals']);
      await expect(page).not.toHaveURL(/status=/);
      await expect(page).toHaveURL(/payment=none/);
      await chips.getByRole('button', { name: 'Remove filter Including archived deals' }).click();
      await expect(page).not.toHaveURL(/archived=/);
      await chips.getByRole('button', { name: 'Remove filter Payment: None' }).click();
      await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
    });

    test('a preset is saved from the current filters by name; the query string only in the advanced view', async ({
      page,
    }) => {
      await apiWrite(page.request, 'POST', '/api/account/web-settings/DEAL_WORKFLOWS', { workflows: [] });
      // a deal of its own that the filters show (Quoted without a quote: a warning), not one another
      // spec left on this server
      const wf = await getWorkflow(page.request, 'residential');
      const quoted = wf.statuses.find((s) => s.slug === 'quoted')!;
      await createDealViaApi(page.request, wf.id, quoted.id, `Preset filter ${width}`);
      await openKanban(page, '?status=quoted&alerts=warning');
      await page.getByRole('button', { name: 'Board actions' }).click();
      await page.getByRole('menuitem', { name: 'Manage presets' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage presets' });
      await expect(
        dialog.getByText('The board now shows: Status: Quoted · Alerts: With warnings'),
      ).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'Query string' })).toHaveCount(0);

      // a name is required: the field says so and the §5 toast comes
      await dialog.getByRole('button', { name: 'Save the current filters' }).click();
      const name = dialog.getByRole('textbox', { name: 'Name' });
      await expect(name).toBeFocused();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog.getByText('Name is required')).toBeVisible();
      await expect(page.getByText('Review all fields and try again')).toBeVisible();

      await name.fill('Quoted with warnings');
      await expect(dialog.getByText('Status: Quoted · Alerts: With warnings', { exact: true })).toBeVisible();
      await dialog.getByRole('switch', { name: 'Show query strings' }).click();
      await expect(dialog.getByRole('textbox', { name: 'Query string' })).toHaveValue(
        'status=quoted&alerts=warning',
      );
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog).toBeHidden();

      await page.goto('/workflows/residential');
      await page.getByRole('button', { name: 'Board actions' }).click();
      await page.getByRole('menuitem', { name: 'Quoted with warnings' }).click();
      await expect(page).toHaveURL(/status=quoted/);
      await expect(page).toHaveURL(/alerts=warning/);
      await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('listitem')).toHaveText([
        'Status: Quoted',
        'Alerts: With warnings',
      ]);
    });
  });
}
