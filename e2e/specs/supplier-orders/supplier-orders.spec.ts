// Supplier orders, the dealer's side (sales-and-purchasing §2 Supplier order, order panels, §3, §9):
// an order submitted to the online demo supplier is answered with the supplier's command line
// (acknowledge, status, ETA, freight, tracking) while the order page and the dashboard stay open:
// both follow without a reload; the supplier order's History tab lists each change. An offline-
// only supplier's order is entered by hand in the manual editor and its history paged (40 a page).
// axe on the modal and the editor; the phone viewport. Screenshots into /work/shots/supplier-orders/.
import { apiWrite, expect, settledViolations, signInViaApi, test } from '../../fixtures';
import { getJson } from '../orders/orders-helpers';
import { expectNoSidewaysScroll, shoot, submittedOrderFor, supplierCli } from './supplier-orders-helpers';

type Status = { id: number; name: string; coreStatus: string };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.use({ locale: 'en-US', viewport: { width: 1280, height: 900 } });

test.describe('an online supplier answers', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  test('the order panel and the dashboard cards follow the supplier without a reload, and History lists each change', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const order = await submittedOrderFor(page, 'Coastline Window Furnishings');
    const supplierOrderId = String(order.context.manufacturerOrders[0]!.id);
    const statuses = await getJson<Status[]>(
      page.request,
      `/api/manufacturer/${order.manufacturerId}/order-statuses`,
    );
    const inProgress = statuses.find((s) => s.coreStatus === 'IN_PROGRESS')!;
    const { token } = JSON.parse(
      supplierCli(['token', '--supplier', String(order.manufacturerId), '--json']),
    ) as {
      token: string;
    };

    // the live stream answers its headers once the server listens for this account's changes
    const orderStream = page.waitForResponse((r) => r.url().endsWith('/api/orders/stream'));
    await page.goto(`/orders/${order.id}`);
    await orderStream;
    const panel = page.getByTestId('supplier-order');
    await expect(panel.getByTestId('supplier-core-status')).toHaveText('Unstarted');
    await expect(panel.getByTestId('supplier-acknowledgement')).toHaveText('Not acknowledged yet');
    // the link the purchase-order mail carried, made at submission
    await expect(panel.getByTestId('supplier-link-url')).toContainText('/supplier-order/');
    // a reload would drop this mark
    await page.evaluate(() => Object.assign(window, { stayed: true }));

    const dashboard = await context.newPage();
    const dashboardStream = dashboard.waitForResponse((r) => r.url().endsWith('/api/orders/stream'));
    await dashboard.goto('/dashboard');
    await dashboardStream;
    const card = (core: string) => dashboard.getByTestId(`orders-${core}`).getByTestId('order-count');
    await expect(card('UNSTARTED')).toHaveText(/^\d+$/);
    const unstarted = Number(await card('UNSTARTED').textContent());
    const started = Number(await card('IN_PROGRESS').textContent());
    await dashboard.evaluate(() => Object.assign(window, { stayed: true }));

    supplierCli(['ack', supplierOrderId, 'accepted'], token);
    await expect(panel.getByTestId('supplier-acknowledgement')).toHaveText('Accepted');

    supplierCli(['status', supplierOrderId, String(inProgress.id)], token);
    await expect(panel.getByTestId('supplier-core-status')).toHaveText('In progress');
    await expect(card('IN_PROGRESS')).toHaveText(String(started + 1));
    await expect(card('UNSTARTED')).toHaveText(String(unstarted - 1));

    supplierCli(['eta', supplierOrderId, inDays(14)], token);
    await expect(panel.getByTestId('panel-eta')).not.toHaveText('Not given yet');
    supplierCli(['freight', supplierOrderId, '48.50'], token);
    await expect(panel.getByTestId('panel-freight')).toContainText('48.50');
    supplierCli(
      [
        'track',
        supplierOrderId,
        '--carrier',
        'StarTrack',
        '--number',
        'ST123',
        '--url',
        'https://track.example/ST123',
      ],
      token,
    );
    await expect(panel.getByRole('link', { name: 'Track the shipment' })).toHaveAttribute(
      'href',
      'https://track.example/ST123',
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await dashboard.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await dashboard.close();
    await shoot(page, 'order-panel-1280');

    await panel.getByRole('link', { name: /View supplier order/ }).click();
    const modal = page.getByRole('dialog', { name: 'Supplier order — Coastline Window Furnishings' });
    await expect(modal.getByTestId('supplier-core-status')).toHaveText('In progress');
    await expect(modal.getByText('The supplier will make the order as sent.')).toBeVisible();
    await expect(modal.getByTestId('supplier-freight')).toContainText('48.50');
    await expect(modal.getByTestId('supplier-order-lines')).toBeVisible();
    expect(await settledViolations(page)).toEqual([]);
    await shoot(page, 'modal-details-1280');

    await modal.getByRole('tab', { name: 'History' }).click();
    const entries = modal.getByTestId('history-entry');
    await expect(entries).toHaveCount(5);
    const changes = modal.getByTestId('history-change');
    // newest first: the tracking, then freight, ETA, status and the acknowledgement
    await expect(entries.first()).toContainText('StarTrack');
    await expect(changes.filter({ hasText: /^Freight: .* → .*48\.50$/ })).toHaveCount(1);
    await expect(changes.filter({ hasText: /^ETA: / })).toHaveCount(1);
    await expect(changes.filter({ hasText: new RegExp(`^Status: .* → ${inProgress.name}$`) })).toHaveCount(1);
    await expect(entries.last()).toContainText('Acknowledgement');
    expect(await settledViolations(page)).toEqual([]);
    await shoot(page, 'modal-history-1280');

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
  });

  test('a supplier order that is not the order’s goes back to the order', async ({ page }) => {
    const order = await submittedOrderFor(page, 'Coastline Window Furnishings');
    await page.goto(`/orders/${order.id}/supplier-order/999999`);
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));
    await expect(page.getByTestId('supplier-order')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the supplier link is revoked after a confirm and a new one made', async ({ page }) => {
    const order = await submittedOrderFor(page, 'Coastline Window Furnishings');
    await page.goto(`/orders/${order.id}`);
    const link = page.getByTestId('supplier-link');
    // made at submission (the purchase-order mail carries it)
    await expect(link.getByTestId('supplier-link-url')).toContainText('/supplier-order/');
    const first = await link.getByTestId('supplier-link-url').textContent();
    await link.getByRole('button', { name: 'Revoke' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke the link?' });
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await expect(link.getByTestId('supplier-link-none')).toHaveText(
      'The link is revoked. Make a new link to send the supplier.',
    );
    await link.getByRole('button', { name: 'Make a new link' }).click();
    await expect(link.getByTestId('supplier-link-url')).toBeVisible();
    expect(await link.getByTestId('supplier-link-url').textContent()).not.toBe(first);
  });
});

