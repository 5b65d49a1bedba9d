// Shared by the purchase-order specs: the demo's suppliers and quotes read through the API.
import type { APIRequestContext } from '@playwright/test';
import { expect, getWorkflow } from '../../fixtures';

export type Supplier = {
  id: number;
  name: string;
  offlineOnly: boolean;
  isInternal: boolean;
  shippingMethods: { id: number }[];
};
export type QuoteJson = {
  id: number;
  dealId: number;
  status: 'DRAFT' | 'ACCEPTED';
  isArchived: boolean;
  context: {
    workflow: { slug: string };
    orderLineCount: number;
    errorLineCount: number;
    orderLines: { manufacturerId: number }[];
    pendingUpdates: { hasPendingUpdates: boolean };
  };
};

export const getJson = async <T>(request: APIRequestContext, url: string): Promise<T> => {
  const res = await request.get(url);
  expect(res.status(), `GET ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
};

export async function supplierNamed(request: APIRequestContext, name: string): Promise<Supplier> {
  const { data } = await getJson<{ data: Supplier[] }>(request, '/api/purchaseorder/suppliers');
  const supplier = data.find((s) => s.name === name);
  if (!supplier) throw new Error(`no supplier ${name}`);
  return supplier;
}

/** A demo draft with products of the supplier, none with errors or pending updates. */
export async function draftWithProductsOf(
  request: APIRequestContext,
  supplierId: number,
): Promise<QuoteJson> {
  for (const slug of ['residential', 'commercial']) {
    const wf = await getWorkflow(request, slug);
    const deals = await getJson<{ data: { id: number }[] }>(
      request,
      `/api/deals?workflowId=${wf.id}&limit=500`,
    );
    for (const deal of deals.data) {
      for (const listed of await getJson<QuoteJson[]>(request, `/api/deals/${deal.id}/quotes`)) {
        if (listed.status !== 'DRAFT' || listed.isArchived) continue;
        const quote = await getJson<QuoteJson>(request, `/api/deal-quotes/${listed.id}`);
        if (
          quote.context.errorLineCount === 0 &&
          !quote.context.pendingUpdates.hasPendingUpdates &&
          quote.context.orderLines.some((line) => line.manufacturerId === supplierId)
        )
          return quote;
      }
    }
  }
  throw new Error(`no demo draft with products of supplier ${supplierId}`);
}
