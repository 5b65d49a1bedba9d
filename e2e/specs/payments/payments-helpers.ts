import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiWrite, createDealViaApi, expect, getWorkflow } from '../../fixtures';

export const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/screenshots/payments');

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const getJson = async <T>(request: APIRequestContext, url: string): Promise<T> => {
  const res = await request.get(url);
  expect(res.status(), `GET ${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
};

/** A product's first option in every required group (a valid selection), from its detail. */
async function firstOptions(request: APIRequestContext, productId: number): Promise<string[]> {
  const detail = await getJson<{ option_groups: { required: boolean; options: { key: string }[] }[] }>(
    request,
    `/api/old/products/${productId}/detail`,
  );
  return detail.option_groups.filter((g) => g.required).map((g) => g.options[0]!.key);
}

export type AcceptedDeal = {
  dealId: number;
  dealTuid: number;
  quoteId: number;
  quoteTuid: number;
  /** The accepted quote's total and deposit, decimal text. */
  total: string;
  deposit: string;
};

/** A deal of its own with a quote of one awning, accepted (without a signature): it has a balance. */
export async function dealWithAcceptedQuote(request: APIRequestContext, name: string): Promise<AcceptedDeal> {
  const wf = await getWorkflow(request, 'residential');
  const quoting = wf.statuses.find((s) => s.phase === 'Quoting') ?? wf.statuses[0]!;
  const deal = await createDealViaApi(request, wf.id, quoting.id, name);
  const { id } = await apiWrite(request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: `${name} quote`,
  });
  const created = await getJson<{ externalId: number }>(request, `/api/deal-quotes/${id}`);
  const tree = await getJson<{ groups: { groups: { products: { id: number; name: string }[] }[] }[] }>(
    request,
    '/api/products',
  );
  const awning = tree.groups
    .flatMap((g) => g.groups.flatMap((b) => b.products))
    .find((p) => p.name === 'Auto Guide Awning')!;
  const orderId = created.externalId;
  const windows = await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows`, {
    order_windows: [{ order_id: orderId, name: 'Deck' }],
  });
  await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows/${windows.data[0].id}/products`, {
    product_id: awning.id,
    width: 3000,
    height: 2000,
    details: { options: await firstOptions(request, awning.id) },
  });
  await apiWrite(request, 'POST', `/api/deal-quotes/${id}/accept`, { acceptWithoutSignature: true });
  const quote = await getJson<{
    tuid: number;
    context: { pricing: { sellGrandTotalIncTax: string; depositAmount: string } };
  }>(request, `/api/deal-quotes/${id}`);
  return {
    dealId: deal.id,
    dealTuid: deal.tuid,
    quoteId: id,
    quoteTuid: quote.tuid,
    total: quote.context.pricing.sellGrandTotalIncTax,
    deposit: quote.context.pricing.depositAmount,
  };
}

/** '1234.5' → '$1,234.50', as the screens show money. */
export function dollars(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** Adds cents to a decimal text exactly ('100.00' + 1 → '100.01'). */
export function plusCents(amount: string, cents: number): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const total = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2)) + BigInt(cents);
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
}

/** Half of a decimal text, rounded down to the cent. */
export function halfOf(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const cents = (BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2))) / 2n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

/** The dealer's connected card account (card payments need one). */
export async function setCardAccount(request: APIRequestContext, accountId: string) {
  await apiWrite(request, 'PUT', '/api/account-settings/card-payments', { accountId });
}
