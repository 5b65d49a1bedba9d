import { expect, test } from '../../fixtures';

test('the app page loads from the server', async ({ page }) => {
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Slat/);
});

test('/health.json answers the build commit, uncached', async ({ request }) => {
  const res = await request.get('/health.json');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toContain('no-store');
  const body = await res.json();
  expect(body.GIT_COMMIT).toMatch(/^([0-9a-f]{40}|development)$/);
});

test('client routes fall back to the app page, unknown API paths answer JSON 404', async ({ request }) => {
  const page = await request.get('/contacts?search=a');
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain('<div id="root">');
  const api = await request.get('/api/nothing-here');
  expect(api.status()).toBe(404);
  expect((await api.json()).error.code).toBe('NOT_FOUND');
});
