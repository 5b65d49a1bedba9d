import path from 'node:path';
import type { Download, Locator, Page } from '@playwright/test';
import { apiWrite, expect, getWorkflow, seriousViolations, signInViaApi, test } from '../../fixtures';
import { contactsCsv, importContactsViaApi, searchContactsViaApi } from './directory-helpers';

// Contacts as a dealer expects, and Add deal → New contact.

const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots/issue-12');

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

/** A name no other test uses. */
const unique = (word: string) => `${word}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createContactViaApi(page: Page, name: string, email = '', phone = '') {
  return (await apiWrite(page.request, 'POST', '/api/contacts/create', { name, email, phone })) as {
    id: string;
    name: string;
  };
}

/** The downloaded CSV's data rows as [name, email, phone] (header checked, byte order mark dropped). */
async function csvRows(download: Download): Promise<string[][]> {
  const chunks = await (await download.createReadStream()).toArray();
  const [header, ...lines] = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter(Boolean);
  expect(header).toBe('Name,Email,Phone');
  return lines.map((line) => line.split(','));
}

/** Table cells and list items the page cannot show within its width (cut off or scrolled away). */
function offscreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const cell of Array.from(
      document.querySelectorAll<HTMLElement>('th, td, [aria-label="Contacts"] li'),
    )) {
      const box = cell.getBoundingClientRect();
      if (box.width > 0 && (box.right > width + 1 || box.left < -1))
        out.push(
          `${cell.tagName} '${cell.innerText.slice(0, 30)}' at ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
    }
    return out;
  });
}