test.describe('an offline-only supplier’s order entered by hand', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  test('the editor saves what was typed, asks before dropping changes, and pages its history', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const order = await submittedOrderFor(page, 'Sunview Shutters & Awnings', {
      reference: 'SV-7781',
      orderStatus: 'Confirmed by phone',
      notes: 'Spoke to Sam at Sunview',
    });
    const supplierOrderId = String(order.context.offlineManufacturerOrders[0]!.id);
    await page.goto(`/orders/${order.id}`);
    const panel = page.getByTestId('supplier-order');
    await expect(panel.getByTestId('panel-status')).toHaveText('Confirmed by phone');
    await panel.getByRole('link', { name: /View supplier order/ }).click();

    const editor = page.getByRole('dialog', { name: 'Supplier order (manual) — Sunview Shutters & Awnings' });
    await expect(editor.getByLabel('Reference')).toHaveValue('SV-7781');
    await editor.getByLabel('Freight').fill('45.5');
    await editor.getByLabel('ETA').fill(inDays(10));
    await editor.getByLabel('Tracking').fill('Courier 88');
    await editor.getByLabel('Order status').fill('In production');
    expect(await settledViolations(page)).toEqual([]);
    await shoot(page, 'editor-1280');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Supplier order saved')).toBeVisible();
    await expect(editor.getByLabel('Freight')).toHaveValue('45.5');
    await expect(
      editor.getByTestId('history-change').filter({ hasText: /^Freight: .* → 45\.50?$/ }),
    ).toHaveCount(1);
    await expect(
      editor.getByTestId('history-change').filter({ hasText: 'Confirmed by phone → In production' }),
    ).toHaveCount(1);
    await expect(panel.getByTestId('panel-status')).toHaveText('In production');
    await expect(panel.getByTestId('panel-freight')).toContainText('45.50');

    // a refused freight stays as typed, with its reason on the field
    await editor.getByLabel('Freight').fill('12,50');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('Freight must be a number of at least 0')).toBeVisible();
    await expect(editor.getByLabel('Freight')).toHaveValue('12,50');

    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(editor).toBeVisible();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await page
      .getByRole('dialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(editor).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/orders/${order.id}$`));

    // more than 40 changes through the API make a second page
    for (let i = 1; i <= 41; i++)
      await apiWrite(
        page.request,
        'POST',
        `/api/purchaseorder/${order.id}/offline-manufacturer-orders/upsert`,
        {
          id: supplierOrderId,
          manufacturerId: order.manufacturerId,
          reference: `SV-7781-${i}`,
        },
      );
    await page.goto(`/orders/${order.id}/supplier-order/${supplierOrderId}`);
    const history = editor.getByTestId('supplier-order-history');
    await expect(history.getByText('Page 1 of 2').first()).toBeVisible();
    await expect(history.getByTestId('history-entry')).toHaveCount(40);
    await expect(history.getByTestId('history-entry').first()).toContainText('SV-7781-40 → SV-7781-41');
    await history.getByRole('button', { name: 'Next page' }).first().click();
    await expect(history.getByText('Page 2 of 2').first()).toBeVisible();
    const total = Number((await history.getByTestId('history-count').textContent())!.match(/\d+/)![0]);
    await expect(history.getByTestId('history-entry')).toHaveCount(total - 40);
    expect(await settledViolations(page)).toEqual([]);
    await shoot(page, 'editor-history-page-2-1280');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test.beforeEach(async ({ page }) => {
    await signInViaApi(page.request);
  });

  test('the panel, the modal and the editor fit the screen', async ({ page }) => {
    test.setTimeout(120_000);
    const online = await submittedOrderFor(page, 'Coastline Window Furnishings');
    await page.goto(`/orders/${online.id}`);
    await expect(page.getByTestId('supplier-order')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'order-panel-phone');
    await page
      .getByTestId('supplier-order')
      .getByRole('link', { name: /View supplier order/ })
      .tap();
    const modal = page.getByRole('dialog', { name: /Supplier order — / });
    await expect(modal.getByTestId('supplier-order-details')).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await settledViolations(page)).toEqual([]);
    await shoot(page, 'modal-details-phone');
    await modal.getByRole('tab', { name: 'History' }).tap();
    await expect(
      modal.getByTestId('history-empty').or(modal.getByTestId('supplier-order-history')),
    ).toBeVisible();

    const offline = await submittedOrderFor(page, 'Sunview Shutters & Awnings', {
      reference: 'SV-1',
      orderStatus: 'Confirmed',
      notes: '',
    });
    await page.goto(
      `/orders/${offline.id}/supplier-order/${offline.context.offlineManufacturerOrders[0]!.id}`,
    );
    const editor = page.getByRole('dialog', { name: /Supplier order \(manual\)/ });
    await expect(editor.getByLabel('Reference')).toHaveValue('SV-1');
    await expectNoSidewaysScroll(page);
    expect(await settledViolations(page)).toEqual([]);
    await shoot(page, 'editor-phone');
  });
});
