// The override total once the lines change under it (DESIGN §5): a 10 % override set through the
// percentage-discount dialog, a line added (Duplicate window), the note beside the total saying
// what the override came to then and now, Re-apply 10 % making the total R(new total × 0.9); the
// Override taxables hint for both choices; INCLUSIVE line cards showing sell prices with tax,
// one line's card equal to the quote's lines total. Each test prices a quote of its own, on a
// deal of its own, with one line copied from a demo quote.
//
// SLAT_SCREENSHOTS=1 also writes docs/screenshots/pricing/override-dialog-1280.png and
// override-drift-{1280,375}.png.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiWrite,
  createDealViaApi,
  expect,
  getWorkflow,
  settledViolations,
  signInViaApi,
  test,
} from '../../fixtures';

const SHOOT = process.env.SLAT_SCREENSHOTS === '1';
const SHOTS = path.resolve(import.meta.dirname, '../../../docs/screenshots/pricing');

type Drift = {
  discountPercentThen: string;
  discountPercentNow: string;
  totalWithoutOverrideThen: string;
  totalWithoutOverrideNow: string;
  reapplyTotal: string;
};
type Line = {
  quantity: number;
  sellPrice: string | null;
  isTaxable: boolean;
  dimensions: {
    width: { value: string; unit: string } | null;
    height: { value: string; unit: string } | null;
  };
  context: {
    errors: unknown[];
    product: { id: number };
    configuration: { optionGroups: { options: { value: string }[] }[] };
  };
};
type QuoteJson = {
  id: number;
  tuid: number;
  externalId: number;
  lastUpdatedAt: string;
  totalSellPriceOverride: string | null;
  config: { taxMode: 'INCLUSIVE' | 'EXCLUSIVE'; taxPercentage: string };
  context: {
    orderLines: Line[];
    pricing: {
      sellTotalOrderLinesIncTax: string;
      sellGrandTotalIncTax: string;
      adjustments: { taxType: string; isSystem: boolean }[];
      overrideDrift?: Drift | null;
    };
  };
};

const readQuote = async (request: APIRequestContext, id: number): Promise<QuoteJson> => {
  const res = await request.get(`/api/deal-quotes/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as QuoteJson;
};

/** '1234.5' → '$1,234.50': how the page writes an API amount. */
function money(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** R(total × (1 − p/100)) for whole percentages, in integer cents (no float): '268.99', 10 → '242.09'. */
function discounted(total: string, percent: number): string {
  const cents = BigInt(total.replace('.', ''));
  const rounded = (cents * BigInt(100 - percent) + 50n) / 100n;
  return `${rounded / 100n}.${(rounded % 100n).toString().padStart(2, '0')}`;
}

/** '10.00' → '10', '55.45' stays: a percentage as the note writes it. */
const percentText = (value: string) => value.replace(/\.?0+$/, '');

/** A metric line without errors, taxable, from a demo quote: product, size, quantity and options. */
async function demoLine(request: APIRequestContext): Promise<Line> {
  for (const slug of ['residential', 'commercial']) {
    const wf = await getWorkflow(request, slug);
    for (const status of wf.statuses.filter((s) => s.phase === 'Quoting')) {
      const res = await request.get(`/api/deals?workflowId=${wf.id}&statusId=${status.id}&limit=20`);
      for (const deal of ((await res.json()) as { data: { id: number }[] }).data) {
        const quotes = (await (await request.get(`/api/deals/${deal.id}/quotes`)).json()) as {
          id: number;
          isReadOnly: boolean;
        }[];
        for (const q of quotes.filter((x) => !x.isReadOnly)) {
          const line = (await readQuote(request, q.id)).context.orderLines.find(
            (l) =>
              l.context.errors.length === 0 &&
              l.sellPrice !== null &&
              l.isTaxable &&
              l.dimensions.width?.unit === 'mm',
          );
          if (line) return line;
        }
      }
    }
  }
  throw new Error('no demo quote with a taxable metric line without errors');
}

/** A deal of its own with a DRAFT quote (the dealer's tax mode) holding one line in one window. */
async function oneLineQuote(request: APIRequestContext, name: string) {
  const line = await demoLine(request);
  const wf = await getWorkflow(request, 'residential');
  const status = wf.statuses.find((s) => s.phase === 'Quoting')!;
  const deal = await createDealViaApi(request, wf.id, status.id, name);
  const { id } = (await apiWrite(request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: name,
  })) as { id: number };
  const quote = await readQuote(request, id);
  const orderId = quote.externalId;
  const windows = (await apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows`, {
    order_windows: [{ order_id: orderId, name: 'House/Lounge/Bay' }],
  })) as { data: { id: number }[] };
  // the line, and again (a line added later)
  const addLine = () =>
    apiWrite(request, 'POST', `/api/old/quotes/${orderId}/windows/${windows.data[0]!.id}/products`, {
      product_id: line.context.product.id,
      width: Number(line.dimensions.width!.value),
      height: Number(line.dimensions.height!.value),
      unit: 'mm',
      quantity: line.quantity,
      details: {
        options: line.context.configuration.optionGroups.flatMap((g) => g.options.map((o) => o.value)),
      },
    });
  await addLine();
  return { id, tuid: quote.tuid, orderId, addLine, url: `/workflows/residential/${deal.id}/quotes/${id}` };
}

