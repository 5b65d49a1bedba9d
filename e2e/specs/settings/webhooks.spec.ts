import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { verifyWebhookSignature } from '@slat/domain/webhook-signature';
import { apiWrite, expect, signInViaApi, test } from '../../fixtures';
import { SCREENSHOT_DIR } from '../web/web-helpers';

// Settings › Integrations › Webhooks: add an endpoint, see its secret once, send a test event to a
// receiver this spec runs on loopback, and see it delivered (signed) in the log.

type Received = { headers: http.IncomingHttpHeaders; body: string };
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/slat-events`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** A screenshot of what stays on screen (transitions finished at once). */
const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), animations: 'disabled', fullPage });

/** The demo account starts each test with no webhooks (a retry or another spec may have left some). */
async function deleteAllWebhooks(request: APIRequestContext) {
  const list = (await (await request.get('/api/account-settings/webhooks')).json()) as {
    data: { id: number }[];
  };
  for (const { id } of list.data) await apiWrite(request, 'DELETE', `/api/account-settings/webhooks/${id}`);
}

test.describe('Settings › Integrations › Webhooks', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
    await deleteAllWebhooks(page.request);
    received.length = 0;
  });

  test('add a webhook, see its secret once, send a test event and see it delivered', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/settings/integrations');
    const card = page.getByRole('region', { name: 'Webhooks' });
    await expect(card.getByText('No webhooks yet')).toBeVisible();
    await expect(card.getByTestId('webhook-signing-help')).toContainText('HMAC-SHA256');

    const url = card.getByLabel('Endpoint URL');
    await url.fill('ftp://example.com/hook');
    await card.getByRole('button', { name: 'Add webhook' }).click();
    await expect(card.getByText('Enter a full URL starting with http:// or https://')).toBeVisible();

    await url.fill(receiverUrl);
    await card.getByRole('button', { name: 'Add webhook' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Your signing secret' });
    await expect(secretDialog.getByText('it is not shown again')).toBeVisible();
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await expect(secretDialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await shot(page, 'webhooks-secret-1280');
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();

    const row = card.getByRole('listitem', { name: receiverUrl });
    await expect(row.getByText('No deliveries yet')).toBeVisible();
    // the secret is never shown again, not even after a reload
    await page.reload();
    await expect(row).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event sent')).toBeVisible();
    await row.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: `Deliveries of ${receiverUrl}` });
    const delivery = log.getByTestId('delivery-row').first();
    await expect(delivery.getByTestId('delivery-status')).toHaveText('Delivered');
    await expect(delivery).toContainText('Test event');
    await expect(delivery.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await shot(page, 'webhooks-deliveries-1280');

    // what the receiver got is signed with the secret shown once
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(JSON.parse(request!.body)).toMatchObject({ type: 'ping' });
    expect(
      verifyWebhookSignature(
        secret,
        String(request!.headers['slat-webhook-timestamp']),
        request!.body,
        String(request!.headers['slat-signature']),
      ),
    ).toBe(true);

    await log.getByRole('button', { name: 'Close' }).click();
    await expect(log).toBeHidden();
    await expect(row.getByTestId('delivery-status')).toHaveText('Delivered');
    await shot(page, 'webhooks-list-1280', true);

    await row.getByRole('button', { name: 'Disable' }).click();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Send test event' })).toBeDisabled();
    await row.getByRole('button', { name: 'Enable' }).click();
    await expect(row.getByText('Enabled', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this webhook?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card.getByText('No webhooks yet')).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

    test('the webhooks and their delivery log fit a phone', async ({ page }) => {
      const made = await apiWrite(page.request, 'POST', '/api/account-settings/webhooks', {
        url: receiverUrl,
      });
      await apiWrite(page.request, 'POST', `/api/account-settings/webhooks/${made.webhook.id}/test`);
      await page.goto('/settings/integrations');
      const row = page.getByRole('listitem', { name: receiverUrl });
      await expect(row.getByTestId('delivery-status')).toHaveText('Delivered');
      await row.scrollIntoViewIfNeeded();
      await shot(page, 'webhooks-list-phone');
      // nothing wider than the screen
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await row.getByRole('button', { name: 'Deliveries' }).tap();
      const log = page.getByRole('dialog', { name: `Deliveries of ${receiverUrl}` });
      await expect(log.getByTestId('delivery-status').first()).toHaveText('Delivered');
      await shot(page, 'webhooks-deliveries-phone');
      await log.getByRole('button', { name: 'Close' }).tap();
      await expect(log).toBeHidden();
    });
  });
});
