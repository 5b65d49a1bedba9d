import type { APIRequestContext } from '@playwright/test';
import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

// Revisions and copies told apart in the deal's quote list, Revise asking first, and a duplicated
// window named as a copy; an emptied window offers its removal.

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

type QuoteJson = { id: number; tuid: number; externalId: number; dealId: number };

const getJson = async <T>(request: APIRequestContext, url: string): Promise<T> => {
  const res = await request.get(url);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
};

/** A deal of its own in a Quoting status with a quote of one Basswood Shutter in window `windowName`. */
async function dealWithQuote(request: APIRequestContext, name: string, windowName: string) {
  const wf = await getWorkflow(request, 'residential');
  const quoting = wf.statuses.find((s) => s.phase === 'Quoting')!;
  const deal = await createDealViaApi(request, wf.id, quoting.id, `${name} ${Date.now().toString(36)}`);
  const { id } = await apiWrite(request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: name,
  });
  const quote = await getJson<QuoteJson>(request, `/api/deal-quotes/${id}`);
  const tree = await getJson<{ groups: { groups: { products: { id: number; name: string }[] }[] }[] }>(
    request,
    '/api/products',
  );
  const product = tree.groups
    .flatMap((g) => g.groups.flatMap((b) => b.products))
    .find((p) => p.name.startsWith('Plantation Shutter — Basswood'))!;
  const detail = await getJson<{ option_groups: { required: boolean; options: { key: string }[] }[] }>(
    request,
    `/api/old/products/${product.id}/detail`,
  );
  const orderId = quote.externalId;
  const windows = await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows`, {
    order_windows: [{ order_id: orderId, name: windowName }],
  });
  await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows/${windows.data[0].id}/products`, {
    product_id: product.id,
    width: 900,
    height: 1500,
    details: { options: detail.option_groups.filter((g) => g.required).map((g) => g.options[0]!.key) },
  });
  return { deal, quote };
}

test('Revise asks first; the list marks the revision and the copy, the accepted quote names its revision', async ({
  page,
}) => {
  // accepting renders the frozen PDF, revising and cloning copy the quote: more than the default time
  test.slow();
  const { deal, quote } = await dealWithQuote(page.request, 'Revise me', 'Home/Lounge/W1');
  await apiWrite(page.request, 'POST', `/api/deal-quotes/${quote.id}/accept`, {
    acceptWithoutSignature: true,
  });
  await page.goto(`/workflows/residential/${deal.id}/quotes/${quote.id}`);
  const modal = page.getByRole('dialog', { name: `Quote #${quote.tuid}` });

  await modal.getByRole('button', { name: 'Quote actions' }).click();
  await page.getByRole('menuitem', { name: 'Revise' }).click();
  const ask = page.getByRole('dialog', { name: `Revise quote #${quote.tuid}?` });
  await expect(ask).toContainText(
    `A new draft revision of quote #${quote.tuid} opens for your changes. Quote #${quote.tuid} stays accepted and read-only, and says which revision replaced it.`,
  );
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/quotes/${quote.id}$`));

  await modal.getByRole('button', { name: 'Quote actions' }).click();
  await page.getByRole('menuitem', { name: 'Revise' }).click();
  await page
    .getByRole('dialog', { name: `Revise quote #${quote.tuid}?` })
    .getByRole('button', { name: 'Revise' })
    .click();
  await expect(page).not.toHaveURL(new RegExp(`/quotes/${quote.id}$`));
  const revisionId = Number(page.url().split('/').pop());
  const revision = await getJson<QuoteJson>(page.request, `/api/deal-quotes/${revisionId}`);
  const copy = (await apiWrite(page.request, 'POST', `/api/deal-quotes/${quote.id}/clone`, {
    description: 'A copy',
  })) as { id: number };
  const copyTuid = (await getJson<QuoteJson>(page.request, `/api/deal-quotes/${copy.id}`)).tuid;

  await page.goto(`/workflows/residential/${deal.id}`);
  const quotes = page.getByRole('region', { name: 'Quotes', exact: true });
  const row = (tuid: number) => quotes.getByRole('link', { name: new RegExp(`^Quote #${tuid}\\b`) });
  await expect(row(revision.tuid).getByTestId('quote-lineage')).toHaveText(`Revision of #${quote.tuid}`);
  await expect(row(copyTuid).getByTestId('quote-lineage')).toHaveText(`Copy of #${quote.tuid}`);
  await expect(row(quote.tuid).getByTestId('quote-lineage')).toHaveText(
    `Replaced by revision #${revision.tuid}`,
  );
});

test('a duplicated window is named as a copy; a window emptied of its products offers its removal', async ({
  page,
}) => {
  const { deal, quote } = await dealWithQuote(page.request, 'Window copy', 'Home/Lounge/W1');
  await page.goto(`/workflows/residential/${deal.id}/quotes/${quote.id}`);
  const modal = page.getByRole('dialog', { name: `Quote #${quote.tuid}` });
  await modal.getByRole('button', { name: 'Actions for window Home / Lounge / W1' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate window' }).click();
  const copy = modal.getByRole('region', { name: 'Home / Lounge / W1 (copy)' });
  await expect(copy).toBeVisible();
  await expect(copy.getByTestId('quote-line')).toHaveCount(1);

  await copy.getByRole('button', { name: /^Remove Plantation Shutter/ }).click();
  await page
    .getByRole('dialog', { name: 'Remove product' })
    .getByRole('button', { name: 'Remove product' })
    .click();
  await expect(copy.getByText('No products in this window')).toBeVisible();
  await copy.getByRole('button', { name: 'Remove window' }).click();
  await page
    .getByRole('dialog', { name: 'Delete window' })
    .getByRole('button', { name: 'Delete window' })
    .click();
  await expect(copy).toBeHidden();
  await expect(modal.getByRole('region', { name: 'Home / Lounge / W1' })).toBeVisible();
});
