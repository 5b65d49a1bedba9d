import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures';

// The sign-in document loads only the stylesheets of the Mantine parts it shows (decision 006).
// Mantine's class names (m_xxxxxxxx) come from its CSS modules, so each one on the page must be
// matched by a rule of a loaded sheet; a component used without its stylesheet fails this.
async function unstyledMantineClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const used = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class]'))) {
      for (const name of Array.from(element.classList)) if (/^m_[0-9a-f]+$/.test(name)) used.add(name);
    }
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules)
          collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const text = selectors.join('\n');
    return [...used].filter((name) => !text.includes(`.${name}`));
  });
}

test('every Mantine part on the sign-in, forgot and reset pages has its styles loaded', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('slat.sessionExpired', '1'));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Review all fields and try again')).toBeVisible();
  expect(await unstyledMantineClasses(page)).toEqual([]);

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password reset email sent')).toBeVisible();
  expect(await unstyledMantineClasses(page)).toEqual([]);

  await page.goto('/reset-password?token=styles-check');
  await page.getByLabel(/^New password/).fill('Correct horse battery 9');
  await expect(page.getByText(/Password strength/)).toBeVisible();
  await page.getByLabel(/^Confirm/).fill('Correct horse battery 9');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Failed to reset password')).toBeVisible();
  expect(await unstyledMantineClasses(page)).toEqual([]);
});
