import { columnDeals, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('create a deal; add an appointment, a note, an attachment and a related deal; archive it', async ({
  page,
}) => {
  const wf = await getWorkflow(page.request, 'residential');
  const [other] = await columnDeals(page.request, wf.id, wf.statuses[1]!.id, 1);
  await page.goto('/workflows/residential');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'New deal' });
  await create.getByRole('button', { name: 'Create deal' }).click();
  await expect(create.getByText('Deal name is required')).toBeVisible();
  await create.getByLabel('Name').first().fill('Okafor bay window');
  await create.getByLabel('Description').fill('Three shutters for the front bay');
  await create.getByRole('button', { name: 'New contact' }).click();
  await create.getByLabel('Contact name').fill('Ada Okafor');
  await create.getByLabel('Contact email').fill('ada@example.com');
  await create.getByRole('button', { name: 'Create contact' }).click();
  await expect(create.getByRole('textbox', { name: 'Contact', exact: true })).toHaveValue('Ada Okafor');
  await create.getByRole('button', { name: 'Create deal' }).click();
  await expect(page).toHaveURL(/\/workflows\/residential\/\d+$/);
  const dealId = Number(page.url().split('/').pop());
  const deal = (await (await page.request.get(`/api/deals/${dealId}`)).json()) as { tuid: number };
  const modal = page.getByRole('dialog', { name: `Deal #${deal.tuid} Okafor bay window` });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Ada Okafor · ada@example.com')).toBeVisible();

  // appointment: defaults per §5, title required
  await modal.getByRole('button', { name: 'Add appointment' }).click();
  const appt = page.getByRole('dialog', { name: 'New appointment' });
  await expect(appt.getByLabel('Description')).toHaveValue(`Appointment for Residential ${deal.tuid}`);
  const start = await appt.getByLabel('Start time').inputValue();
  expect(Number(start.slice(3)) % 15).toBe(0);
  await appt.getByRole('button', { name: 'Save' }).click();
  await expect(appt.getByText('Title is required')).toBeVisible();
  await appt.getByLabel('Title').fill('Measure up');
  await appt.getByLabel('Location').fill('12 Harbour St');
  await appt.getByRole('button', { name: 'Save' }).click();
  await expect(appt).toBeHidden();
  const item = modal.getByTestId('appointment');
  await expect(item).toContainText('Measure up');
  await expect(item).toContainText(/Coming up in/);

  // note, and the unsaved-changes question on the way out of an editor
  await modal.getByRole('button', { name: 'Add note' }).click();
  const note = page.getByRole('dialog', { name: 'New note' });
  await note.getByRole('textbox', { name: 'Note' }).fill('Customer prefers white');
  await page.keyboard.press('Escape');
  await expect(
    page.getByText('You have unsaved changes. If you exit now your changes will be lost. Are you sure?'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await note.getByRole('button', { name: 'Save' }).click();
  await expect(note).toBeHidden();
  await expect(modal.getByText('Customer prefers white')).toBeVisible();

  // attachment, with its progress bar
  await modal.getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload attachments' });
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(600 * 1024, 32),
    Buffer.from('\n%%EOF\n'),
  ]);
  await upload
    .locator('input[type=file]')
    .setInputFiles({ name: 'bay-plan.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(upload.getByLabel('Document name')).toHaveValue('bay-plan');
  await expect(upload.getByText(/bay-plan\.pdf · 600 kb/)).toBeVisible();
  await upload.getByRole('button', { name: 'Upload files' }).click();
  await expect(upload.getByRole('progressbar', { name: 'Upload progress of bay-plan.pdf' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(upload.getByText('Uploaded', { exact: true })).toBeVisible();
  await upload.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(upload).toBeHidden();
  await expect(modal.getByRole('button', { name: 'bay-plan', exact: true })).toBeVisible();

  // related deal
  await modal.getByRole('button', { name: 'Relate a deal' }).click();
  await modal.getByRole('combobox', { name: 'Deal to relate' }).fill(other!.name.slice(0, 6));
  await page.getByRole('option', { name: `#${other!.tuid} ${other!.name}` }).click();
  await modal.getByRole('button', { name: 'Relate', exact: true }).click();
  await expect(modal.getByRole('link', { name: `#${other!.tuid} ${other!.name}` })).toBeVisible();

  // archived: read-only (§4)
  await modal.getByRole('button', { name: 'Archive deal' }).click();
  await expect(modal.getByText('This deal is archived and read-only.')).toBeVisible();
  await expect(
    modal.getByRole('textbox', { name: 'Status' }).or(modal.getByRole('combobox', { name: 'Status' })),
  ).toBeDisabled();
  for (const flag of wf.flags)
    await expect(modal.getByRole('combobox', { name: flag.name, exact: true })).toBeDisabled();
  for (const name of ['Edit', 'Add appointment', 'Relate a deal', 'Upload', 'Add note'])
    await expect(modal.getByRole('button', { name, exact: true })).toBeDisabled();
  for (const name of [
    /Edit appointment/,
    /Delete appointment/,
    'Edit note “Customer prefers white”',
    'Delete note “Customer prefers white”',
    /Remove relation/,
    /Archive attachment/,
  ])
    await expect(modal.getByRole('button', { name })).toBeDisabled();
  await modal.getByRole('button', { name: 'Unarchive deal' }).click();
  await expect(modal.getByRole('button', { name: 'Add note' })).toBeEnabled();

  // closing goes up one level
  await modal.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/workflows\/residential$/);
});

test('Escape closes an open select inside the deal first, then the deal', async ({ page }) => {
  const wf = await getWorkflow(page.request, 'residential');
  const deal = await createDealViaApi(page.request, wf.id, wf.statuses[0]!.id, 'Escape order deal');
  await page.goto(`/workflows/residential/${deal.id}`);
  const modal = page.getByRole('dialog', { name: `Deal #${deal.tuid} Escape order deal` });
  await expect(modal).toBeVisible();
  await modal.getByRole('combobox', { name: 'Status', exact: true }).click();
  const options = page.getByRole('listbox');
  await expect(options).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(options).toBeHidden();
  await expect(modal).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/workflows/residential/${deal.id}$`));
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/workflows\/residential$/);
});

test('a deal can be related to one in another workflow, and the link opens it there', async ({ page }) => {
  const residential = await getWorkflow(page.request, 'residential');
  const commercial = await getWorkflow(page.request, 'commercial');
  const home = await createDealViaApi(
    page.request,
    residential.id,
    residential.statuses[0]!.id,
    'Moreau home',
  );
  const office = await createDealViaApi(
    page.request,
    commercial.id,
    commercial.statuses[0]!.id,
    'Moreau office',
  );
  await page.goto(`/workflows/residential/${home.id}`);
  const modal = page.getByRole('dialog', { name: `Deal #${home.tuid} Moreau home` });
  await modal.getByRole('button', { name: 'Relate a deal' }).click();
  await modal.getByRole('combobox', { name: 'In workflow' }).selectOption({ label: 'Commercial' });
  await modal.getByRole('combobox', { name: 'Deal to relate' }).fill('Moreau office');
  await page.getByRole('option', { name: `#${office.tuid} Moreau office` }).click();
  await modal.getByRole('button', { name: 'Relate', exact: true }).click();
  const link = modal.getByRole('link', { name: `#${office.tuid} Moreau office` });
  await expect(link).toHaveAttribute('href', `/workflows/commercial/${office.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/workflows/commercial/${office.id}$`));
  const other = page.getByRole('dialog', { name: `Deal #${office.tuid} Moreau office` });
  await expect(other.getByRole('link', { name: `#${home.tuid} Moreau home` })).toBeVisible();
});

test('an unknown workflow slug goes to /', async ({ page }) => {
  await page.goto('/workflows/no-such-workflow');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the dashboard phase counts match the board', async ({ page }) => {
  const wf = await getWorkflow(page.request, 'residential');
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Residential' });
  for (const phase of ['New', 'Quoting']) {
    await page.goto('/dashboard');
    const link = section.locator(`[data-phase="${phase}"]`);
    const count = Number(await link.getByTestId('phase-count').textContent());
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/workflows/residential\\?phase=${phase}$`));
    const columns = wf.statuses.filter((s) => s.phase === phase);
    await expect
      .poll(async () => {
        let sum = 0;
        for (const s of wf.statuses) {
          const badge = page
            .locator(`.slat-board-column[data-status="${s.slug}"] .mantine-Badge-root`)
            .first();
          const text = (await badge.textContent()) ?? '';
          if (!/^\d+$/.test(text)) return -1;
          sum += Number(text);
        }
        return sum;
      })
      .toBe(count);
    expect(columns.length).toBeGreaterThan(0);
  }
  await page.goto('/dashboard');
  await section.getByRole('link', { name: /with warnings/ }).click();
  await expect(page).toHaveURL(/alerts=warning/);
});
