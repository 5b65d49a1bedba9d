import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { auditContext, trackVisitedRoutes } from './axe';
import { E2E_DATA_DIR } from './run-env';

export { seriousViolations, settledViolations } from './axe';

export const DEMO = { username: 'demo', password: 'demo1234' } as const;

/** Signs in through the API (not the form): the browser context then carries the session cookie. */
export async function signInViaApi(
  request: APIRequestContext,
  username: string = DEMO.username,
  password: string = DEMO.password,
) {
  const token = await (await request.get('/api/old/auth/generate-token')).json();
  const res = await request.post('/api/old/auth', {
    data: { username, password, master_console: false, remember: false, _token: token },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The newest .eml in the outbox whose text contains `needle` (waits for the job queue to deliver it). */
export async function readOutboxMail(needle: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const f of files) {
      const text = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (text.includes(needle)) return text;
    }
    if (Date.now() > deadline) throw new Error(`no outbox mail containing ${needle}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Names of the .eml files in the outbox now (to tell a new mail from an old one). */
export function outboxFiles(): string[] {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** The reset link of the first mail that arrives after `before` (a list from outboxFiles()) and contains `needle`. */
export async function readNewResetLink(
  needle: string,
  before: string[],
  timeoutMs = 15_000,
): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const seen = new Set(before);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const f of outboxFiles().filter((name) => !seen.has(name))) {
      const text = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const link = text.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
      if (text.includes(needle) && link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no new reset mail containing ${needle}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Sets a user's password through the forgot/reset API (mail read from the outbox). */
export async function resetPasswordViaApi(request: APIRequestContext, email: string, password: string) {
  const before = outboxFiles();
  const token = await (await request.get('/api/old/auth/generate-token')).json();
  const forgot = await request.post('/api/old/auth/forgot-password', { data: { email, _token: token } });
  expect(forgot.status(), await forgot.text()).toBe(200);
  const link = new URL(await readNewResetLink(email, before));
  const fresh = await (await request.get('/api/old/auth/generate-token')).json();
  const res = await request.post('/api/old/auth/reset-password', {
    data: { token: link.searchParams.get('token'), password, confirm_password: password, _token: fresh },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const DEMO_EMAIL = 'dana@harbourblinds.example';

/** A state-changing API call with the session's CSRF token (test setup and clean-up). */
export async function apiWrite(
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const token = await (await request.get('/api/old/auth/generate-token')).json();
  const res = await request.fetch(url, {
    method,
    headers: { 'x-csrf-token': token },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.status() === 204 ? undefined : res.json();
}

/**
 * Every test that opens a browser context ends with an axe audit (WCAG 2.1 A/AA, serious and
 * critical violations fail the test, named by rule, page and target): the final state of each of
 * its pages, and once per worker each other route it visited (e2e/axe.ts). Skipped when the test
 * itself failed.
 */
export const test = base.extend<object, { axeAuditedRoutes: Set<string> }>({
  axeAuditedRoutes: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => use(new Set()),
    { scope: 'worker' },
  ],
  context: [
    async ({ context, baseURL, axeAuditedRoutes }, use, testInfo) => {
      const base = baseURL ?? '';
      const visited = trackVisitedRoutes(context, base);
      await use(context);
      if (testInfo.status !== testInfo.expectedStatus) return;
      const problems = await auditContext(context, base, visited, axeAuditedRoutes);
      expect(problems, 'axe (WCAG 2.1 A/AA): serious or critical violations').toEqual([]);
    },
    { scope: 'test', timeout: 90_000 },
  ],
  // A page the server rendered shows before its code runs: a test acts on it once the app has
  // taken it over (data-taken-over), as a person would once it responds.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await untilTakenOver(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await untilTakenOver(page);
      return response;
    };
    await use(page);
  },
});
export { expect };

/** Resolves once a server-rendered page has been taken over by the app (at once for any other page). */
export async function untilTakenOver(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.getElementById('slat-first-screen') === null ||
      document.documentElement.hasAttribute('data-taken-over'),
  );
}

// ——— deals ———

export type BoardWorkflow = {
  id: number;
  slug: string;
  name: string;
  statuses: { id: number; slug: string; name: string; phase: string }[];
  flags: { id: number; slug: string; name: string; values: { id: number; slug: string; label: string }[] }[];
};

export async function getWorkflow(request: APIRequestContext, slug: string): Promise<BoardWorkflow> {
  const list = (await (await request.get('/api/workflows')).json()) as BoardWorkflow[];
  const workflow = list.find((w) => w.slug === slug);
  if (!workflow) throw new Error(`no workflow ${slug}`);
  return workflow;
}

export type DealRow = { id: number; tuid: number; name: string; statusId: number; sortOrder: string };

/** The deals at the top of one board column (as the kanban loads it). */
export async function columnDeals(
  request: APIRequestContext,
  workflowId: number,
  statusId: number,
  limit = 5,
): Promise<DealRow[]> {
  const res = await request.get(`/api/deals?workflowId=${workflowId}&statusId=${statusId}&limit=${limit}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: DealRow[] }).data;
}

/** The demo's draft quotes (not archived) on the residential board, deal by deal: a test takes what it needs. */
export async function* residentialDraftQuotes(
  request: APIRequestContext,
): AsyncGenerator<{ id: number; dealId: number }> {
  const workflow = await getWorkflow(request, 'residential');
  const res = await request.get(`/api/deals?workflowId=${workflow.id}&limit=500`);
  for (const deal of ((await res.json()) as { data: { id: number }[] }).data) {
    const quotes = (await (await request.get(`/api/deals/${deal.id}/quotes`)).json()) as {
      id: number;
      status: string;
      isArchived: boolean;
    }[];
    for (const q of quotes) if (q.status === 'DRAFT' && !q.isArchived) yield { id: q.id, dealId: deal.id };
  }
}

/** A fresh deal at the top of a column (its own data: tests do not share cards). */
export async function createDealViaApi(
  request: APIRequestContext,
  workflowId: number,
  statusId: number,
  name: string,
): Promise<DealRow> {
  return apiWrite(request, 'POST', '/api/deals', { workflowId, statusId, name, description: 'e2e deal' });
}

/**
 * Drags a board card with the mouse, as a person does: grab its lower part (not the link),
 * travel in steps so the pointer sensor activates, and drop over `target`.
 */
export async function dragCard(page: Page, card: Locator, target: Locator, targetOffsetY = 30) {
  await card.scrollIntoViewIfNeeded();
  const from = await card.boundingBox();
  if (!from) throw new Error('card not visible');
  const x = from.x + from.width / 2;
  const y = from.y + from.height - 8;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 8, y + 8, { steps: 4 });
  const to = await target.boundingBox();
  if (!to) throw new Error('target not visible');
  await page.mouse.move(to.x + to.width / 2, to.y + targetOffsetY, { steps: 12 });
  await page.mouse.move(to.x + to.width / 2, to.y + targetOffsetY + 2, { steps: 2 });
  await page.mouse.up();
}
