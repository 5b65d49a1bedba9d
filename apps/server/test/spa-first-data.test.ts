import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  boardColumnFirstPagePath,
  FIRST_DATA_ELEMENT_ID,
  type FirstData,
  WEB_CONFIG_ELEMENT_ID,
  type Workflow,
} from '@slat/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';
import { jsonBlock } from './html-blocks';

// A signed-in browser's SPA document carries the answers of POST /old/auth/me and GET /workflows,
// and on a board's address the preload links of its columns' first pages (spa-first-data.ts).
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-web-dist-'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Slat</title></head><body><script src="/assets/spa.js"></script></body></html>',
  );
  // a build manifest in small: the entry, and the route modules with one shared import
  await fs.mkdir(path.join(webDist, '.vite'));
  const routeModule = (name: string) => ({ file: `assets/${name}-1.js`, imports: ['_dnd.js', 'index.html'] });
  await fs.writeFile(
    path.join(webDist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/spa.js', isEntry: true },
      '_dnd.js': { file: 'assets/dnd-1.js' },
      'src/features/shell/components/app-shell-layout.tsx': routeModule('app-shell-layout'),
      'src/features/deals/routes/deal-pages.tsx': routeModule('deal-pages'),
      'src/features/deals/routes/deal-page.tsx': routeModule('deal-page'),
      'src/features/quotes/routes/quote-pages.tsx': routeModule('quote-pages'),
      'src/features/dashboard/routes/dashboard-page.tsx': routeModule('dashboard-page'),
    }),
  );
  t = await createTestApp({ webDist });
});

afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

const modulePreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map((m) =>
    (m[1] ?? '').replace(/&amp;/g, '&'),
  );

describe('the SPA document of a signed-in browser', () => {
  it('carries the answers of the profile and workflows calls, and is stored by no one', async () => {
    const client = await signedInClient(t);
    const res = await client.get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(String(res.headers.vary)).toContain('cookie');
    expect(res.body).toContain('/assets/spa.js');
    const me = (await client.post('/api/old/auth/me')).json();
    const workflows = (await client.get('/api/workflows')).json<Workflow[]>();
    expect(workflows.length).toBeGreaterThan(0);
    expect(jsonBlock(res.body, FIRST_DATA_ELEMENT_ID)).toEqual({ me, workflows });
    // the runtime settings block is still there
    expect(jsonBlock(res.body, WEB_CONFIG_ELEMENT_ID)).toBeDefined();
    // no board, no column preloads; the dashboard's route chunks
    expect(preloads(res.body)).toEqual([]);
    expect(modulePreloads(res.body)).toEqual([
      '/assets/app-shell-layout-1.js',
      '/assets/dnd-1.js',
      '/assets/dashboard-page-1.js',
    ]);
  });

  it("preloads a board's column first pages (board, deal and quote addresses), and each is what the list call answers", async () => {
    const client = await signedInClient(t);
    const [workflow] = (await client.get('/api/workflows')).json<Workflow[]>();
    if (!workflow) throw new Error('a new dealer has workflows');
    const expected = workflow.statuses.map((s) => boardColumnFirstPagePath(workflow.id, s.id));
    expect(expected.length).toBeGreaterThan(1);
    for (const url of [
      `/workflows/${workflow.slug}`,
      `/workflows/${workflow.slug}/`,
      `/workflows/${workflow.slug}/12`,
      `/workflows/${workflow.slug}/12/quotes/3`,
    ]) {
      const res = await client.get(url);
      expect(preloads(res.body), url).toEqual(expected);
      expect(modulePreloads(res.body).slice(0, 3), url).toEqual([
        '/assets/app-shell-layout-1.js',
        '/assets/dnd-1.js',
        '/assets/deal-pages-1.js',
      ]);
    }
    expect(modulePreloads((await client.get(`/workflows/${workflow.slug}/12/quotes/3`)).body)).toContain(
      '/assets/quote-pages-1.js',
    );
    expect(modulePreloads((await client.get('/contacts')).body)).toEqual([]);
    for (const href of expected) {
      const res = await client.get(href);
      expect(res.statusCode, href).toBe(200);
      expect(res.json(), href).toHaveProperty('data');
    }
  });

  it('preloads no columns for a filtered board or an unknown workflow', async () => {
    const client = await signedInClient(t);
    const [workflow] = (await client.get('/api/workflows')).json<Workflow[]>();
    for (const url of [`/workflows/${workflow?.slug}?search=smith`, '/workflows/no-such-board']) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(jsonBlock(res.body, FIRST_DATA_ELEMENT_ID), url).toBeDefined();
      expect(preloads(res.body), url).toEqual([]);
    }
  });

  it('gives each dealer only its own data, escaped so a name cannot end the script tag', async () => {
    const dealer = await createDealer(t.db);
    await t.db
      .update(users)
      .set({ firstName: 'Eve</script><script>alert(1)</script>' })
      .where(eq(users.id, dealer.userId));
    const client = await signedInClient(t, dealer);
    const other = await signedInClient(t);
    const res = await client.get('/contacts');
    expect(res.body).not.toContain('</script><script>alert(1)');
    const first = jsonBlock(res.body, FIRST_DATA_ELEMENT_ID) as FirstData;
    expect(first.me.user.first_name).toBe('Eve</script><script>alert(1)</script>');
    const otherFirst = jsonBlock((await other.get('/contacts')).body, FIRST_DATA_ELEMENT_ID) as FirstData;
    expect(otherFirst.me.company.account_id).not.toBe(first.me.company.account_id);
    expect(otherFirst.workflows.map((w) => w.id)).not.toEqual(
      expect.arrayContaining(first.workflows.map((w) => w.id)),
    );
  });

  it('is the plain, shared page without a session, with a session that ended, or for HEAD', async () => {
    const anonymous = await new TestClient(t.app).get('/workflows/residential');
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(jsonBlock(anonymous.body, FIRST_DATA_ELEMENT_ID)).toBeUndefined();
    expect(preloads(anonymous.body)).toEqual([]);
    expect(modulePreloads(anonymous.body)).toEqual([]);

    const client = await signedInClient(t);
    const cookie = client.cookie;
    await client.post('/api/old/auth/logout');
    client.cookie = cookie;
    const ended = await client.get('/dashboard');
    expect(ended.statusCode).toBe(200);
    expect(jsonBlock(ended.body, FIRST_DATA_ELEMENT_ID)).toBeUndefined();

    const forged = new TestClient(t.app);
    forged.cookie = 'A'.repeat(43);
    expect(jsonBlock((await forged.get('/dashboard')).body, FIRST_DATA_ELEMENT_ID)).toBeUndefined();

    const signedIn = await signedInClient(t);
    const head = await signedIn.request('HEAD' as 'GET', '/dashboard');
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('is compressed as the browser accepts', async () => {
    const client = await signedInClient(t);
    const br = await client.get('/dashboard', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(jsonBlock(html, FIRST_DATA_ELEMENT_ID)).toBeDefined();
    const gzip = await client.get('/dashboard', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(jsonBlock(zlib.gunzipSync(gzip.rawPayload).toString('utf8'), FIRST_DATA_ELEMENT_ID)).toBeDefined();
  });
});
