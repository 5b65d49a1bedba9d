import { expect, test } from '@playwright/test';
import { auditPage, settledViolations } from '../../axe';

// The audits look again before they report (a toast fading out while axe ran is measured
// mid-way; e2e/axe.ts, lastingViolations): a violation that stays must still be reported by
// both. Playwright's own `test`: the page below is made to fail, so the fixtures' closing audit
// must not judge it.
const LOW_CONTRAST = `<main><h1>Audit check</h1>
  <p style="color:#bbb;background:#fff">Text a person can hardly read</p></main>`;

test('a violation that stays is reported by the spec check and by the closing audit', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  await page.setContent(LOW_CONTRAST);
  expect((await settledViolations(page)).join('\n')).toContain('color-contrast (serious)');
  expect((await auditPage(page, baseURL!)).join('\n')).toMatch(/^color-contrast \(serious\) on \/login: /);
});
