import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

// The customer's pages are their own document (public.html): the server answers their three
// paths with it, signed out, and every other page path with the SPA as before.
let t: TestApp;
let webDist: string;

const page = (entry: string) =>
  `<!doctype html><html><head><title>Slat</title></head><body><script src="/assets/${entry}.js"></script></body></html>`;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-web-dist-'));
  await fs.writeFile(path.join(webDist, 'index.html'), page('spa'));
  await fs.writeFile(path.join(webDist, 'public.html'), page('public'));
  t = await createTestApp({ webDist });
});

afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe("the customer's pages document", () => {
  it.each([
    '/checkout/Q2hlY2tvdXRQYXltZW50SWQx',
    '/checkout/Q2hlY2tvdXRQYXltZW50SWQx/return?session_id=cs_test_123',
    '/customer-quote/Q3VzdG9tZXJRdW90ZUlkMTIz',
    '/customer-quote/Q3VzdG9tZXJRdW90ZUlkMTIz?utm=mail',
    '/customer-quote/Q3VzdG9tZXJRdW90ZUlkMTIz/',
    '/checkout/Q2hlY2tvdXRQYXltZW50SWQx/return/?session_id=cs_test_123',
    '/supplier-order/U3VwcGxpZXJPcmRlckxpbmsx',
    '/supplier-order/U3VwcGxpZXJPcmRlckxpbmsx/',
  ])('%s is public.html, signed out, compressed and revalidated', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('/assets/public.js');
    expect(res.body).not.toContain('/assets/spa.js');
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('other paths near them stay the SPA', async () => {
    for (const url of [
      '/checkout',
      '/checkout/abc/other',
      '/customer-quote',
      '/customer-quotes/abc',
      '/supplier-order',
      '/supplier-order/abc/other',
      '/dashboard',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/spa.js');
    }
  });

  it('only the checkout pages may load Stripe (the quote page may not)', async () => {
    const checkout = await t.app.inject({ method: 'GET', url: '/checkout/Q2hlY2tvdXRQYXltZW50SWQx' });
    expect(String(checkout.headers['content-security-policy'])).toContain('https://js.stripe.com');
    const quote = await t.app.inject({ method: 'GET', url: '/customer-quote/Q3VzdG9tZXJRdW90ZUlkMTIz' });
    expect(String(quote.headers['content-security-policy'])).not.toContain('stripe.com');
  });
});
