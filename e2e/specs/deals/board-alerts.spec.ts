import { createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';
import { expectReadable, openKanban, openTable } from './board-helpers';

for (const width of [1280, 375]) {
  test.describe(`deal alerts at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    test('an alert reads as text on the card and on the table row, with no hover', async ({ page }) => {
      await signInViaApi(page.request);
      const wf = await getWorkflow(page.request, 'residential');
      const quoted = wf.statuses.find((s) => s.slug === 'quoted')!;
      // §4: a deal in a Quoting status with no quote has the warning 'Quoting without a quote'
      const deal = await createDealViaApi(page.request, wf.id, quoted.id, `Alert reader ${width}`);

      await openKanban(page, `?search=${encodeURIComponent(deal.name)}`);
      const card = page.getByTestId(`column-${quoted.slug}`).locator(`[data-deal-id="${deal.id}"]`);
      await expectReadable(card.getByText('Quoting without a quote'));

      await openTable(page, `?search=${encodeURIComponent(deal.name)}`);
      const row = page.locator(`tr[data-deal-id="${deal.id}"]`);
      await expectReadable(row.getByText('Quoting without a quote'));
      // a screen reader hears what kind of alert it is
      await expect(row.getByRole('list', { name: 'Alerts' }).getByRole('listitem')).toHaveText(
        'Warning: Quoting without a quote',
      );
      await page.getByText('Kanban', { exact: true }).click();
    });
  });
}
