import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestApp, TestClient } from './harness';

// API answers are compressed for clients that accept it (app.ts): a 200-line quote is ~240 KB
// of JSON. Small answers (the CSRF token among them) never are.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('API compression', () => {
  it('compresses a large JSON answer with the encoding the client prefers, and it decodes to the same JSON', async () => {
    const client = await signedInClient(t);
    const plain = await client.get('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);

    const gz = await client.get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    const gzBody = zlib.gunzipSync(gz.rawPayload);
    expect(gzBody.length).toBe(Buffer.byteLength(plain.body));
    expect(JSON.parse(gzBody.toString('utf8'))).toEqual(plain.json());
    expect(gz.rawPayload.length).toBeLessThan(plain.body.length / 4);

    const br = await client.get('/api/docs/json', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('never compresses a small answer such as the CSRF token', async () => {
    const client = new TestClient(t.app);
    const res = await client.get('/api/old/auth/generate-token', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(typeof res.json()).toBe('string');
  });
});