test('a contact is created and edited in the UI: mailto and tel links, a taken email said on the field', async ({
  page,
}) => {
  const name = unique('Quinn ');
  const email = `${name.replace(/\s/g, '.').toLowerCase()}@example.com`;
  const taken = await createContactViaApi(page, unique('Taken '), `taken.${Date.now()}@example.com`);
  const takenEmail = (await (await page.request.get(`/api/contacts/${taken.id}`)).json()).email as string;

  await page.goto('/contacts');
  await page.getByRole('button', { name: 'New contact' }).click();
  const create = page.getByRole('dialog', { name: 'New contact' });
  await create.getByRole('button', { name: 'Create contact' }).click();
  await expect(create.getByText('Name is required')).toBeVisible();
  await create.getByLabel('Name').fill(name);
  await create.getByLabel('Email').fill(takenEmail.toUpperCase());
  await create.getByLabel('Phone').fill('+61 412 000 111');
  await create.getByRole('button', { name: 'Create contact' }).click();
  // the server's 409: on the email field, the form kept as typed, nothing created
  await expect(create.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(create.getByText('A contact with this email already exists')).toBeVisible();
  expect((await searchContactsViaApi(page.request, name)).total).toBe(0);

  await create.getByLabel('Email').fill(email);
  await create.getByRole('button', { name: 'Create contact' }).click();
  await expect(create).toBeHidden();
  const made = (await searchContactsViaApi(page.request, name)).data[0]!;
  expect(made).toMatchObject({ name, email, phone: '+61 412 000 111' });
  // the new contact opens over the list
  await expect(page).toHaveURL(new RegExp(`/contacts/${made.id}$`));
  const modal = page.getByRole('dialog', { name });
  await expect(modal.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(modal.getByRole('link', { name: '+61 412 000 111' })).toHaveAttribute(
    'href',
    'tel:+61412000111',
  );

  await modal.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit contact' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await edit.getByLabel('Name').fill(`${name} Jr`);
  await edit.getByLabel('Phone').fill('02 9000 1234');
  await edit.getByLabel('Email').fill(takenEmail);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('A contact with this email already exists')).toBeVisible();
  await edit.getByLabel('Email').fill(email);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  const renamed = page.getByRole('dialog', { name: `${name} Jr` });
  await expect(renamed.getByRole('link', { name: '02 9000 1234' })).toHaveAttribute('href', 'tel:0290001234');
  expect(await (await page.request.get(`/api/contacts/${made.id}`)).json()).toMatchObject({
    name: `${name} Jr`,
    email,
    phone: '02 9000 1234',
  });
  await renamed.getByRole('button', { name: 'Close' }).first().click();
  // the list shows the change, with the links
  const row = page
    .getByRole('table', { name: 'Contacts' })
    .getByRole('row', { name: new RegExp(`${name} Jr`) });
  await expect(row.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await expect(row.getByRole('link', { name: '02 9000 1234' })).toHaveAttribute('href', 'tel:0290001234');
});

test('export after a search has exactly the rows the list shows, in its order', async ({ page }) => {
  const prefix = unique('Exp');
  for (const first of ['Cara', 'Abe', 'Bo'])
    await createContactViaApi(page, `${prefix} ${first}`, `${prefix}.${first}@example.com`.toLowerCase());
  const all = (await searchContactsViaApi(page.request, '')).total;
  expect(all).toBeGreaterThan(3);

  await page.goto('/contacts');
  await page.getByRole('searchbox', { name: 'Search' }).fill(prefix);
  await expect(page.getByText('3 record(s) found')).toBeVisible();
  await page.getByRole('button', { name: 'Email' }).click();
  await page.getByRole('button', { name: 'Email' }).click();
  await expect(page).toHaveURL(/[?&]sort=-email(&|$)/);
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.locator('tbody tr').first()).toContainText(`${prefix} Cara`);
  const shown = (await table.locator('tbody tr').allInnerTexts()).map((r) => r.split('\t')[0]!.trim());

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('contacts.csv');
  const rows = await csvRows(download);
  expect(rows.map((r) => r[0])).toEqual(shown);
  expect(rows.map((r) => r[0])).toEqual([`${prefix} Cara`, `${prefix} Bo`, `${prefix} Abe`]);
});

test('closing a deal opened from a contact returns to the contact, the list kept under it', async ({
  page,
}) => {
  const wf = await getWorkflow(page.request, 'residential');
  const contact = await createContactViaApi(page, unique('Dealer Contact '));
  const deal = (await apiWrite(page.request, 'POST', '/api/deals', {
    workflowId: wf.id,
    name: unique('Contact deal '),
    contactId: contact.id,
  })) as { id: number; tuid: number };

  await page.goto(`/contacts?search=${encodeURIComponent(contact.name)}`);
  await page.getByRole('link', { name: contact.name, exact: true }).click();
  const modal = page.getByRole('dialog', { name: contact.name });
  await modal.getByRole('link', { name: `Open deal #${deal.tuid}` }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}/residential/${deal.id}\\?search=`));
  const dealModal = page.getByRole('dialog', { name: new RegExp(`^Deal #${deal.tuid} `) });
  await expect(dealModal).toBeVisible();
  await dealModal.getByRole('button', { name: 'Close' }).first().click();
  await expect(dealModal).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}\\?search=`));
  await expect(page.getByRole('dialog', { name: contact.name })).toBeVisible();
  // closing the contact goes back to the searched list
  await page.getByRole('dialog', { name: contact.name }).getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/contacts\?search=/);
  await expect(page.getByText('1 record(s) found')).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('no contacts table hides a column off-screen: a card per contact, links in reach', async ({
    page,
  }) => {
    const long = await createContactViaApi(
      page,
      unique('Harbourview Apartments Strata Committee '),
      `${unique('reception.and.accounts')}@harbourview-apartments-strata.example.com`,
      '+61 2 9876 5432',
    );
    const wf = await getWorkflow(page.request, 'residential');
    await apiWrite(page.request, 'POST', '/api/deals', {
      workflowId: wf.id,
      name: 'Strata lobby blinds',
      description: 'Eight motorised roller blinds for the ground floor lobby and the meeting room',
      contactId: long.id,
    });

    await page.goto('/contacts');
    await expect(page.getByText(/record\(s\) found/)).toBeVisible();
    expect(await offscreen(page)).toEqual([]);
    const first = (await searchContactsViaApi(page.request, '')).data[0]!;
    const card = page.getByRole('list', { name: 'Contacts' }).getByRole('listitem').first();
    await expect(card.getByRole('link', { name: first.name })).toBeVisible();
    if (first.phone) await expect(card.getByRole('link', { name: first.phone })).toBeInViewport();
    await page.screenshot({ path: path.join(SHOTS, 'contacts-375-after.png'), fullPage: true });

    await page.getByRole('searchbox', { name: 'Search' }).fill(long.name);
    await expect(page.getByText('1 record(s) found')).toBeVisible();
    const only = page.getByRole('list', { name: 'Contacts' }).getByRole('listitem');
    await expect(only.getByRole('link', { name: '+61 2 9876 5432' })).toHaveAttribute(
      'href',
      'tel:+61298765432',
    );
    await expect(only.getByRole('link', { name: '+61 2 9876 5432' })).toBeInViewport();
    expect(await offscreen(page)).toEqual([]);

    await only.getByRole('link', { name: long.name }).click();
    const modal = page.getByRole('dialog', { name: long.name });
    await expect(modal.getByRole('table', { name: 'Related deals' }).locator('tbody tr')).toHaveCount(1);
    expect(await offscreen(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'contact-modal-375-after.png') });
  });
});

test('at 1280 px the list is a table with every column (screenshot)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/contacts');
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Phone']);
  expect(await offscreen(page)).toEqual([]);
  await page.screenshot({ path: path.join(SHOTS, 'contacts-1280-after.png'), fullPage: true });
});

test('the importer states its columns, and takes the same file again after a cancelled preview', async ({
  page,
}) => {
  const prefix = unique('Again');
  const csv = `Name,Email,Phone\n${prefix} One,${prefix.toLowerCase()}.one@example.com,0400 000 001\n`;
  const file = { name: 'again.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) };

  await page.goto('/contacts');
  const importButton = page.getByRole('button', { name: 'Import' });
  await expect(importButton).toHaveAccessibleDescription(/Name .*Email.*Phone.*vCard \(\.vcf\)/);
  await expect(
    page.getByText(/Import takes a CSV file whose first row names the columns Name/),
  ).toBeVisible();

  const input = page.locator('input[type=file]');
  await input.setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  await expect(dialog.getByText('1 to create, 0 to merge, 0 with errors')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // the input is empty again, so choosing the same file is a change the browser reports
  await expect(input).toHaveValue('');
  expect(await input.evaluate((el: HTMLInputElement) => el.files?.length ?? 0)).toBe(0);

  await input.setInputFiles(file);
  await expect(dialog.getByText('1 to create, 0 to merge, 0 with errors')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 1 contact' }).click();
  await expect(dialog).toBeHidden();
  expect((await searchContactsViaApi(page.request, prefix)).total).toBe(1);
});

test('paging controls end the list too', async ({ page }) => {
  await importContactsViaApi(page.request, contactsCsv(unique('Bottom'), 55));
  const total = (await searchContactsViaApi(page.request, '')).total;
  const pages = Math.ceil(total / 50);

  await page.goto('/contacts');
  const end = page.getByRole('navigation', { name: 'Paging, end of the list' });
  await end.scrollIntoViewIfNeeded();
  await expect(end.getByText(`Page 1 of ${pages}`)).toBeVisible();
  // it comes after the last row
  const lastRow = page.getByRole('table', { name: 'Contacts' }).locator('tbody tr').last();
  expect((await end.boundingBox())!.y).toBeGreaterThan((await lastRow.boundingBox())!.y);
  await end.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages', exact: true })).toBeInViewport();
});

for (const width of [375, 1280]) {
  test(`axe at ${width} px: the list, the contact, New contact with an error, Edit, the import preview`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 768 ? 740 : 800 });
    const contact = await createContactViaApi(
      page,
      unique('Axe Person '),
      `${unique('axe')}@example.com`,
      '0400 1',
    );
    await page.goto('/contacts');
    await expect(page.getByText(/record\(s\) found/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'New contact' }).click();
    const create = page.getByRole('dialog', { name: 'New contact' });
    await create.getByRole('button', { name: 'Create contact' }).click();
    await expect(create.getByText('Name is required')).toBeVisible();
    await expect(create).toHaveCSS('opacity', '1'); // audited once it has faded in
    expect(await seriousViolations(page)).toEqual([]);
    await create.getByRole('button', { name: 'Cancel' }).click();
    await expect(create).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search' }).fill(contact.name);
    await expect(page.getByText('1 record(s) found')).toBeVisible();
    await page.getByRole('link', { name: contact.name, exact: true }).click();
    const modal = page.getByRole('dialog', { name: contact.name });
    await modal.getByRole('button', { name: `Edit ${contact.name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact' });
    await expect(edit.getByLabel('Name')).toHaveValue(contact.name);
    await expect(edit).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await modal.getByRole('button', { name: 'Close' }).first().click();

    await page.locator('input[type=file]').setInputFiles({
      name: 'axe.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Name,Email,Phone\nAxe Row,not-an-email,\n'),
    });
    const preview = page.getByRole('dialog', { name: 'Import contacts' });
    await expect(preview.getByText('1 row has errors and will be skipped')).toBeVisible();
    await expect(preview).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
  });
}