async function openQuote(page: Page, q: { tuid: number; url: string }) {
  await page.goto(q.url);
  const dialog = page.getByRole('dialog', { name: `Quote #${q.tuid}` });
  const pricing = dialog.getByTestId('quote-pricing');
  await expect(pricing).toBeVisible();
  return { dialog, pricing };
}

/** axe on the page as it is, and with SLAT_SCREENSHOTS=1 its picture. */
async function shoot(page: Page, name: string) {
  const toasts = page.locator('.mantine-Notification-root');
  for (const close of await toasts.getByRole('button', { name: 'Close' }).all()) await close.click();
  await expect(toasts).toHaveCount(0);
  expect(await settledViolations(page), `axe: ${name}`).toEqual([]);
  if (!SHOOT) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`),
    animations: 'disabled',
  });
}

test.use({ timezoneId: 'UTC' });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a 10 % override, a line added, the note with the discount then and now, Re-apply 10 %', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const q = await oneLineQuote(page.request, 'Override drift');
    const { dialog, pricing } = await openQuote(page, q);
    const start = await readQuote(page.request, q.id);
    const line = start.context.orderLines[0]!;
    const card = dialog.getByTestId('quote-line');
    // prices include tax: the card shows the line with tax, the very figure of the lines total
    if (start.config.taxMode === 'INCLUSIVE') {
      await expect(card).toContainText('Sell (inc. tax)');
      await expect(card.getByTestId('line-sell')).toHaveText(
        money(start.context.pricing.sellTotalOrderLinesIncTax),
      );
      await expect(pricing.getByTestId('pricing-lines-amount')).toHaveText(
        money(start.context.pricing.sellTotalOrderLinesIncTax),
      );
      expect(line.sellPrice).not.toBe(start.context.pricing.sellTotalOrderLinesIncTax);
    } else {
      await expect(card.getByTestId('line-sell')).toHaveText(money(line.sellPrice!));
    }

    // 10 % through the percentage-discount dialog, typed
    const total = start.context.pricing.sellGrandTotalIncTax;
    await pricing.getByRole('button', { name: 'Override total…' }).click();
    const override = page.getByRole('dialog', { name: 'Override total' });
    const taxables = override.getByRole('checkbox', { name: /Override taxables/ });
    await expect(override).toContainText('the difference carries no tax');
    await taxables.check();
    await expect(override).toContainText('the difference is taxable');
    await override.getByRole('button', { name: 'Discount %' }).click();
    const discount = page.getByRole('dialog', { name: 'Percentage discount' });
    await discount.getByRole('textbox', { name: /^Discount percentage/ }).pressSequentially('10');
    await expect(discount.getByTestId('discount-result')).toHaveText(
      `${money(total)} less 10% is ${money(discounted(total, 10))}`,
    );
    await discount.getByRole('button', { name: 'Apply' }).click();
    await expect(discount).toBeHidden();
    await override.getByRole('textbox', { name: 'Notes' }).pressSequentially('Ten off, agreed');
    await shoot(page, 'override-dialog');
    await override.getByRole('button', { name: 'Save' }).click();
    await expect(override).toBeHidden();
    await expect(pricing.getByTestId('pricing-total-inc-amount')).toHaveText(money(discounted(total, 10)));
    await expect(pricing.getByTestId('pricing-override-drift')).toHaveCount(0);

    // a line added under the override: the window duplicated
    await dialog.getByRole('button', { name: /^Actions for window/ }).click();
    await page.getByRole('menuitem', { name: 'Duplicate window' }).click();
    await expect(dialog.getByTestId('quote-line')).toHaveCount(2);
    const note = pricing.getByTestId('pricing-override-drift');
    await expect(note).toBeVisible();
    const drifted = await readQuote(page.request, q.id);
    const drift = drifted.context.pricing.overrideDrift!;
    expect(drift.discountPercentThen).toBe('10.00');
    expect(drift.totalWithoutOverrideThen).toBe(total);
    // the same line twice: the total without the override is the lines total of both
    expect(drift.totalWithoutOverrideNow).toBe(drifted.context.pricing.sellTotalOrderLinesIncTax);
    await expect(note).toContainText(
      `Override set at 10 % off; the lines changed, it is now ${percentText(drift.discountPercentNow)} % off`,
    );
    // the total stays what the dealer set
    await expect(pricing.getByTestId('pricing-total-inc-amount')).toHaveText(money(discounted(total, 10)));
    await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(page, 'override-drift');

    // Re-apply 10 %: R(new total × 0.9), the tax choice and the notes kept
    await note.getByRole('button', { name: 'Re-apply 10 %' }).click();
    await expect(note).toHaveCount(0);
    const reapplied = await readQuote(page.request, q.id);
    expect(reapplied.totalSellPriceOverride).toBe(discounted(drift.totalWithoutOverrideNow, 10));
    expect(reapplied.context.pricing.adjustments.find((a) => a.isSystem)?.taxType).toBe('STANDARD');
    expect(reapplied.context.pricing.overrideDrift).toBeNull();
    await expect(pricing.getByTestId('pricing-override')).toContainText(
      `The total is overridden to ${money(discounted(drift.totalWithoutOverrideNow, 10))}`,
    );
    await pricing.getByRole('button', { name: 'Override total…' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Override total' }).getByRole('textbox', { name: 'Notes' }),
    ).toHaveValue('Ten off, agreed');
  });
});

test.describe('at 375 px (phone)', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the note on a phone, and Re-apply 10 % tapped', async ({ page }) => {
    test.setTimeout(120_000);
    const q = await oneLineQuote(page.request, 'Override drift phone');
    const start = await readQuote(page.request, q.id);
    const total = start.context.pricing.sellGrandTotalIncTax;
    await apiWrite(page.request, 'POST', `/api/old/quotes/${q.orderId}/manage-prices/apply-override-total`, {
      override_total: discounted(total, 10),
      override_taxables: false,
    });
    // a line added after the override (the 1280 px test adds one through the window's menu)
    await q.addLine();
    const { pricing } = await openQuote(page, q);
    const note = pricing.getByTestId('pricing-override-drift');
    await expect(note).toContainText('Override set at 10 % off; the lines changed, it is now');
    await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shoot(page, 'override-drift');
    await note.getByRole('button', { name: 'Re-apply 10 %' }).tap();
    await expect(note).toHaveCount(0);
    const reapplied = await readQuote(page.request, q.id);
    expect(reapplied.totalSellPriceOverride).toBe(
      discounted(reapplied.context.pricing.sellTotalOrderLinesIncTax, 10),
    );
    expect(reapplied.context.pricing.adjustments.find((a) => a.isSystem)?.taxType).toBe('NONE');
  });
});
