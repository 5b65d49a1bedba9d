import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

// A stand-in Sentry ingest endpoint on loopback: the real SDK posts its envelopes here.
let ingest: http.Server;
const envelopes: { path: string; body: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  ingest = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
      envelopes.push({ path: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => ingest.listen(0, '127.0.0.1', r));
  const port = (ingest.address() as AddressInfo).port;
  t = await createTestApp({ env: { SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => ingest.close(r));
});

describe('error reporting (Sentry SDK against a loopback ingest)', () => {
  it('sends an unexpected 500 as an event with the exception and the request, and masks it for the client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom?secret=1' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.message).not.toContain('Deliberate');
    await t.services.errors.flush();
    const envelope = envelopes.find((e) => e.body.includes('Deliberate failure'));
    expect(envelope?.path.split('?')[0]).toBe('/api/42/envelope/');
    const [header, itemHeader, event] = envelope!.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(header).toMatchObject({
      sdk: { name: 'sentry.javascript.node' },
      trace: { public_key: 'publickey' },
    });
    expect(itemHeader.type).toBe('event');
    expect(event.exception.values[0]).toMatchObject({
      type: 'Error',
      value: 'Deliberate failure for the error-reporting test',
    });
    // the V8 stack parsed into frames, the server's own marked in_app
    const frames: { filename: string; lineno: number; in_app: boolean }[] =
      event.exception.values[0].stacktrace.frames;
    expect(frames.some((f) => f.in_app && f.filename.includes('/apps/server/') && f.lineno > 0)).toBe(true);
    expect(frames.every((f) => !f.filename.includes('/node_modules/') || !f.in_app)).toBe(true);
    expect(event.contexts.request).toEqual({ method: 'GET', url: '/api/test/boom' });
    expect(event.release).toBe('test');
  });

  it('does not report client errors', async () => {
    const before = envelopes.length;
    await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    await t.app.inject({ method: 'POST', url: '/api/old/auth/me' });
    await t.services.errors.flush();
    expect(envelopes.length).toBe(before);
  });
});
