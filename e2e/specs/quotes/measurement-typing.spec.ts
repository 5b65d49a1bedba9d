// Sizes, quantities and money typed the way people type them (keyboard, pasted text, decimal
// points, minus signs): each is kept as typed and taken, or refused with an inline reason and not
// saved — never silently changed. The unit switch converts the size (1200 mm → 47 1/4"), and a
// product whose catalog measures in inches opens in inches.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiWrite, createDealViaApi, expect, getWorkflow, signInViaApi, test } from '../../fixtures';

type Quote = { slug: string; dealId: number; quoteId: number; orderId: number };
type LineJson = {
  id: number;
  quantity: number;
  dimensions: {
    width: { value: string; unit: string } | null;
    height: { value: string; unit: string } | null;
  };
};

/** A demo deal in Quoting with a new, empty DRAFT quote of its own. */
async function newQuote(request: APIRequestContext, name: string): Promise<Quote> {
  const wf = await getWorkflow(request, 'residential');
  const status = wf.statuses.find((s) => s.phase === 'Quoting') ?? wf.statuses[0]!;
  const deal = await createDealViaApi(request, wf.id, status.id, name);
  const { id: quoteId } = (await apiWrite(request, 'POST', `/api/deals/${deal.id}/quotes/legacy/add`, {
    description: name,
  })) as { id: number };
  const quote = (await (await request.get(`/api/deal-quotes/${quoteId}`)).json()) as { externalId: number };
  return { slug: wf.slug, dealId: deal.id, quoteId, orderId: quote.externalId };
}

