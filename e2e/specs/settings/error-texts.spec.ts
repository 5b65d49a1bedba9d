import { expect, test } from '../../fixtures';

for (const width of [1280, 375]) {
  test.describe(`sign-in error at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 740 : 800 } });

    test('a rejected sign-in says "Login failed" once', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel(/^Username/).fill('demo');
      await page.getByLabel(/^Password/).fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText(
        'Login failed. Please check your username and password and try again.',
      );
      const text = (await alert.textContent()) ?? '';
      expect(text.split('Login failed').length - 1).toBe(1);
    });
  });
}
