// axe in the browser suite: the helper the accessibility specs call, and the audit that the
// `context` fixture (fixtures.ts) runs after every test on every page it visited.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules. */
export const WCAG21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Violation = { id: string; impact: string; help: string; targets: string[] };

async function blockingViolations(page: Page, tags?: string[]): Promise<Violation[]> {
  // Only violations are read: axe then skips collecting the nodes of passes and of incomplete
  // and inapplicable rules (a fifth of its time here), and reports violations whole as before.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (tags ? builder.withTags(tags) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      // Each node's target; for contrast, also the colours and ratio axe measured there.
      targets: v.nodes.map((n) => {
        const measured = v.id === 'color-contrast' ? n.any[0]?.message : undefined;
        return measured ? `${n.target.join(' ')} [${measured}]` : n.target.join(' ');
      }),
    }));
}

/** A violation as the specs' messages name it: `rule (impact): target, target`. */
const described = (v: Violation) => `${v.id} (${v.impact}): ${v.targets.join(', ')}`;

/** axe's serious and critical violations on the page as it is now: `rule (impact): target, target`. */
export async function seriousViolations(page: Page, tags?: string[]): Promise<string[]> {
  return (await blockingViolations(page, tags)).map(described);
}

/**
 * blockingViolations of a page that held still when asked, looked at again before any is
 * reported: something that began to move while axe ran (a toast fading out on its timer) was
 * measured mid-way, and what a person sees is what is still there once the page holds still again.
 */
async function lastingViolations(page: Page, tags?: string[]): Promise<Violation[]> {
  const found = await blockingViolations(page, tags);
  if (found.length === 0) return found;
  await settle(page);
  return blockingViolations(page, tags);
}

/**
 * seriousViolations once the page holds still (`settle`: no DOM change for 300 ms, finite
 * animations done), so a dialog still fading in is not measured half transparent.
 */
export async function settledViolations(page: Page, tags?: string[]): Promise<string[]> {
  await settle(page);
  return (await lastingViolations(page, tags)).map(described);
}

/**
 * The page a URL shows, for telling pages apart: the path within the app, ids made generic
 * (`/workflows/residential/123` → `/workflows/residential/:id`). Undefined for what is not an app
 * page (another origin, about:blank, the API, /health.json).
 */
export function appRoute(url: string, baseURL: string): string | undefined {
  const u = new URL(url);
  if (u.origin !== new URL(baseURL).origin) return undefined;
  if (u.pathname.startsWith('/api/') || u.pathname === '/health.json') return undefined;
  return u.pathname.replace(/\/(\d+|(?=[\w-]*\d)[\w-]{16,})(?=\/|$)/g, '/:id');
}

/**
 * Waits (briefly) until the page holds still, so axe sees what a person would: no "Loading…"
 * label (the app's pending content; the specs wait on it the same way), no DOM change for 300 ms,
 * no finite animation running (a fading element would be measured half transparent).
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load').catch(() => {});
  await page
    .getByLabel('Loading…')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  await page
    .evaluate(async () => {
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      await new Promise<void>((resolve) => {
        let quiet = setTimeout(done, 300);
        const cap = setTimeout(done, 3_000);
        const observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(done, 300);
        });
        function done() {
          observer.disconnect();
          clearTimeout(quiet);
          clearTimeout(cap);
          resolve();
        }
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      const finite = document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
      await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), sleep(2_000)]);
    })
    .catch(() => {});
}

/**
 * WCAG 2.1 A/AA serious and critical violations on a page of the app as it is now, one line a
 * rule: `rule (impact) on /path: target, target — help`. Nothing for a page that is not an HTML
 * page of the app. One retry when the page navigates while axe runs.
 */
export async function auditPage(page: Page, baseURL: string): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    await settle(page);
    const url = page.url();
    if (!appRoute(url, baseURL)) return [];
    if ((await page.evaluate(() => document.contentType).catch(() => '')) !== 'text/html') return [];
    try {
      const where = new URL(url);
      const violations = await lastingViolations(page, WCAG21_AA);
      if (page.url() !== url) throw new Error('navigated while audited');
      return violations.map(
        (v) =>
          `${v.id} (${v.impact}) on ${where.pathname}${where.search}: ${v.targets.join(', ')} — ${v.help}`,
      );
    } catch (error) {
      if (attempt > 1 || page.url() === url) throw error;
    }
  }
}

/** Records every app page the context's pages show (their main frame), by route, with a URL of it. */
export function trackVisitedRoutes(context: BrowserContext, baseURL: string): Map<string, string> {
  const visited = new Map<string, string>();
  const track = (page: Page) =>
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const route = appRoute(frame.url(), baseURL);
      if (route && !visited.has(route)) visited.set(route, frame.url());
    });
  for (const page of context.pages()) track(page);
  context.on('page', track);
  return visited;
}

/**
 * What a test's final page shows, for telling final states apart: its route and the names of the
 * dialogs open on it (`/orders/:id [Review Order]`). Undefined for what is not an app page.
 */
async function finalState(page: Page, baseURL: string): Promise<string | undefined> {
  const route = appRoute(page.url(), baseURL);
  if (!route) return undefined;
  await page.waitForLoadState('load').catch(() => {});
  const dialogs = await page
    .evaluate(() =>
      Array.from(document.querySelectorAll('[role="dialog"], [role="alertdialog"]'))
        .map(
          (d) =>
            d.getAttribute('aria-label') ??
            document.getElementById(d.getAttribute('aria-labelledby') ?? '')?.textContent ??
            d.querySelector('h1, h2, h3')?.textContent ??
            '?',
        )
        .sort()
        .join(', '),
    )
    .catch(() => undefined);
  // A page that cannot say what it shows is audited every time.
  return dialogs === undefined ? undefined : `${route} [${dialogs}]`;
}

/**
 * The audit after a test: the final state of every page still open in its context (unless this
 * worker audited that route with the same dialogs open), then each other route it visited that no
 * test in this worker has audited yet, opened again in a fresh page
 * of the same context (same session). `audited` (worker-wide) keeps a route to one such visit.
 */
export async function auditContext(
  context: BrowserContext,
  baseURL: string,
  visited: Map<string, string>,
  audited: Set<string>,
): Promise<string[]> {
  const problems: string[] = [];
  const note = async (page: Page) => {
    problems.push(...(await auditPage(page, baseURL)));
    const route = appRoute(page.url(), baseURL);
    if (route) audited.add(route);
  };
  for (const page of context.pages().filter((p) => !p.isClosed())) {
    // A final state this worker has audited already (the same route with the same dialogs open)
    // is not audited again: most tests end where another ended, and each audit costs seconds.
    const state = await finalState(page, baseURL);
    if (state && audited.has(state)) continue;
    await note(page);
    if (state) audited.add(state);
  }
  for (const [route, url] of visited) {
    if (audited.has(route)) continue;
    const page = await context.newPage();
    try {
      const loaded = await page.goto(url).then(
        (res) => res?.ok() ?? false,
        () => false,
      );
      // An app page renders after load: wait until its requests are done (long-lived streams excepted).
      if (loaded) await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => {});
      if (loaded) await note(page);
    } finally {
      audited.add(route);
      await page.close();
    }
  }
  return problems;
}
