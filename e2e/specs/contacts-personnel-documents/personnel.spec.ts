import { expect, signInViaApi, test } from '../../fixtures';
import { enableFlag } from './directory-helpers';

type Person = {
  id: number;
  name: string;
  email: string;
  labels: string[];
  notes: string;
  badgeColor: string;
};

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
  await enableFlag(page, 'Personnel');
});

test('the list: columns, badges with initials, Search and Labels filters in the URL', async ({ page }) => {
  const people = (await (await page.request.get('/api/personnel')).json()) as Person[];
  expect(people.length).toBeGreaterThan(1);
  await page.goto('/personnel');
  await expect(page.getByRole('heading', { name: 'Personnel', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Personnel' });
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Labels', 'Notes']);
  await expect(table.locator('tbody tr')).toHaveCount(people.length);
  const dana = people.find((p) => p.name === 'Dana Whitfield')!;
  const danaRow = table.getByRole('row').filter({ hasText: dana.email });
  await expect(danaRow).toContainText('DW');
  await expect(danaRow).toContainText('Sales');

  await page.getByRole('searchbox', { name: 'Search' }).fill('marcus');
  await expect(page).toHaveURL(/[?&]search=marcus(&|$)/);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table).toContainText('Marcus Lee');
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(page).not.toHaveURL(/search=/);

  const withSales = people.filter((p) => p.labels.includes('Sales'));
  await page.getByRole('combobox', { name: 'Labels' }).click();
  await page.getByRole('option', { name: 'Sales', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]status=Sales(&|$)/);
  await expect(table.locator('tbody tr')).toHaveCount(withSales.length);

  await page.goto('/personnel?search=nobody-here');
  await expect(table).toContainText('No Personnel found');

  // an unknown person goes back to the list
  await page.goto('/personnel/999999');
  await expect(page).toHaveURL(/\/personnel$/);
});

test('add a person (validation, duplicate email), edit, archive', async ({ page }) => {
  const stamp = Date.now().toString(36);
  // three words: the badge shows the first and last initials
  const name = `Riley ${stamp} Jones`;
  await page.goto('/personnel');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add person' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();

  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill('riley@');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();

  // the server says the email is taken: the message sits on the field
  await dialog.getByLabel('Email').fill('dana@harbourblinds.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(/Email already in use/);

  await dialog.getByLabel('Email').fill(`riley.${stamp}@harbourblinds.example`);
  await dialog.getByRole('combobox', { name: 'Labels' }).fill('Measure');
  await page.keyboard.press('Enter');
  await dialog.getByLabel('Notes').fill('New starter');
  await dialog.getByRole('button', { name: '#2f9e44' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();

  const person = page.getByRole('dialog', { name });
  await expect(person).toBeVisible();
  await expect(page).toHaveURL(/\/personnel\/\d+$/);
  await expect(person).toContainText(`riley.${stamp}@harbourblinds.example`);
  await expect(person).toContainText('RJ');
  await expect(person).toContainText('New starter');

  await person.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit person' });
  await edit.getByLabel('Notes').fill('Measures on Tuesdays');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(person).toContainText('Measures on Tuesdays');
  await expect(page.getByRole('table', { name: 'Personnel' })).toContainText('Measures on Tuesdays');

  // archiving asks in the shared confirm dialog (decision 012)
  await person.getByRole('button', { name: 'Archive' }).click();
  const confirm = page.getByRole('dialog', { name: `Archive ${name}?` });
  await expect(confirm.getByText('They will no longer appear in the personnel list.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(page).toHaveURL(/\/personnel$/);
  await expect(page.getByRole('table', { name: 'Personnel' })).not.toContainText(name);
  const after = (await (await page.request.get('/api/personnel')).json()) as Person[];
  expect(after.some((p) => p.name === name)).toBe(false);
});
