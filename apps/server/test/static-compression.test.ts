import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { ok, quoteDealer, quoteWithLines } from './quote-fixtures';

// The build writes file.br and file.gz beside each built asset (scripts/build.mjs); the server
// sends the one the browser accepts. A phone on a slow network pays for every uncompressed byte.
let t: TestApp;
let webDist: string;
let script: Buffer;

const BROWSER = 'gzip, deflate, br, zstd';
const SCRIPT_URL = '/assets/board-Ab12Cd34.js';

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  // a script of some size, as the build leaves it: the file and its two compressed forms
  script = Buffer.from(
    Array.from(
      { length: 400 },
      (_, i) => `export const column${i} = { id: ${i}, title: "Column ${i}" };\n`,
    ).join(''),
  );
  const file = path.join(webDist, SCRIPT_URL);
  await fs.writeFile(file, script);
  await fs.writeFile(`${file}.br`, zlib.brotliCompressSync(script));
  await fs.writeFile(`${file}.gz`, zlib.gzipSync(script, { level: 9 }));
  const page = (entry: string) =>
    `<!doctype html><html><head><title>Slat</title>${'<link rel="modulepreload" href="/assets/chunk.js">'.repeat(20)}</head><body><script type="module" src="/assets/${entry}.js"></script></body></html>`;
  await fs.writeFile(path.join(webDist, 'index.html'), page('spa'));
  await fs.writeFile(path.join(webDist, 'auth.html'), page('sign-in'));
  t = await createTestApp({ webDist });
});

afterAll(async () => {
  await t?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('built assets', () => {
  it('with Accept-Encoding br: the .br file, as JavaScript, decoding to the script, cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: SCRIPT_URL,
      headers: { 'accept-encoding': BROWSER },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).equals(script)).toBe(true);
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('with Accept-Encoding gzip only: the .gz file, decoding to the script', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: SCRIPT_URL,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload).equals(script)).toBe(true);
  });

  it('without Accept-Encoding: the file itself, and Vary still says the answer depends on it', async () => {
    const res = await t.app.inject({ method: 'GET', url: SCRIPT_URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(script)).toBe(true);
  });
});

describe('a page load with a browser’s Accept-Encoding', () => {
  it('gets the SPA and sign-in documents, the board list and a quote compressed', async () => {
    for (const [url, decode] of [
      ['/deals/workflows/residential', zlib.brotliDecompressSync],
      ['/login', zlib.brotliDecompressSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': BROWSER } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(decode(res.rawPayload).toString('utf8'), url).toBe(plain.body);
    }
    const gz = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toContain('/assets/spa.js');

    // the board's list of deals and a quote's detail, both well over the 1 KB threshold
    const d = await quoteDealer(t, 'Compressed');
    const lines = Array.from({ length: 12 }, (_, i) => ({
      window: `Window ${i + 1}`,
      width: 900,
      height: 1200,
    }));
    const { quoteId } = await quoteWithLines(d, lines);
    for (let i = 0; i < 15; i++)
      ok(await d.client.post('/api/deals', { workflowId: d.workflowId, name: `Job ${i}` }));
    for (const url of [`/api/deals?workflowId=${d.workflowId}`, `/api/deal-quotes/${quoteId}`]) {
      const res = await d.client.get(url, { 'accept-encoding': BROWSER });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      const json = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8'));
      expect(json, url).toEqual((await d.client.get(url)).json());
      expect(Buffer.byteLength(JSON.stringify(json)), url).toBeGreaterThan(2048);
    }
  });
});
