import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_CONFIG_ELEMENT_ID } from '@slat/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestApp, TestClient } from './harness';

// The product options frame is a small document of its own
// (options-frame.html), served at /product-options/{lineId} with the framing policy of its path
// (frame-ancestors 'self'); nothing else under /product-options is a page.
let t: TestApp;
let webDist: string;

const page = (entry: string) =>
  `<!doctype html><html><head><title>Slat</title></head><body><script type="module" src="/assets/${entry}.js"></script></body></html>`;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-web-dist-'));
  await fs.writeFile(path.join(webDist, 'index.html'), page('spa'));
  await fs.writeFile(path.join(webDist, 'auth.html'), page('sign-in'));
  await fs.writeFile(path.join(webDist, 'options-frame.html'), page('options-frame'));
  t = await createTestApp({ webDist, env: { SENTRY_DSN: 'https://key@sentry.example/1' } });
});

afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

function jsonBlock(html: string, id: string): unknown {
  const text = html.match(new RegExp(`<script id="${id}" type="application/json">(.*?)</script>`))?.[1];
  return text === undefined ? undefined : JSON.parse(text);
}

function frameAncestors(res: LightMyRequestResponse): string | undefined {
  return String(res.headers['content-security-policy'] ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));
}

function expectFrameDocument(res: LightMyRequestResponse, url: string) {
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toContain('text/html');
  expect(res.headers['cache-control'], url).toBe('no-cache');
  expect(res.body, url).toContain('/assets/options-frame.js');
  expect(res.body, url).not.toContain('/assets/spa.js');
  expect(frameAncestors(res), url).toBe("frame-ancestors 'self'");
  expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
}

describe('the options frame document', () => {
  it('is served at /product-options/{lineId} (with or without a query), without a session', async () => {
    for (const url of [
      '/product-options/42',
      '/product-options/7?orderId=3&windowId=9&parentOrigin=http%3A%2F%2Fslat.test',
    ]) {
      expectFrameDocument(await t.app.inject({ method: 'GET', url }), url);
    }
  });

  it('is the same document for a signed-in session', async () => {
    const client = await signedInClient(t);
    expectFrameDocument(await client.get('/product-options/42?orderId=1&windowId=2'), '/product-options/42');
  });

  it('carries the runtime settings and the app origin it may post to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/product-options/42' });
    expect(jsonBlock(res.body, WEB_CONFIG_ELEMENT_ID)).toEqual({
      appOrigin: 'http://slat.test',
      sentryDsn: 'https://key@sentry.example/1',
      posthogKey: null,
      posthogHost: null,
      optionsFrameBase: null,
      googleMapsApiKey: null,
    });
    // …and only the frame: the other documents keep their settings as they were
    const spa = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(jsonBlock(spa.body, WEB_CONFIG_ELEMENT_ID)).not.toHaveProperty('appOrigin');
  });

  it('nothing else under /product-options is a page (JSON 404, never the SPA)', async () => {
    for (const url of [
      '/product-options',
      '/product-options/',
      '/product-options/abc',
      '/product-options/42abc',
      '/product-options/-1',
      '/product-options/4.2',
      '/product-options/42/',
      '/product-options/42/more',
      '/product-options/1234567890123456',
      '/product-options/42/options-frame.html',
    ]) {
      const res = await new TestClient(t.app).get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('NOT_FOUND');
      expect(res.body, url).not.toContain('/assets/');
    }
  });

  it('other pages are unchanged: the SPA, framing refused', async () => {
    for (const url of ['/dashboard', '/product-optionsx/42', '/products/42']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/spa.js');
      expect(frameAncestors(res), url).toBe("frame-ancestors 'none'");
    }
  });

  it('only GET and HEAD: a POST to the frame path is not a page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/product-options/42', payload: {} });
    expect(res.statusCode).toBe(404);
    const head = await t.app.inject({ method: 'HEAD', url: '/product-options/42' });
    expect(head.statusCode).toBe(200);
  });
});

// The frame as the build made it (skipped when the web app is not built): every script a file
// of this origin or a JSON block, so the frame's policy (script-src 'self') runs it.
const builtDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
describe.skipIf(!existsSync(path.join(builtDist, 'options-frame.html')))('the built options frame', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await createTestApp({ webDist: builtDist });
  });
  afterAll(async () => {
    await built?.close();
  });

  it('loads one module script of its own and no inline script or handler', async () => {
    const html = (await built.app.inject({ method: 'GET', url: '/product-options/42' })).body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const files = scripts.filter(([, attributes = '']) =>
      /\bsrc="\/assets\/options-frame-[^"]+\.js"/.test(attributes),
    );
    expect(files).toHaveLength(1);
    for (const [, attributes = '', body = ''] of scripts) {
      const isData = /\btype="application\/json"/.test(attributes);
      const isFile = /\bsrc="\/assets\/[^"]+\.js"/.test(attributes) && body.trim() === '';
      expect(isData || isFile, `<script${attributes}>${body.slice(0, 80)}`).toBe(true);
    }
    expect(html).not.toMatch(/\son[a-z]+="/);
    // and none of the SPA's or the sign-in document's code
    expect(html).not.toMatch(/assets\/(index|auth|react)-/);
  });
});
