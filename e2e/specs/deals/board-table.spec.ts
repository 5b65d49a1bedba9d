import { createDealViaApi, expect, getWorkflow, seriousViolations, signInViaApi, test } from '../../fixtures';
import { expectWithinViewportWidth, issueScreenshot, openTable } from './board-helpers';

/** The deal names of the table's rows, in order, as the API sorts them. */
async function apiOrder(
  request: import('@playwright/test').APIRequestContext,
  workflowId: number,
  sort: string,
) {
  const res = await request.get(`/api/deals?workflowId=${workflowId}&sort=${sort}&limit=50`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number }[] }).data.map((d) => d.id);
}

const rowIds = (page: import('@playwright/test').Page) =>
  page
    .locator('tr[data-deal-id]')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-deal-id'))));

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test.describe('board table at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('whole status names, deal names in two lines at most, a screenful of rows', async ({ page }) => {
    const wf = await getWorkflow(page.request, 'residential');
    const measure = wf.statuses.find((s) => s.slug === 'measure-booked')!;
    const long = await createDealViaApi(
      page.request,
      wf.id,
      measure.id,
      'Thompson — patio awning, pergola blinds and the two kitchen bay windows',
    );
    await openTable(page);
    const row = page.locator(`tr[data-deal-id="${long.id}"]`);
    const picker = row.getByRole('combobox', { name: `Status #${long.tuid}` });
    await expect(picker).toHaveValue('Measure Booked');
    // nothing of the chosen status is cut off ('Measure Bookec')
    expect(
      await picker.evaluate((el: HTMLInputElement) => el.scrollWidth - el.clientWidth),
    ).toBeLessThanOrEqual(0);
    for (const flag of wf.flags) {
      const flagPicker = row.getByRole('combobox', { name: `${flag.name} #${long.tuid}` });
      expect(
        await flagPicker.evaluate((el: HTMLInputElement) => el.scrollWidth - el.clientWidth),
      ).toBeLessThanOrEqual(0);
    }
    // a long name takes two lines at most
    const link = row.getByRole('link', { name: /patio awning/ });
    const lines = await link.evaluate(
      (el) => el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight),
    );
    expect(lines).toBeLessThanOrEqual(2.2);
    // every row is on screen without a sideways scroll
    await expect(page.getByRole('button', { name: 'More columns' })).toHaveCount(0);
    await expectWithinViewportWidth(page, page.getByRole('columnheader', { name: 'Updated' }));
    // at least 10 rows show at once on an 800 px screen (it was about 8 before)
    const shown = await page
      .locator('tr[data-deal-id]')
      .evaluateAll(
        (rows) => rows.filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
    expect(shown).toBeGreaterThanOrEqual(10);
    expect(await seriousViolations(page)).toEqual([]);
    await issueScreenshot(page, 'deals-table-1280-after');
  });

  test('headers sort the whole list both ways, then back to board order; the URL keeps it', async ({
    page,
  }) => {
    const wf = await getWorkflow(page.request, 'residential');
    await openTable(page);
    const boardOrder = await rowIds(page);
    const deal = page.getByRole('columnheader', { name: 'Deal' });
    await expect(deal).toHaveAttribute('aria-sort', 'none');
    await deal.getByRole('button').click();
    await expect(deal).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/);
    await expect.poll(() => rowIds(page)).toEqual(await apiOrder(page.request, wf.id, 'name'));
    const names = await page.locator('tr[data-deal-id] a').allTextContents();
    const firstName = names[0]!.replace(/^#\d+\s*/, '').toLowerCase();
    const lastName = names
      .at(-1)!
      .replace(/^#\d+\s*/, '')
      .toLowerCase();
    expect(firstName < lastName).toBe(true);

    await deal.getByRole('button').click();
    await expect(deal).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
    await expect.poll(() => rowIds(page)).toEqual(await apiOrder(page.request, wf.id, '-name'));
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Deal' })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(() => rowIds(page)).toEqual(await apiOrder(page.request, wf.id, '-name'));

    // a flag column sorts by its values' order; only one column is sorted at a time
    const payment = page.getByRole('columnheader', { name: 'Payment' });
    await payment.getByRole('button').click();
    await expect(payment).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('columnheader', { name: 'Deal' })).toHaveAttribute('aria-sort', 'none');
    await expect.poll(() => rowIds(page)).toEqual(await apiOrder(page.request, wf.id, 'flag:payment'));
    await payment.getByRole('button').click();
    await payment.getByRole('button').click();
    await expect(payment).toHaveAttribute('aria-sort', 'none');
    await expect(page).not.toHaveURL(/sort=/);
    await expect.poll(() => rowIds(page)).toEqual(boardOrder);
  });
});

test.describe('board table at 900 px', () => {
  test.use({ viewport: { width: 900, height: 800 } });

  test('a table wider than the screen says so and scrolls to its last column', async ({ page }) => {
    await openTable(page);
    const region = page.getByRole('region', { name: 'Residential' });
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const updated = page.getByRole('columnheader', { name: 'Updated' });
    await expect(updated).not.toBeInViewport();
    const more = page.getByRole('button', { name: 'More columns' });
    await expect(more).toBeVisible();
    await more.click();
    await expect(updated).toBeInViewport();
    // at the end there is nothing more to the side
    await expect(more).toBeHidden();
    // the keyboard reaches it too: the scrolling region takes the focus
    await expect(region).toHaveAttribute('tabindex', '0');
  });
});

test.describe('board table at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('a card per deal: every field on screen, nothing off to the side; sort by a menu', async ({
    page,
  }) => {
    const wf = await getWorkflow(page.request, 'residential');
    await openTable(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const rows = page.locator('tr[data-deal-id]');
    for (let i = 0; i < 3; i++) {
      const row = rows.nth(i);
      const tuid = (await row.getByRole('link').first().textContent())!.match(/#(\d+)/)![1];
      for (const name of ['Status', ...wf.flags.map((f) => f.name)]) {
        const field = row.getByRole('combobox', { name: `${name} #${tuid}` });
        await field.scrollIntoViewIfNeeded();
        await expect(field).toBeVisible();
        await expectWithinViewportWidth(page, field);
        // labelled on the card itself, not only for a screen reader
        await expect(row.getByText(name, { exact: true })).toBeVisible();
      }
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousViolations(page)).toEqual([]);
    await issueScreenshot(page, 'deals-table-375-after');

    const sortBy = page.getByRole('combobox', { name: 'Sort by' });
    await sortBy.click();
    await page.getByRole('option', { name: 'Updated (descending)' }).click();
    await expect(page).toHaveURL(/[?&]sort=-updated(&|$)/);
    await expect.poll(() => rowIds(page)).toEqual(await apiOrder(page.request, wf.id, '-updated'));
  });
});
