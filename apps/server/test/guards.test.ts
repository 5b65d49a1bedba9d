import type { Endpoint } from '@slat/contracts';
import * as contracts from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestApp, TestClient } from './harness';

// Every endpoint declared in the contracts, so a new call is covered the day it is added.
const endpoints = Object.entries(contracts).flatMap(([name, value]) => {
  const e = value as Partial<Endpoint>;
  return e &&
    typeof e === 'object' &&
    typeof e.method === 'string' &&
    typeof e.path === 'string' &&
    e.response
    ? [{ name, endpoint: e as Endpoint }]
    : [];
});
const url = (e: Endpoint) => `/api${e.path.replace(/:[A-Za-z]+/g, '1')}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('guards on every contract endpoint', () => {
  it('finds the endpoints', () => {
    expect(endpoints.length).toBeGreaterThan(30);
  });

  it('answers 401 to every session call made signed out', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken(); // a valid CSRF token, so only the missing session can refuse
    for (const { name, endpoint } of endpoints.filter((x) => x.endpoint.auth === 'session')) {
      const res = await anonymous.request(
        endpoint.method,
        url(endpoint),
        endpoint.method === 'GET' ? undefined : {},
      );
      expect(res.statusCode, `${name} ${endpoint.method} ${endpoint.path}`).toBe(401);
    }
  });

  it('answers 419 to every state-changing call without the CSRF token', async () => {
    const client = await signedInClient(t);
    client.token = undefined;
    for (const { name, endpoint } of endpoints.filter((x) => x.endpoint.csrf)) {
      const res = await client.request(endpoint.method, url(endpoint), {});
      expect(res.statusCode, `${name} ${endpoint.method} ${endpoint.path}`).toBe(419);
    }
  });

  it('documents every endpoint in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    for (const { endpoint } of endpoints) {
      const path = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${path}`).toBeDefined();
    }
  });
});