/** Add on the residential board; the New deal dialog with a deal name typed. */
async function startDeal(page: Page, dealName: string): Promise<Locator> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/workflows/residential');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'New deal' });
  await create.getByLabel('Name').first().fill(dealName);
  return create;
}

async function dealsNamed(page: Page, name: string): Promise<number> {
  const wf = await getWorkflow(page.request, 'residential');
  const res = await page.request.get(
    `/api/deals?workflowId=${wf.id}&archived=all&search=${encodeURIComponent(name)}`,
  );
  return ((await res.json()) as { total: number }).total;
}

test.describe('Add deal → New contact', () => {
  test('a new contact typed but not created is created with the deal', async ({ page }) => {
    const dealName = unique('Typed contact deal ');
    const contactName = unique('Typed Person ');
    const email = `${contactName.replace(/\s/g, '.').toLowerCase()}@example.com`;
    const create = await startDeal(page, dealName);
    await create.getByRole('button', { name: 'New contact' }).click();
    await create.getByLabel('Contact name').fill(contactName);
    await create.getByLabel('Contact email').fill(email);
    // 'Create contact' is not pressed
    await create.getByRole('button', { name: 'Create deal' }).click();

    await expect(page).toHaveURL(/\/workflows\/residential\/\d+$/);
    const dealId = Number(page.url().split('/').pop());
    const deal = await (await page.request.get(`/api/deals/${dealId}`)).json();
    expect(deal.contact).toEqual({ name: contactName, email });
    await expect(page.getByText(`${contactName} · ${email}`)).toBeVisible();
    expect((await searchContactsViaApi(page.request, contactName)).total).toBe(1);
  });

  test('a typed contact that cannot be created stops the deal and says why; the existing one can be used', async ({
    page,
  }) => {
    const existing = await createContactViaApi(
      page,
      unique('Existing '),
      `${unique('existing')}@example.com`,
    );
    const existingEmail = (await (await page.request.get(`/api/contacts/${existing.id}`)).json())
      .email as string;
    const dealName = unique('Stopped deal ');
    const create = await startDeal(page, dealName);
    await create.getByRole('button', { name: 'New contact' }).click();
    await create.getByLabel('Contact email').fill(existingEmail);
    await create.getByRole('button', { name: 'Create deal' }).click();
    // no name: the contact's own field says so, the deal waits
    await expect(create.getByLabel('Contact name')).toHaveAttribute('aria-invalid', 'true');
    await expect(create.getByText('Name is required')).toBeVisible();
    await expect(create.getByLabel('Contact name')).toBeFocused();

    await create.getByLabel('Contact name').fill('Someone Else');
    await create.getByRole('button', { name: 'Create deal' }).click();
    await expect(create.getByText('A contact with this email already exists')).toBeVisible();
    await expect(create).toBeVisible();
    expect(await dealsNamed(page, dealName)).toBe(0);

    await create.getByRole('button', { name: `Use the existing contact, ${existing.name}` }).click();
    await expect(create.getByRole('textbox', { name: 'Contact', exact: true })).toHaveValue(existing.name);
    await create.getByRole('button', { name: 'Create deal' }).click();
    await expect(page).toHaveURL(/\/workflows\/residential\/\d+$/);
    const deal = await (await page.request.get(`/api/deals/${page.url().split('/').pop()}`)).json();
    expect(deal.contact.name).toBe(existing.name);
    expect(await dealsNamed(page, dealName)).toBe(1);
  });

  test('a contact searched for but not picked stops the deal and says why', async ({ page }) => {
    const dealName = unique('Unpicked deal ');
    const create = await startDeal(page, dealName);
    const search = create.getByRole('textbox', { name: 'Contact', exact: true });
    await search.fill('Nobody By This Name');
    await create.getByRole('button', { name: 'Create deal' }).click();
    await expect(
      create.getByText(
        "'Nobody By This Name' is not a contact: pick one from the list, or add it with New contact",
      ),
    ).toBeVisible();
    await expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(await dealsNamed(page, dealName)).toBe(0);
    // emptied, the deal is made without a contact, as asked
    await search.fill('');
    await create.getByRole('button', { name: 'Create deal' }).click();
    await expect(page).toHaveURL(/\/workflows\/residential\/\d+$/);
    expect(await dealsNamed(page, dealName)).toBe(1);
  });
});
