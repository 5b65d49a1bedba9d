import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  FIRST_DATA_ELEMENT_ID,
  FIRST_SCREEN_ELEMENT_ID,
  type FirstData,
  type FirstScreenBlock,
  type Workflow,
} from '@slat/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_TIMEOUT_MS } from '../src/spa-first-data';
import type { RenderFirstScreen } from '../src/spa-first-screen';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';
import { jsonBlock } from './html-blocks';

// The board, a deal and a quote are rendered by the server (decision 039): the page carries the
// web app's HTML and its calls' answers, its code loads after the first paint, and any failure
// sends the plain document. The web app's render itself is stood in for here (the browser tests
// run the real one); what is checked is what the server does with it and for it.

type Call = { url: string; first: FirstData; viewport: FirstScreenBlock['viewport']; origin: string };

let t: TestApp;
let webDist: string;
const calls: Call[] = [];
/** What the stand-in render does with its transport; replaced per test. */
let behaviour: (transport: typeof fetch) => Promise<{ html: string } | undefined> = async () => ({
  html: '<p>the board</p>',
});

const render: RenderFirstScreen = async (url, first, browser, transport) => {
  calls.push({ url, first, ...browser });
  const out = await behaviour(transport);
  return out ? { ...out, state: { queries: [], mutations: [] } } : undefined;
};

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-web-dist-'));
  await fs.writeFile(
    path.join(webDist, 'index.html'),
    [
      '<!doctype html><html><head><title>Slat</title>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  );
  t = await createTestApp({ webDist, renderFirstScreen: render });
});

afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

beforeEach(() => {
  calls.length = 0;
  behaviour = async () => ({ html: '<p>the board</p>' });
});

const boardOf = async (client: TestClient) => (await client.get('/api/workflows')).json<Workflow[]>()[0]!;

describe('a server-rendered page', () => {
  it('carries the rendered HTML, the viewport it was rendered for, and its code after the paint', async () => {
    const client = await signedInClient(t);
    const board = await boardOf(client);
    const res = await client.get(`/workflows/${board.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"><p>the board</p></div>');
    expect(jsonBlock(res.body, FIRST_SCREEN_ELEMENT_ID)).toEqual({
      viewport: { width: 1280, height: 900 },
      state: { queries: [], mutations: [] },
    });
    // the render got the same first data the page carries, and the request's origin
    expect(calls).toHaveLength(1);
    expect(calls[0]!.first).toEqual(jsonBlock(res.body, FIRST_DATA_ELEMENT_ID));
    expect(calls[0]!.origin).toBe('http://localhost:80');
    // the code is no longer in the head: after-paint.js names the entry and its imports
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    expect(res.body).toContain(
      '<script defer src="/after-paint.js" data-entry="/assets/index-1.js" data-imports="/assets/react-1.js',
    );
    // the stylesheet stays where the first paint needs it; the columns' data is in the page
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(res.body).not.toContain('rel="preload" as="fetch"');
  });

  it('is laid out for a phone when the request says it comes from one', async () => {
    const client = await signedInClient(t);
    const board = await boardOf(client);
    await client.get(`/workflows/${board.slug}`, { 'sec-ch-ua-mobile': '?1' });
    await client.get(`/workflows/${board.slug}/12`, {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1',
    });
    await client.get(`/workflows/${board.slug}/12/quotes/3`, { 'sec-ch-ua-mobile': '?0' });
    expect(calls.map((c) => [c.url, c.viewport.width])).toEqual([
      [`/workflows/${board.slug}`, 375],
      [`/workflows/${board.slug}/12`, 375],
      [`/workflows/${board.slug}/12/quotes/3`, 1280],
    ]);
  });

  it("answers the render's calls as the signed-in dealer's own: their rows, CSRF on a POST, another dealer's a 404", async () => {
    const other = await signedInClient(t);
    const otherBoard = await boardOf(other);
    const foreign = (
      await other.post('/api/deals', {
        workflowId: otherBoard.id,
        statusId: otherBoard.statuses[0]!.id,
        name: 'Not yours',
      })
    ).json<{ id: number }>();
    const client = await signedInClient(t);
    const answers: Record<string, number | unknown> = {};
    behaviour = async (transport) => {
      const workflows = await transport('/api/workflows');
      answers.workflows = await workflows.json();
      answers.foreignDeal = (await transport(`/api/deals/${foreign.id}`)).status;
      const orders = await transport('/api/purchaseorder', { method: 'POST', body: JSON.stringify({}) });
      answers.orders = orders.status;
      return { html: '<p>rendered</p>' };
    };
    await client.get(`/workflows/${(await boardOf(client)).slug}`);
    expect(answers.workflows).toEqual((await client.get('/api/workflows')).json());
    expect(answers.foreignDeal).toBe(404);
    expect(answers.orders).toBe(200);
  });

  it('is the plain document when the render fails, gives up, or takes too long', async () => {
    const client = await signedInClient(t);
    const board = await boardOf(client);
    const plain = async () => {
      const res = await client.get(`/workflows/${board.slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(jsonBlock(res.body, FIRST_SCREEN_ELEMENT_ID)).toBeUndefined();
      // still the signed-in document: first data, the code in the head, the columns preloaded
      expect(jsonBlock(res.body, FIRST_DATA_ELEMENT_ID)).toBeDefined();
      expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
      expect(res.body).toContain('rel="preload" as="fetch"');
    };
    behaviour = async () => {
      throw new Error('window is not defined');
    };
    await plain();
    behaviour = async () => undefined; // a redirect
    await plain();
    behaviour = () =>
      new Promise((resolve) =>
        setTimeout(() => resolve({ html: '<p>late</p>' }), FIRST_SCREEN_TIMEOUT_MS + 300),
      );
    await plain(); // not the late '<p>late</p>': the page did not wait for it
  });

  it('is only a board, a deal or a quote, and only for a signed-in browser', async () => {
    const client = await signedInClient(t);
    const board = await boardOf(client);
    for (const page of [
      '/dashboard',
      '/contacts',
      '/orders/5',
      `/workflows/${board.slug}/12/quotes/3/products/7`,
      `/workflows/${board.slug}/12/notes`,
    ]) {
      const res = await client.get(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.body, page).toContain('<div id="root"></div>');
    }
    expect(calls).toEqual([]);
    const stranger = new TestClient(t.app);
    const res = await stranger.get(`/workflows/${board.slug}`);
    expect(res.body).toContain('<div id="root"></div>');
    expect(calls).toEqual([]);
    // a second dealer's session renders for that dealer
    const dealer = await createDealer(t.db);
    const second = await signedInClient(t, dealer);
    await second.get(`/workflows/${board.slug}`);
    expect(calls[0]!.first.me).toEqual((await second.post('/api/old/auth/me')).json());
  });
});
