import fs from 'node:fs';
import { expect, signInViaApi, test } from '../../fixtures';
import { BROKEN_WORKFLOW, chooseWorkflowFile } from './workflow-helpers';

test.describe('Settings › Workflows', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  test('export a workflow schema file', async ({ page }) => {
    await page.goto('/settings/workflows');
    const table = page.getByRole('table', { name: 'Workflows' });
    await expect(table.getByRole('row').filter({ hasText: 'Residential' })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Commercial' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export schema of Residential' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.json$/);
    const document = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
    expect(document).toMatchObject({ format: 'slat.workflow', version: 1, name: 'Residential' });
    expect(document.statuses.map((s: { name: string }) => s.name)).toContain('Measure Booked');
  });

  test('import shows the server errors of a bad file, and a good one adds the workflow', async ({ page }) => {
    await page.goto('/settings/workflows');
    await expect(page.getByRole('table', { name: 'Workflows' })).toBeVisible();
    const choose = (name: string, content: unknown) => chooseWorkflowFile(page, name, content);
    await choose('broken.json', BROKEN_WORKFLOW);
    const alert = page.getByRole('alert').filter({ hasText: 'The schema file could not be imported' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('statuses');

    await choose('showroom.json', {
      format: 'slat.workflow',
      version: 1,
      name: 'Showroom',
      statuses: [
        { name: 'Walk-in', slug: 'walk-in', phase: 'New' },
        { name: 'Done', slug: 'done', phase: 'Closed' },
      ],
      flags: [],
    });
    // the file is previewed first; nothing is created until the import is confirmed
    await page
      .getByRole('dialog', { name: 'Import the workflow “Showroom”?' })
      .getByRole('button', { name: 'Import workflow' })
      .click();
    await expect(page.getByText('Showroom was created from the schema file.')).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Workflows' }).getByRole('row').filter({ hasText: 'Showroom' }),
    ).toBeVisible();
  });

  test('rename an editable workflow and switch it off', async ({ page }) => {
    await page.goto('/settings/workflows');
    await page.getByRole('button', { name: 'Edit Commercial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit workflow' });
    await dialog.getByRole('textbox', { name: 'Workflow name' }).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Workflow name' }).fill('Commercial projects');
    await dialog.getByRole('switch', { name: 'Active (shown in the navigation)' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const row = page
      .getByRole('table', { name: 'Workflows' })
      .getByRole('row')
      .filter({ hasText: 'Commercial projects' });
    await expect(row).toContainText('Inactive');
  });
});
