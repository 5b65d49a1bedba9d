import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BRANDING_ELEMENT_ID, WEB_CONFIG_ELEMENT_ID } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PAGE_URLS } from '../src/app';
import { brandings } from '../src/db/schema';
import { createTestApp, type TestApp } from './harness';
import { jsonBlock } from './html-blocks';

// The server answers page requests with one of two documents (decision 006): the sign-in
// document (auth.html) for /login and /reset-password, the SPA (index.html) for the rest.
let t: TestApp;
let webDist: string;

const page = (entry: string) =>
  `<!doctype html><html><head><title>Slat</title></head><body><script src="/assets/${entry}.js"></script></body></html>`;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-web-dist-'));
  await fs.writeFile(path.join(webDist, 'index.html'), page('spa'));
  await fs.writeFile(path.join(webDist, 'auth.html'), page('sign-in'));
  t = await createTestApp({ webDist, env: { SENTRY_DSN: 'https://key@sentry.example/1' } });
  await t.db
    .insert(brandings)
    .values({ host: 'blinds.example', logoUrl: '/logo.png', backgroundColor: '#102030</script>' })
    .onConflictDoNothing();
});

afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('page documents', () => {
  it.each(AUTH_PAGE_URLS)('%s (with or without a query) is the sign-in document', async (url) => {
    for (const target of [url, `${url}?returnUrl=%2Fcontacts`]) {
      const res = await t.app.inject({ method: 'GET', url: target });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('/assets/sign-in.js');
      expect(jsonBlock(res.body, WEB_CONFIG_ELEMENT_ID)).toMatchObject({
        sentryDsn: 'https://key@sentry.example/1',
      });
    }
  });

  it('other paths get the SPA, API paths a JSON 404', async () => {
    for (const url of ['/', '/dashboard', '/contacts?search=a', '/login-help', '/settings/general']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/spa.js');
      expect(jsonBlock(res.body, BRANDING_ELEMENT_ID), url).toBeUndefined();
    }
    const api = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('NOT_FOUND');
  });

  it("writes the host's branding into the sign-in document, escaped; nulls for other hosts", async () => {
    const branded = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { host: 'Blinds.Example:3000' },
    });
    expect(branded.body).not.toContain('#102030</script>');
    expect(jsonBlock(branded.body, BRANDING_ELEMENT_ID)).toEqual({
      logoUrl: '/logo.png',
      backgroundColor: '#102030</script>',
    });
    // the same answer GET /api/branding gives for that host
    const api = await t.app.inject({ method: 'GET', url: '/api/branding?host=blinds.example' });
    expect(api.json()).toEqual(jsonBlock(branded.body, BRANDING_ELEMENT_ID));

    const plain = await t.app.inject({ method: 'GET', url: '/reset-password?token=x' });
    expect(jsonBlock(plain.body, BRANDING_ELEMENT_ID)).toEqual({ logoUrl: null, backgroundColor: null });
  });
});
