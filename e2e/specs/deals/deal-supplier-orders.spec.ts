// The deal shows what its orders' suppliers say: the quote's Orders table has each order's
// supplier status pill and ETA, following the supplier's answers without a reload; a supplier that
// has not acknowledged an order in 2 working days raises the deal's alert (the demo has one).
import type { APIRequestContext, Page } from '@playwright/test';
import { apiWrite, expect, getWorkflow, settledViolations, signInViaApi, test } from '../../fixtures';
import { draftWithProductsOf, getJson, type QuoteJson, supplierNamed } from '../orders/orders-helpers';

type DealJson = {
  id: number;
  context: {
    alerts: { content: string }[];
    supplierOrders: { orderId: number; orderTuid: number; acknowledgement: string }[];
  };
};

/** An accepted copy of a demo quote with the online supplier's products, its order submitted. */
async function submittedOrderOnDeal(request: APIRequestContext, label: string) {
  const supplier = await supplierNamed(request, 'Coastline Window Furnishings');
  const source = await draftWithProductsOf(request, supplier.id);
  const { id: quoteId } = await apiWrite(request, 'POST', `/api/deal-quotes/${source.id}/clone`, {
    description: label,
  });
  await apiWrite(request, 'POST', `/api/deal-quotes/${quoteId}/accept`, {
    signature: null,
    acceptWithoutSignature: true,
  });
  const order = await apiWrite(request, 'POST', '/api/deal-quotes/convert', {
    quoteId,
    manufacturerId: supplier.id,
  });
  const detail = await getJson<{ context: { minRequiredDate: string } }>(
    request,
    `/api/purchaseorder/${order.id}`,
  );
  await apiWrite(request, 'POST', `/api/old/quotes/${order.id}/convert`, {
    required_date: detail.context.minRequiredDate,
    shipping_method_id: supplier.shippingMethods[0]!.id,
    shipping_address: '7 Delivery Lane, Newtown NSW 2042',
    shipping_instructions: '',
  });
  const quote = await getJson<QuoteJson>(request, `/api/deal-quotes/${quoteId}`);
  const [supplierOrder] = await getJson<{ id: number }[]>(
    request,
    `/api/purchaseorder/${order.id}/manufacturerorders`,
  );
  return {
    quote,
    order: order as { id: number; tuid: number },
    supplier,
    supplierOrderId: supplierOrder!.id,
  };
}

/** An order's row in the quote's Orders table (a list item on a phone). */
const ordersRow = (page: Page, tuid: number) =>
  page
    .getByTestId('quote-orders')
    .locator('[data-order-id]')
    .filter({ has: page.getByRole('link', { name: `Order #${tuid}` }) });

/** The demo deal whose order has waited 3 working days for the supplier's acknowledgement. */
async function demoDealAwaitingSupplier(request: APIRequestContext) {
  for (const slug of ['residential', 'commercial']) {
    const wf = await getWorkflow(request, slug);
    const { data } = await getJson<{ data: DealJson[] }>(request, `/api/deals?workflowId=${wf.id}&limit=500`);
    const deal = data.find((d) =>
      d.context.alerts.some((a) => a.content === 'Supplier has not acknowledged the order'),
    );
    if (deal) return { deal, slug };
  }
  throw new Error('no demo deal awaiting a supplier');
}

for (const phone of [false, true]) {
  test.describe(`the deal's supplier orders ${phone ? 'on a phone' : 'at 1280 px'}`, () => {
    test.use(
      phone
        ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
        : { viewport: { width: 1280, height: 900 } },
    );
    test.beforeEach(async ({ page }) => {
      await signInViaApi(page.request);
    });

    test('the alert of an order the supplier has not acknowledged, and its status in the Orders table', async ({
      page,
    }) => {
      const { deal, slug } = await demoDealAwaitingSupplier(page.request);
      const waiting = deal.context.supplierOrders.find((o) => o.acknowledgement === '')!;
      const quotes = await getJson<{ id: number; status: string }[]>(
        page.request,
        `/api/deals/${deal.id}/quotes`,
      );
      const accepted = quotes.find((q) => q.status === 'ACCEPTED')!;
      // The deal says so among its alerts…
      await page.goto(`/workflows/${slug}/${deal.id}`);
      await expect(page.getByRole('dialog').getByRole('list', { name: 'Alerts' })).toContainText(
        'Warning: Supplier has not acknowledged the order',
      );
      expect(await settledViolations(page)).toEqual([]);
      // …and its quote's Orders table shows the order unstarted, with no ETA yet.
      await page.goto(`/workflows/${slug}/${deal.id}/quotes/${accepted.id}`);
      const row = ordersRow(page, waiting.orderTuid);
      await expect(row.getByTestId('supplier-status')).toHaveText('Unstarted');
      await expect(row.getByTestId('supplier-eta')).toHaveText('—');
      expect(await settledViolations(page)).toEqual([]);
    });

    test("the supplier's answer shows in the Orders table without a reload", async ({ page }) => {
      test.setTimeout(120_000);
      const made = await submittedOrderOnDeal(page.request, `Supplier status ${phone ? 'phone' : 'desk'}`);
      const { quote } = made;
      await page.goto(`/workflows/${quote.context.workflow.slug}/${quote.dealId}/quotes/${quote.id}`);
      const row = ordersRow(page, made.order.tuid);
      await expect(row.getByTestId('supplier-status')).toHaveText('Unstarted');
      await expect(row.getByTestId('supplier-eta')).toHaveText('—');

      // The supplier answers on its page (the link in the mail): in production, with an ETA.
      const link = await getJson<{ url: string }>(
        page.request,
        `/api/purchaseorder/${made.order.id}/manufacturerorders/${made.supplierOrderId}/link`,
      );
      const linkId = link.url.split('/').pop()!;
      const statuses = await getJson<{ id: number; coreStatus: string }[]>(
        page.request,
        `/api/manufacturer/${made.supplier.id}/order-statuses`,
      );
      const supplierCall = (path: string, data: unknown) =>
        page.request.post(`/api/supplier/v1/orders/${made.supplierOrderId}/${path}`, {
          headers: { authorization: `Bearer ${linkId}` },
          data,
        });
      expect((await supplierCall('acknowledge', { response: 'ACCEPTED' })).status()).toBe(200);
      const update = await supplierCall('update', {
        orderStatusId: statuses.find((s) => s.coreStatus === 'IN_PROGRESS')!.id,
        eta: '2031-03-14',
        freight: '42.50',
      });
      expect(update.status(), await update.text()).toBe(200);
      await expect(row.getByTestId('supplier-status')).toHaveText('In progress', { timeout: 15_000 });
      await expect(row.getByTestId('supplier-eta')).toHaveText('14/03/2031');
      expect(await settledViolations(page)).toEqual([]);
      // §9: the submitted order's freight is now the supplier's.
      await page.goto(`/orders/${made.order.id}`);
      await expect(page.getByTestId('order-freight')).toHaveText('+ $42.50 shipping');
    });
  });
}
