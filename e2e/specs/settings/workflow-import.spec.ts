import { expect, seriousViolations, signInViaApi, test } from '../../fixtures';
import { BROKEN_WORKFLOW, chooseWorkflowFile } from './workflow-helpers';

type Listed = { name: string; isActive: boolean };
const listed = async (request: import('@playwright/test').APIRequestContext) =>
  (await (await request.get('/api/workflows')).json()) as Listed[];

for (const width of [1280, 375]) {
  test.describe(`Settings › Workflows import at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    test.beforeEach(async ({ page }) => {
      await signInViaApi(page.request);
      await page.goto('/settings/workflows');
      await expect(page.getByRole('table', { name: 'Workflows' })).toBeVisible();
    });

    test('a file is previewed before anything is created, and can come in inactive', async ({
      page,
    }, testInfo) => {
      // A retry imports under a name of its own: the first try's workflow may exist already.
      const name = `Trade Counter ${width}${testInfo.retry ? ` (${testInfo.retry})` : ''}`;
      const file = {
        format: 'slat.workflow',
        version: 1,
        name,
        statuses: [
          { name: 'Walk-in', slug: 'walk-in', phase: 'New' },
          { name: 'Collected', slug: 'collected', phase: 'Closed' },
        ],
        flags: [
          {
            name: 'Paid',
            slug: 'paid',
            values: [
              { slug: 'no', label: 'No' },
              { slug: 'yes', label: 'Yes' },
            ],
          },
        ],
      };
      await chooseWorkflowFile(page, 'trade-counter.json', file);
      const preview = page.getByRole('dialog', { name: `Import the workflow “${name}”?` });
      await expect(preview).toBeVisible();
      const statuses = preview.getByRole('table', { name: 'Statuses' });
      await expect(statuses.getByRole('row').filter({ hasText: 'Walk-in' })).toContainText('New');
      await expect(statuses.getByRole('row').filter({ hasText: 'Collected' })).toContainText('Closed');
      await expect(preview.getByRole('listitem').filter({ hasText: 'Paid: No, Yes' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // nothing is created while the dealer looks
      expect((await listed(page.request)).map((w) => w.name)).not.toContain(name);
      await preview.getByRole('button', { name: 'Cancel' }).click();
      await expect(preview).toBeHidden();
      expect((await listed(page.request)).map((w) => w.name)).not.toContain(name);

      // the same file again opens the preview again; imported switched off, it stays off
      await chooseWorkflowFile(page, 'trade-counter.json', file);
      await expect(preview).toBeVisible();
      // switched off with one click (the switch's transparent input lies over its label and track)
      const active = preview.getByRole('switch', { name: 'Active (shown in the navigation)' });
      await expect(active).toBeChecked();
      await active.uncheck();
      await expect(active).not.toBeChecked();
      await preview.getByRole('button', { name: 'Import workflow' }).click();
      await expect(preview).toBeHidden();
      await expect(page.getByText(`${name} was created from the schema file.`)).toBeVisible();
      const row = page.getByRole('table', { name: 'Workflows' }).getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('Inactive');
      expect((await listed(page.request)).find((w) => w.name === name)?.isActive).toBe(false);
    });

    test("a bad file's problems are said once each", async ({ page }) => {
      await chooseWorkflowFile(page, 'broken.json', BROKEN_WORKFLOW);
      const alert = page.getByRole('alert').filter({ hasText: 'The schema file could not be imported' });
      await expect(alert).toBeVisible();
      const text = (await alert.textContent()) ?? '';
      expect(text.split('A workflow needs at least one status').length - 1).toBe(1);
      expect(text.split('The schema file could not be imported').length - 1).toBe(1);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      expect((await listed(page.request)).map((w) => w.name)).not.toContain('Broken');
    });
  });
}
