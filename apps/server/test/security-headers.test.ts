import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestApp, TestClient, uploadAs } from './harness';

// A CSP without inline scripts, framing refused (the options frame: by its own origin
// only), nosniff everywhere, a Referrer-Policy, HSTS over https, no-store on /api answers.
let t: TestApp;
let secure: TestApp;
let webDist: string;

const page = (entry: string) =>
  `<!doctype html><html><head><title>Slat</title></head><body><script type="module" src="/assets/${entry}.js"></script></body></html>`;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-web-dist-'));
  await fs.writeFile(path.join(webDist, 'index.html'), page('spa'));
  await fs.writeFile(path.join(webDist, 'auth.html'), page('sign-in'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'assets', 'spa.js'), 'export {};');
  t = await createTestApp({
    webDist,
    env: {
      SENTRY_DSN: 'https://key@o1.ingest.sentry.example/2',
      POSTHOG_KEY: 'phc_test',
      GOOGLE_MAPS_API_KEY: 'maps-key',
    },
  });
  secure = await createTestApp({ webDist, env: { PUBLIC_URL: 'https://slat.example' } });
});

afterAll(async () => {
  await t?.close();
  await secure?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** The policy as directive → sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });

function expectCommonHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  expect(res.headers['strict-transport-security']).toBeUndefined(); // http://slat.test
}

/** A page's policy: scripts from this origin and the configured services only, never inline or eval. */
function expectPagePolicy(res: LightMyRequestResponse, framing: "'none'" | "'self'") {
  const policy = csp(res);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['script-src']).toEqual(["'self'", 'https://maps.googleapis.com']);
  expect(policy['connect-src']).toEqual([
    "'self'",
    'https://o1.ingest.sentry.example',
    'https://us.i.posthog.com',
    'https://maps.googleapis.com',
  ]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual([framing]);
  expect(res.headers['x-frame-options']).toBe(framing === "'none'" ? 'DENY' : 'SAMEORIGIN');
  expectCommonHeaders(res);
}

describe('pages', () => {
  it('the SPA and the sign-in document: the page policy, framing refused, no-cache kept', async () => {
    for (const url of ['/dashboard', '/contacts/12', '/login', '/reset-password?token=x']) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(200);
      expectPagePolicy(res, "'none'");
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(JSON.stringify(csp(res)), url).not.toContain('stripe');
    }
  });

  it('the product options frame may be framed by its own origin only', async () => {
    for (const url of ['/product-options/42', '/product-options/42?token=a']) {
      const res = await get(t, url);
      expect(res.body).toContain('/assets/spa.js');
      expectPagePolicy(res, "'self'");
    }
    // …and nothing below it or beside it
    expectPagePolicy(await get(t, '/product-options/42/more'), "'none'");
  });

  it("the checkout pages alone allow the card provider's script and frames", async () => {
    for (const url of ['/checkout/pay_123', '/checkout/pay_123/return?session_id=cs_1']) {
      const policy = csp(await get(t, url));
      expect(policy['script-src']).toContain('https://js.stripe.com');
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(policy['frame-src']).toEqual(
        expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
      );
      expect(policy['connect-src']).toContain('https://api.stripe.com');
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it('assets and /health.json carry nosniff and keep their caching', async () => {
    const asset = await get(t, '/assets/spa.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectCommonHeaders(asset);
    const health = await get(t, '/health.json');
    expect(health.headers['cache-control']).toBe('no-store, max-age=0');
    expectCommonHeaders(health);
  });
});

/** /api answers: nothing to load or run, never framed, never stored unless the route says so. */
function expectApiHeaders(res: LightMyRequestResponse, cacheControl = 'no-store') {
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['cache-control']).toBe(cacheControl);
  expectCommonHeaders(res);
}

describe('API answers', () => {
  it('signed in: no-store on reads, writes and errors', async () => {
    const client = await signedInClient(t);
    const me = await client.post('/api/old/auth/me');
    expect(me.statusCode).toBe(200);
    expectApiHeaders(me);
    const list = await client.get('/api/workflows');
    expect(list.statusCode).toBe(200);
    expectApiHeaders(list);
    const invalid = await client.post('/api/old/users', { email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);
    expectApiHeaders(invalid);
    expectApiHeaders(await client.get('/api/deals/2147483646'));
  });

  it('public and refused answers: no-store and nosniff too', async () => {
    const branding = await get(t, '/api/branding?host=slat.test');
    expect(branding.statusCode).toBe(200);
    expectApiHeaders(branding);
    const token = await new TestClient(t.app).get('/api/old/auth/generate-token');
    expectApiHeaders(token);
    const refused = await new TestClient(t.app).post('/api/old/auth/me');
    expect(refused.statusCode).toBe(401);
    expectApiHeaders(refused);
    const unknown = await get(t, '/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expectApiHeaders(unknown);
  });

  it('a file download keeps its private caching, with nosniff and the API policy', async () => {
    const client = await signedInClient(t);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = await uploadAs(client, '/api/old/account-settings/dealer-portal/logo', {
      filename: 'logo.png',
      content: png,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const file = await get(t, upload.json().companyLogoDocumentUrl);
    expect(file.statusCode).toBe(200);
    expectApiHeaders(file, 'private, max-age=86400');
    const signedIn = await client.get(upload.json().companyLogoDocumentUrl);
    expectApiHeaders(signedIn, 'private, max-age=86400');
  });
});

describe('over https (PUBLIC_URL https://…)', () => {
  it('adds HSTS to pages and API answers and upgrades insecure requests; no third-party hosts unless configured', async () => {
    for (const url of ['/dashboard', '/login', '/api/branding?host=x', '/api/old/auth/generate-token']) {
      const res = await get(secure, url);
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
    const policy = csp(await get(secure, '/dashboard'));
    expect(policy['upgrade-insecure-requests']).toEqual([]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
  });
});

// The pages the build made, as the server answers them: every script is a file or a JSON block,
// so the policy's script-src 'self' runs them all (skipped when the web app is not built).
const builtDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
describe.skipIf(!existsSync(path.join(builtDist, 'index.html')))('the built web app', () => {
  let built: TestApp;
  beforeAll(async () => {
    built = await createTestApp({ webDist: builtDist });
  });
  afterAll(async () => {
    await built?.close();
  });

  it('has no inline executable script in the SPA or the sign-in document', async () => {
    for (const url of ['/dashboard', '/login']) {
      const html = (await get(built, url)).body;
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, url).toBeGreaterThan(1);
      for (const [, attributes = '', body = ''] of scripts) {
        const isData = /\btype="application\/json"/.test(attributes);
        const isFile = /\bsrc="\/assets\/[^"]+\.js"/.test(attributes) && body.trim() === '';
        expect(isData || isFile, `${url}: <script${attributes}>${body.slice(0, 80)}`).toBe(true);
      }
      expect(html, url).not.toMatch(/\son[a-z]+="/); // no inline event handlers either
    }
  });
});
