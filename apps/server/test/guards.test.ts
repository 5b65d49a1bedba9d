import * as contracts from '@slat/contracts';
import { defineEndpoint, endpointsOf } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { issueSupplierToken } from '../src/modules/supplier-orders/index';
import { route } from '../src/plugins/api';
import { createTestApp, signedInClient, type TestApp, TestClient } from './harness';
import { createSupplier } from './supplier-fixtures';

// Every endpoint declared in the contracts (JSON and raw), so a new call is covered the day it is added.
const endpoints = endpointsOf(contracts);
const url = (e: { path: string }) => `/api${e.path.replace(/:[A-Za-z]+/g, '1')}`;

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

  it('answers 401 to every supplier call without a credential, or with only a dealer session', async () => {
    const dealer = await signedInClient(t);
    const supplierCalls = endpoints.filter((x) => x.endpoint.auth === 'supplier');
    expect(supplierCalls.length).toBeGreaterThanOrEqual(9);
    for (const { name, endpoint } of supplierCalls) {
      const body = endpoint.method === 'GET' ? undefined : {};
      const anonymous = await new TestClient(t.app).request(endpoint.method, url(endpoint), body);
      expect(anonymous.statusCode, `${name} signed out`).toBe(401);
      const withCookie = await dealer.request(endpoint.method, url(endpoint), body);
      expect(withCookie.statusCode, `${name} with a dealer session`).toBe(401);
      const wrong = await new TestClient(t.app).request(endpoint.method, url(endpoint), body, {
        authorization: 'Bearer slat_sup_notarealtokenatallnotarealtoken',
      });
      expect(wrong.statusCode, `${name} with an unknown token`).toBe(401);
    }
  });

  it("answers 401 to every session call made with a supplier's token instead of a session", async () => {
    const supplier = await createSupplier(t.db, []);
    const { token } = await issueSupplierToken(t.db, supplier.manufacturer.id);
    const bearer = new TestClient(t.app);
    await bearer.fetchToken();
    for (const { name, endpoint } of endpoints.filter((x) => x.endpoint.auth === 'session')) {
      const res = await bearer.request(
        endpoint.method,
        url(endpoint),
        endpoint.method === 'GET' ? undefined : {},
        {
          authorization: `Bearer ${token}`,
        },
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
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const { endpoint } of endpoints.filter((x) => !x.endpoint.hidden)) {
      const path = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${path}`).toBeDefined();
    }
  });

  it('tags the supplier calls `Supplier API`, each with the bearer credential documented', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.supplierBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { endpoint } of endpoints.filter((x) => x.endpoint.auth === 'supplier')) {
      const op = doc.paths[endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')][endpoint.method.toLowerCase()];
      expect(op.tags, endpoint.path).toEqual(['Supplier API']);
      expect(op.security, endpoint.path).toEqual([{ supplierBearer: [] }]);
    }
  });
});

describe('every /api route, as registered', () => {
  it('has a contract, and every contract is registered', () => {
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(registered.length).toBeGreaterThanOrEqual(endpoints.length);
    for (const { endpoint } of endpoints) {
      expect(registered, `${endpoint.method} ${endpoint.path}`).toContain(
        `${endpoint.method} /api${endpoint.path}`,
      );
    }
  });

  it('answers 401 signed out and 419 without the CSRF token unless the contract opts out', async () => {
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken();
    const client = await signedInClient(t);
    client.token = undefined;
    const checked = { auth: 0, csrf: 0 };
    for (const { method, url: path, contract } of t.app.apiRoutes) {
      const target = path.replace(/:[A-Za-z]+/g, '1');
      if (contract.auth !== 'public') {
        const res = await anonymous.request(method, target, method === 'GET' ? undefined : {});
        expect(res.statusCode, `${method} ${path}`).toBe(401);
        checked.auth++;
      }
      if (contract.csrf) {
        const res = await client.request(method, target, {});
        expect(res.statusCode, `${method} ${path}`).toBe(419);
        checked.csrf++;
      }
    }
    expect(checked.auth).toBeGreaterThan(30);
    expect(checked.csrf).toBeGreaterThan(20);
  });

  it('guards a contract that does not mention auth: session and CSRF are the default', async () => {
    const probe = defineEndpoint({
      method: 'POST',
      path: '/probe/default-guards',
      summary: 'A contract that says nothing about auth or CSRF',
      response: z.object({ ok: z.boolean() }),
    });
    expect(probe.auth).toBe('session');
    expect(probe.csrf).toBe(true);
    const app = await buildApp({
      services: t.services,
      modules: [{ name: 'probe', register: (api) => route(api, probe, async () => ({ ok: true })) }],
    });
    try {
      expect(
        (await app.inject({ method: 'POST', url: '/api/probe/default-guards', payload: {} })).statusCode,
      ).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('refuses to start when an /api route is registered without a contract', async () => {
    const start = async (): Promise<FastifyInstance> => {
      const app = await buildApp({
        services: t.services,
        modules: [
          {
            name: 'careless',
            register: (api) => {
              api.post('/webhooks/careless', async () => ({ received: true }));
            },
          },
        ],
      });
      await app.ready();
      return app;
    };
    await expect(start()).rejects.toThrow(/POST \/api\/webhooks\/careless is registered without a contract/);
  });
});