async function quoteJson(request: APIRequestContext, q: Quote) {
  const res = await request.get(`/api/deal-quotes/${q.quoteId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    context: { orderLines: LineJson[]; pricing: { adjustments: unknown[] } };
  };
}

const quotePath = (q: Quote) => `/workflows/${q.slug}/${q.dealId}/quotes/${q.quoteId}`;

/** The Add product screen with `product` chosen through the tree's search. */
async function addScreen(page: Page, q: Quote, product: string): Promise<Locator> {
  await page.goto(`${quotePath(q)}/products/new`);
  const add = page.getByRole('dialog', { name: 'Add product' });
  await add.getByRole('searchbox', { name: 'Search products' }).fill(product);
  await add
    .getByRole('button', { name: new RegExp(`^${product.replace(/[()]/g, '\\$&')}`) })
    .first()
    .click();
  await expect(add.getByText(product, { exact: true }).first()).toBeVisible();
  return add;
}

/** Clears a field and types into it key by key. */
async function typeInto(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Backspace');
  await field.pressSequentially(text);
}

/** The inline message under a field (its aria-describedby error). */
const messageOf = (field: Locator) =>
  field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page.request);
});

test('a mm size typed as 1200.5, 1e3 or -500 stays as typed with its reason, and nothing is saved', async ({
  page,
}) => {
  const q = await newQuote(page.request, 'Typing sizes');
  const add = await addScreen(page, q, 'Roller Blind — Blockout');
  await expect(add.getByRole('radio', { name: 'mm' })).toBeChecked();
  const width = add.getByRole('textbox', { name: 'Width' });
  const height = add.getByRole('textbox', { name: 'Height' });
  await typeInto(height, '1500');

  const cases: [string, string][] = [
    ['1200.5', 'Millimetres are whole numbers: 1200.5 has a decimal point'],
    ['1e3', 'Type the number in full: 1e3 is exponent notation'],
    ['-500', 'Width cannot be negative: -500 has a minus sign'],
  ];
  for (const [typed, message] of cases) {
    await typeInto(width, typed);
    await expect(width).toHaveValue(typed);
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText(message)).toBeVisible();
    await expect.poll(() => messageOf(width)).toBe(message);
    await expect(width).toHaveValue(typed);
  }
  await expect(page).toHaveURL(/\/products\/new$/);
  expect((await quoteJson(page.request, q)).context.orderLines).toEqual([]);
});

test('a quantity of 0 or -3 stays as typed and says it must be at least 1; a pasted " 1200 " is saved as 1200', async ({
  page,
}) => {
  const q = await newQuote(page.request, 'Typing quantity');
  const add = await addScreen(page, q, 'Roller Blind — Blockout');
  const width = add.getByRole('textbox', { name: 'Width' });
  const quantity = add.getByRole('textbox', { name: 'Quantity' });
  // pasted with spaces around it
  await width.click();
  await page.keyboard.insertText(' 1200 ');
  await typeInto(add.getByRole('textbox', { name: 'Height' }), '1500');

  for (const typed of ['0', '-3']) {
    await typeInto(quantity, typed);
    await quantity.press('Tab');
    await expect(quantity).toHaveValue(typed);
    await expect.poll(() => messageOf(quantity)).toBe('Quantity must be at least 1');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(quantity).toHaveValue(typed);
    await expect(page).toHaveURL(/\/products\/new$/);
  }
  expect((await quoteJson(page.request, q)).context.orderLines).toEqual([]);

  await typeInto(quantity, '3');
  await expect.poll(() => messageOf(quantity)).toBe('');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/products\/\d+$/);
  const [line] = (await quoteJson(page.request, q)).context.orderLines;
  expect(line).toMatchObject({ quantity: 3, dimensions: { width: { value: '1200', unit: 'mm' } } });
});

test('a size outside the catalog’s limits names the allowed range under the field', async ({ page }) => {
  const q = await newQuote(page.request, 'Typing range');
  const add = await addScreen(page, q, 'Roller Blind — Blockout');
  const width = add.getByRole('textbox', { name: 'Width' });
  await typeInto(width, '3500');
  await expect.poll(() => messageOf(width)).toBe('Width must be between 300 and 3000 mm');
  await typeInto(width, '2400');
  await expect.poll(() => messageOf(width)).toBe('');
});

test('mm → in converts 1200 mm to 47 1/4" and back; an inch catalog’s product opens in inches', async ({
  page,
}) => {
  const q = await newQuote(page.request, 'Typing units');
  const add = await addScreen(page, q, 'Roller Blind — Blockout');
  const width = add.getByRole('textbox', { name: 'Width' });
  await typeInto(width, '1200');
  await add.getByText('in', { exact: true }).first().click();
  await expect(add.getByRole('radio', { name: 'in', exact: true })).toBeChecked();
  await expect(width).toHaveValue('47');
  const fraction = add.getByRole('combobox', { name: 'Width fraction of an inch' });
  await expect(fraction.locator('option:checked')).toHaveText('1/4');
  await add.getByText('mm', { exact: true }).first().click();
  await expect(width).toHaveValue('1200');

  // Heritage Imperial's catalog measures in inches, quarters only: the product opens in inches
  const heritage = await addScreen(page, q, 'Heritage Roller Blind (imperial)');
  await expect(heritage.getByRole('radio', { name: 'in', exact: true })).toBeChecked();
  const inches = heritage.getByRole('textbox', { name: 'Width' });
  await typeInto(inches, '100');
  await expect.poll(() => messageOf(inches)).toBe('Width must be between 12 and 96"');
});

test('an adjustment amount typed as abc stays and says what an amount looks like; nothing is saved', async ({
  page,
}) => {
  const q = await newQuote(page.request, 'Typing money');
  await page.goto(quotePath(q));
  const pricing = page.getByTestId('quote-pricing');
  await pricing.getByRole('button', { name: 'Add adjustment' }).click();
  const adjustment = page.getByRole('dialog', { name: 'Add adjustment' });
  await adjustment.getByRole('textbox', { name: 'Name' }).pressSequentially('Delivery');
  const amount = adjustment.getByRole('textbox', { name: /^Amount/ });
  await amount.pressSequentially('abc');
  await adjustment.getByRole('button', { name: 'Add', exact: true }).click();
  await expect.poll(() => messageOf(amount)).toContain('Enter an amount like 25 or -10.50');
  await expect(amount).toHaveValue('abc');
  await expect(adjustment).toBeVisible();
  expect((await quoteJson(page.request, q)).context.pricing.adjustments).toEqual([]);
  // a discount typed with its minus is taken
  await typeInto(amount, '-10.50');
  await adjustment.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(adjustment).toBeHidden();
  await expect
    .poll(async () => (await quoteJson(page.request, q)).context.pricing.adjustments)
    .toEqual([expect.objectContaining({ label: 'Delivery', isSystem: false })]);
});
