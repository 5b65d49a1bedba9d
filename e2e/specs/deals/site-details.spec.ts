// The site details the measurer and installer need: a deal's site address (plain entry without a
// maps key) and access notes on the deal form and its Details; each quote line's mount chosen on
// the product screen and shown on the quote's line card.
import type { APIRequestContext } from '@playwright/test';
import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

type SiteJson = { tuid: number; name: string; siteAddress: string; accessNotes: string };
type LineJson = { id: number; siteMount: string; context: { product: { name: string } } };

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

async function dealJson(request: APIRequestContext, id: number): Promise<SiteJson> {
  const res = await request.get(`/api/deals/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as SiteJson;
}

test('the deal form keeps a typed site address and access notes; Details show them with a maps link', async ({
  page,
}) => {
  const wf = await getWorkflow(page.request, 'residential');
  const made = await createDealViaApi(page.request, wf.id, wf.statuses[0]!.id, 'Site details deal');
  await page.goto(`/workflows/residential/${made.id}`);
  const modal = page.getByRole('dialog', { name: `Deal #${made.tuid} Site details deal` });
  await expect(modal.getByText('No site address')).toBeVisible();

  await modal.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit deal' });
  const address = edit.getByRole('textbox', { name: 'Site address' });
  await address.pressSequentially('14 Wattle Street, Paddington NSW 2021');
  const notes = edit.getByRole('textbox', { name: 'Access notes' });
  await notes.pressSequentially('Side gate code 4471.');
  await notes.press('Enter');
  // pasted, the way a code from a message arrives
  await page.keyboard.insertText('Dog in the yard - keep the gate shut.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();

  await expect(modal.getByText('14 Wattle Street, Paddington NSW 2021')).toBeVisible();
  await expect(
    modal.getByText(/Side gate code 4471\.\s+Dog in the yard - keep the gate shut\./),
  ).toBeVisible();
  const maps = modal.getByRole('link', { name: 'Open in maps' });
  await expect(maps).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('14 Wattle Street, Paddington NSW 2021')}`,
  );
  await expect(maps).toHaveAttribute('target', '_blank');
  expect(await dealJson(page.request, made.id)).toMatchObject({
    siteAddress: '14 Wattle Street, Paddington NSW 2021',
    accessNotes: 'Side gate code 4471.\nDog in the yard - keep the gate shut.',
  });

  // editing shows what is stored; clearing the address stores none
  await modal.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(address).toHaveValue('14 Wattle Street, Paddington NSW 2021');
  await address.press('ControlOrMeta+a');
  await address.press('Backspace');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(modal.getByText('No site address')).toBeVisible();
  expect((await dealJson(page.request, made.id)).siteAddress).toBe('');
});

test('a line’s mount is chosen on the product screen, saved, and shown on the quote’s line card', async ({
  page,
}) => {
  const wf = await getWorkflow(page.request, 'residential');
  const status = wf.statuses.find((s) => s.phase === 'Quoting') ?? wf.statuses[0]!;
  const deal = await createDealViaApi(page.request, wf.id, status.id, 'Mount deal');
  const { id: quoteId } = (await apiWrite(page.request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: 'Mounts',
  })) as { id: number };
  const quotePath = `/workflows/residential/${deal.id}/quotes/${quoteId}`;
  const lines = async () =>
    (
      (await (await page.request.get(`/api/deal-quotes/${quoteId}`)).json()) as {
        context: { orderLines: LineJson[] };
      }
    ).context.orderLines;

  // a new product with its mount chosen before the first save
  await page.goto(`${quotePath}/products/new`);
  const add = page.getByRole('dialog', { name: 'Add product' });
  await add.getByRole('searchbox', { name: 'Search products' }).fill('Roller Blind — Blockout');
  await add
    .getByRole('button', { name: /^Roller Blind — Blockout/ })
    .first()
    .click();
  await add.getByRole('textbox', { name: 'Width' }).pressSequentially('1200');
  await add.getByRole('textbox', { name: 'Height' }).pressSequentially('1500');
  await add.getByRole('combobox', { name: 'Window' }).pressSequentially('Home/Lounge/Left window');
  await expect(add.getByRole('radio', { name: 'Not set' })).toBeChecked();
  await add.getByRole('radio', { name: 'Inside (recess) fit' }).check();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  const lineId = Number(page.url().split('/').pop());
  expect((await lines()).find((l) => l.id === lineId)?.siteMount).toBe('INSIDE');

  // changed on the line's screen
  const screen = page.getByRole('dialog', { name: 'Roller Blind — Blockout' });
  await expect(screen.getByRole('radio', { name: 'Inside (recess) fit' })).toBeChecked();
  await screen.getByRole('radio', { name: 'Outside (face) fit' }).check();
  await screen.getByRole('button', { name: 'Save' }).click();
  await expect.poll(async () => (await lines()).find((l) => l.id === lineId)?.siteMount).toBe('OUTSIDE');

  await page.goto(quotePath);
  const card = page.locator(`[data-line-id="${lineId}"]`);
  await expect(card.getByTestId('line-mount')).toHaveText('Outside (face) fit');
});
