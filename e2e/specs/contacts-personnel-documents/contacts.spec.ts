import { apiWrite, expect, signInViaApi, test } from '../../fixtures';
import { contactsCsv, importContactsViaApi, searchContactsViaApi } from './directory-helpers';

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('search: the URL and the record count follow the search box after the debounce', async ({ page }) => {
  const all = await searchContactsViaApi(page.request, '');
  const target = all.data[0]!;
  const word = target.name.split(' ')[0]!;
  const expected = await searchContactsViaApi(page.request, word);
  expect(expected.total).toBeLessThan(all.total);

  await page.goto('/contacts');
  await expect(page.getByText(`${all.total} record(s) found`)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  // still typing: neither the URL nor the list has moved yet
  expect(new URL(page.url()).searchParams.get('search')).toBeNull();
  await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(word)}(&|$)`));
  await expect(page.getByText(`${expected.total} record(s) found`)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Contacts' }).getByRole('link', { name: target.name }),
  ).toBeVisible();

  // the search survives a reload (it lives in the URL)
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(word);
  await expect(page.getByText(`${expected.total} record(s) found`)).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill('zz-no-such-contact-zz');
  await expect(page.getByText('No results found')).toBeVisible();
  await expect(page.getByText('0 record(s) found')).toBeVisible();
});

test('paging: 50 a page, 100 while searching; first, previous, next and last', async ({ page }) => {
  const prefix = `Pager${Date.now().toString(36)}`;
  const imported = await importContactsViaApi(page.request, contactsCsv(prefix, 120));
  expect(imported.created).toBe(120);
  const total = (await searchContactsViaApi(page.request, '')).total;
  const pages = Math.ceil(total / 50);
  expect(pages).toBeGreaterThanOrEqual(3);

  await page.goto('/contacts');
  const table = page.getByRole('table', { name: 'Contacts' });
  const paging = page.getByRole('navigation', { name: 'Pages' });
  await expect(page.getByText(`${total} record(s) found`)).toBeVisible();
  await expect(paging.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(50);
  await expect(paging.getByRole('button', { name: 'Previous page' })).toBeDisabled();

  await paging.getByRole('button', { name: 'Last page' }).click();
  await expect(paging.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}(&|$)`));
  await expect(table.locator('tbody tr')).toHaveCount(total - (pages - 1) * 50);
  await expect(paging.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await paging.getByRole('button', { name: 'Previous page' }).click();
  await expect(paging.getByText(`Page ${pages - 1} of ${pages}`)).toBeVisible();
  await paging.getByRole('button', { name: 'First page' }).click();
  await expect(paging.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await paging.getByRole('button', { name: 'Next page' }).click();
  await expect(paging.getByText(`Page 2 of ${pages}`)).toBeVisible();

  // searching goes back to page 1 and shows 100 a page
  await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  await expect(page.getByText('120 record(s) found')).toBeVisible();
  await expect(paging.getByText('Page 1 of 2')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(100);
  await paging.getByRole('button', { name: 'Last page' }).click();
  await expect(paging.getByText('Page 2 of 2')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await expect(table.getByRole('link', { name: `${prefix} 120` })).toBeVisible();

  // sorting by name descending puts the last one first
  await page.getByRole('button', { name: 'Name' }).click();
  await page.getByRole('button', { name: 'Name' }).click();
  await expect(page).toHaveURL(/[?&]sort=-name(&|$)/);
  await expect(paging.getByText('Page 1 of 2')).toBeVisible();
  await expect(table.locator('tbody tr').first()).toContainText(`${prefix} 120`);
});

test('a contact opens over the list, and a related deal opens from it', async ({ page }) => {
  const all = await searchContactsViaApi(page.request, '', 100);
  let contact:
    | { id: string; name: string; relatedDeals: { id: number; tuid: number; workflowSlug: string }[] }
    | undefined;
  for (const row of all.data) {
    const detail = await (await page.request.get(`/api/contacts/${row.id}`)).json();
    if (detail.relatedDeals.length > 0) {
      contact = detail;
      break;
    }
  }
  if (!contact) throw new Error('the demo data has no contact with deals');
  const deal = contact.relatedDeals[0]!;

  await page.goto('/contacts');
  await page
    .getByRole('table', { name: 'Contacts' })
    .getByRole('link', { name: contact.name, exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}$`));
  const modal = page.getByRole('dialog', { name: contact.name });
  await expect(modal).toBeVisible();
  const deals = modal.getByRole('table', { name: 'Related deals' });
  await expect(deals.getByRole('columnheader')).toHaveText(['ID', 'Status', 'Customer', 'Description']);
  await expect(deals.locator('tbody tr')).toHaveCount(contact.relatedDeals.length);
  // the list stays under the modal
  await expect(page.getByRole('table', { name: 'Contacts', exact: true })).toBeAttached();

  // The deal opens over the contact (/contacts/{contactId}/{workflowSlug}/{dealId})
  await deals.getByRole('link', { name: `Open deal #${deal.tuid}` }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}/${deal.workflowSlug}/${deal.id}$`));
  await expect(page.getByRole('dialog', { name: new RegExp(`^Deal #${deal.tuid} `) })).toBeVisible();

  // /contacts/{contactId}/{workflowSlug}/{dealId}: the deal over the contact; closing it goes back to the contact
  await page.goto(`/contacts/${contact.id}/${deal.workflowSlug}/${deal.id}`);
  const dealModal = page.getByRole('dialog', { name: new RegExp(`^Deal #${deal.tuid} `) });
  await expect(dealModal).toBeVisible();
  await dealModal.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}$`));
  await expect(page.getByRole('dialog', { name: contact.name })).toBeVisible();
});

test('raw data: View raw data shows it and Copy puts it on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const contact = (await searchContactsViaApi(page.request, '')).data[1]!;
  const externalData = { crm: 'pipeline', id: `ext-${Date.now()}`, tags: ['vip', 'repeat'] };
  await apiWrite(page.request, 'POST', `/api/contacts/${contact.id}/update`, {
    externalLink: 'https://crm.example.com/people/42',
    providerSchema: 'crm',
    externalData,
  });

  await page.goto(`/contacts/${contact.id}`);
  const modal = page.getByRole('dialog', { name: contact.name });
  await expect(modal.getByRole('link', { name: 'Open in the provider' })).toHaveAttribute(
    'href',
    'https://crm.example.com/people/42',
  );
  await expect(modal.getByRole('link', { name: 'Open in the provider' })).toHaveAttribute('target', '_blank');
  await modal.getByRole('button', { name: 'View raw data' }).click();
  const raw = modal.getByRole('region', { name: 'Raw data' });
  await expect(raw).toContainText(`"id": "${externalData.id}"`);
  await raw.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toEqual(externalData);
  // pretty-printed, as shown (the database may order the keys its own way)
  expect(copied).toBe(JSON.stringify(JSON.parse(copied), null, 2));
});

test('a contact without a provider link shows no provider button', async ({ page }) => {
  const [contact] = (await importContactsViaApi(page.request, `Name,Email,Phone\nPlain ${Date.now()},,\n`))
    .rows;
  const found = await searchContactsViaApi(page.request, contact!.name);
  await page.goto(`/contacts/${found.data[0]!.id}`);
  const modal = page.getByRole('dialog', { name: contact!.name });
  await expect(modal.getByRole('table', { name: 'Related deals' })).toContainText('Nothing to display');
  await expect(modal.getByRole('link', { name: 'Open in the provider' })).toHaveCount(0);
});

test('import: the preview shows the bad row before anything is written, then imports the rest', async ({
  page,
}) => {
  const prefix = `Imp${Date.now().toString(36)}`;
  const csv = [
    'Name,Email,Phone',
    `${prefix} Ava,${prefix.toLowerCase()}.ava@example.com,0412 345 678`,
    `${prefix} Ben,${prefix.toLowerCase()}.ben@example.com,0412 345 679`,
    `${prefix} Bad,not-an-email,0412 345 680`,
    `${prefix} Cleo,${prefix.toLowerCase()}.cleo@example.com,`,
    '',
  ].join('\n');

  await page.goto('/contacts');
  await page.locator('input[type=file]').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('3 to create, 0 to merge, 1 with errors')).toBeVisible();
  await expect(dialog.getByText('1 row has errors and will be skipped')).toBeVisible();
  await expect(dialog.getByText("Line 4: 'not-an-email' is not a valid email address")).toBeVisible();
  const preview = dialog.getByRole('table', { name: 'Import contacts' });
  await expect(preview.locator('tbody tr')).toHaveCount(4);
  await expect(preview.locator('tbody tr').nth(2)).toContainText('Skip');
  // nothing written yet
  expect((await searchContactsViaApi(page.request, prefix)).total).toBe(0);

  await dialog.getByRole('button', { name: 'Import 3 contacts' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('3 created, 0 merged, 1 skipped')).toBeVisible();
  expect((await searchContactsViaApi(page.request, prefix)).total).toBe(3);
  await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  await expect(page.getByText('3 record(s) found')).toBeVisible();
});

test('export downloads the contacts as CSV', async ({ page }) => {
  await page.goto('/contacts');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const text = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(text).toString('utf8')).toMatch(/^\uFEFF?Name,Email,Phone/);
});
