import { expect, test } from '@playwright/test';

// Decision 033: the API reference works offline under its own policy (no inline script, no eval)
// and lists the dealer, public and supplier APIs apart. Playwright's own `test`, not the fixtures'
// one: the page is Swagger UI's, whose accessibility the app's axe audit does not judge.
test('the API reference at /api/docs shows each API with its operations, from this server only', async ({
  page,
}) => {
  // Swagger UI's 1.7 MB script parses and renders 174 operations: 46 s on a loaded 2-core machine.
  test.slow();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /^Dealer API/ })).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();

  // The list is virtual: filter by tag to bring each audience's operations into view.
  const filter = page.getByPlaceholder('Filter by tag or path');
  await filter.fill('Public API');
  await expect(page.getByRole('heading', { name: /^Public API/ })).toBeVisible();
  await expect(page.getByText('Sign in; starts a new session (the session id changes)')).toBeVisible();
  await filter.fill('Supplier API');
  await expect(page.getByRole('heading', { name: /^Supplier API/ })).toBeVisible();
  await expect(
    page.getByText('The orders placed with this supplier, newest first (a link sees only its own order)'),
  ).toBeVisible();

  expect(problems).toEqual([]);
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([]);
});
