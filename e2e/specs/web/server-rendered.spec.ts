// The board, a deal and a quote come rendered by the server (decision 039): a phone shows them
// before their code has run, and the app then renders the same page over them (decision 041) and
// they work as before.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  apiWrite,
  createDealViaApi,
  expect,
  getWorkflow,
  residentialDraftQuotes,
  signInViaApi,
  test,
  untilTakenOver,
} from '../../fixtures';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

type Quote = { id: number; tuid: number; dealId: number; status: string; isArchived: boolean };

/** A copy of a demo draft quote with lines, on its deal (tests change their own). */
async function dealWithQuote(request: APIRequestContext, name: string) {
  const wf = await getWorkflow(request, 'residential');
  for await (const draft of residentialDraftQuotes(request)) {
    const copy = (await apiWrite(request, 'POST', `/api/deal-quotes/${draft.id}/clone`, {
      description: name,
    })) as { id: number };
    const quote = (await (await request.get(`/api/deal-quotes/${copy.id}`)).json()) as Quote;
    const deal = (await (await request.get(`/api/deals/${quote.dealId}`)).json()) as { name: string };
    return { wf, quote, dealName: deal.name };
  }
  throw new Error('no demo draft quote');
}

/** Console errors of a page. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

for (const [label, device] of [
  ['a phone', PHONE],
  ['a desktop', DESKTOP],
] as const) {
  test.describe(`server-rendered pages on ${label}`, () => {
    test('the board, a deal and a quote show before their code runs', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ ...device, baseURL, javaScriptEnabled: false });
      await signInViaApi(context.request);
      const wf = await getWorkflow(context.request, 'residential');
      const deal = await createDealViaApi(
        context.request,
        wf.id,
        wf.statuses[0]!.id,
        `Rendered board ${label}`,
      );
      const { quote } = await dealWithQuote(context.request, `Rendered quote ${label}`);
      const page = await context.newPage();

      await page.goto(`/workflows/${wf.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: wf.name })).toBeVisible();
      // the first column's cards are in the page (a phone's screen shows that column)
      await expect(page.getByText(`Rendered board ${label}`)).toBeVisible();

      await page.goto(`/workflows/${wf.slug}/${deal.id}`);
      await expect(page.getByRole('dialog').getByText(`Deal #${deal.tuid}`, { exact: false })).toBeVisible();

      await page.goto(`/workflows/${wf.slug}/${quote.dealId}/quotes/${quote.id}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText(`Quote #${quote.tuid}`).first()).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();
      await expect(dialog.getByText(/Sell/).first()).toBeVisible();
      await context.close();
    });

    test('the app takes them over as the server drew them, and they work', async ({ browser, baseURL }) => {
      const context = await browser.newContext({ ...device, baseURL });
      await signInViaApi(context.request);
      const { wf, quote, dealName } = await dealWithQuote(context.request, `Taken over ${label}`);
      const quoteUrl = `/workflows/${wf.slug}/${quote.dealId}/quotes/${quote.id}`;
      // what the server drew, as a browser without the code shows it
      const codeless = await browser.newContext({
        ...device,
        baseURL,
        javaScriptEnabled: false,
        storageState: await context.storageState(),
      });
      const drawn = await codeless.newPage();
      await drawn.goto(`/workflows/${wf.slug}/${quote.dealId}`);
      const serverDeal = await drawn.getByRole('dialog').innerText();
      await drawn.goto(quoteUrl);
      const serverQuote = await drawn.getByRole('dialog').innerText();
      await codeless.close();
      const page = await context.newPage();
      const errors = consoleErrors(page);

      await page.goto(`/workflows/${wf.slug}`);
      await expect(page.locator('html')).toHaveAttribute('data-taken-over', '');
      await expect(page.getByRole('heading', { level: 1, name: wf.name })).toBeVisible();
      await page.goto(`/workflows/${wf.slug}/${quote.dealId}`);
      await untilTakenOver(page);
      expect(await page.getByRole('dialog').innerText()).toBe(serverDeal);
      await page.goto(quoteUrl);
      await untilTakenOver(page);
      // the app's page says what the server's said, word for word
      expect(await page.getByRole('dialog', { name: `Quote #${quote.tuid}` }).innerText()).toBe(serverQuote);
      // a mark on this document: still there after the close, so the close was the app's navigation
      await page.evaluate(() => {
        (window as unknown as { sameDocument: boolean }).sameDocument = true;
      });
      const modal = page.getByRole('dialog', { name: `Quote #${quote.tuid}` });
      await modal.getByRole('button', { name: 'Accept', exact: true }).click();
      // the accept dialog opens: the button is React's now, not the server's inert HTML
      const accept = page.getByRole('dialog', { name: `Accept quote #${quote.tuid}` });
      await expect(accept).toBeVisible();
      await page.keyboard.press('Escape'); // one Escape closes the top dialog only
      await expect(accept).toBeHidden();
      await expect(modal).toBeVisible();
      // closing the quote goes to its deal, rendered by the app over the board
      await modal.getByRole('button', { name: 'Close quote' }).click();
      await expect(page).toHaveURL(new RegExp(`/workflows/${wf.slug}/${quote.dealId}$`));
      await expect(page.getByRole('dialog').getByText(dealName).first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
        true,
      );
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
