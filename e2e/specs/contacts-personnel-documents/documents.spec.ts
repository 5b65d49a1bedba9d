import { expect, signInViaApi, test } from '../../fixtures';

type Doc = {
  id: number;
  name: string;
  type: string;
  manufacturer_id: number;
  manufacturer_name: string;
  url: string;
};

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('documents: newest first, filter by type and supplier, a row opens the PDF in a new tab', async ({
  page,
}) => {
  const docs = (await (await page.request.get('/api/old/manufacturer-documents')).json()) as Doc[];
  const suppliers = (await (await page.request.get('/api/old/manufacturers')).json()) as {
    id: number;
    name: string;
  }[];
  expect(suppliers.length).toBeGreaterThan(1);

  await page.goto('/documents');
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('columnheader')).toHaveText(['Document name', 'Type', 'Supplier', 'Created']);
  await expect(table.locator('tbody tr')).toHaveCount(docs.length);

  const supplier = suppliers[1]!;
  const theirs = docs.filter((d) => d.manufacturer_id === supplier.id);
  await page.getByRole('combobox', { name: 'Supplier' }).click();
  await page.getByRole('option', { name: supplier.name }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]supplier=${supplier.id}(&|$)`));
  await expect(table.locator('tbody tr')).toHaveCount(theirs.length);
  for (const row of await table.locator('tbody tr').all()) await expect(row).toContainText(supplier.name);

  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Warranty' }).click();
  await expect(page).toHaveURL(/[?&]type=Warranty(&|$)/);
  const warranty = theirs.find((d) => d.type === 'Warranty')!;
  await expect(table.locator('tbody tr')).toHaveCount(1);

  const response = page.context().waitForEvent('response', (r) => r.url().endsWith(warranty.url));
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    table.getByRole('link', { name: `${warranty.name} (opens in a new tab)` }).click(),
  ]);
  expect(popup).toBeTruthy();
  const pdf = await response;
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');

  await page.goto(`/documents?search=no-such-document&supplier=${supplier.id}`);
  await expect(table).toContainText('No documents found');
});
