import { expect, signInViaApi, test } from '../../fixtures';

test('with Polish chosen on the sign-in page, the page is in Polish (and stays so after a reload)', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('pl');
  await expect(page.getByRole('heading', { name: 'Zaloguj się do Slat' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zaloguj się' })).toBeVisible();
  await expect(page.getByLabel('Nazwa użytkownika')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zaloguj się do Slat' })).toBeVisible();
  await page.getByRole('button', { name: 'Zaloguj się' }).click();
  await expect(page.getByLabel('Nazwa użytkownika')).toHaveAccessibleDescription('Wpisz nazwę użytkownika');
});

test('the user menu switches the shell to Polish', async ({ page }) => {
  await signInViaApi(page.request);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Polski' }).click();
  const nav = page.getByRole('navigation', { name: 'Nawigacja główna' });
  await expect(nav.getByRole('link', { name: 'Pulpit' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Ustawienia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pulpit' })).toBeVisible();
});
