import { defineEndpoint } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { issueSupplierToken } from '../src/modules/supplier-orders/index';
import { route } from '../src/plugins/api';
import { describeFailure, type FuzzReport, fuzzApi } from './contract-fuzz';
import { createDealer, createTestApp, type TestApp, TestClient } from './harness';
import { createSupplier } from './supplier-fixtures';

// Decision 010. Replay a run with FUZZ_SEED=<the seed it printed>.
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const VALID_RUNS = 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A fresh dealer's client with a session and its CSRF token; signs in again when a case ended the session. */
async function dealerClient(app: TestApp['app']) {
  const dealer = await createDealer(t.db);
  // All four PDF templates, so the PDF calls render rather than answer 501 (§8: unconfigured).
  for (const type of ['QUOTE', 'MEASURE', 'INSTALL', 'PURCHASE_ORDER'])
    await t.pool.query('INSERT INTO pdf_templates (account_id, type) VALUES ($1, $2)', [
      dealer.accountId,
      type,
    ]);
  const client = new TestClient(app);
  const renewSession = async () => {
    client.cookie = await t.services.sessions.create(dealer.userId, dealer.accountId, false);
    client.token = await t.services.sessions.csrfToken(client.cookie);
  };
  await renewSession();
  return { client, renewSession };
}

const summary = (r: FuzzReport) =>
  `fuzz: ${r.operations} operations × ${Math.round(r.cases / r.operations)} cases on average = ${r.cases} requests, ${r.failures.length} failures, ` +
  `${(r.ms / 1000).toFixed(1)} s (seed ${seed}); answers ${Object.entries(r.statuses)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ')}`;

describe('contract fuzzing', () => {
  it('answers every operation of the OpenAPI document: invalid input 4xx in the error shape, never a 5xx', async () => {
    const { client, renewSession } = await dealerClient(t.app);
    // The supplier calls are fuzzed with a supplier's token (issued again if a case rotates it).
    const supplier = (await createSupplier(t.db, [])).manufacturer;
    const supplierCredential = async () => (await issueSupplierToken(t.db, supplier.id)).token;
    const report = await fuzzApi(client, { seed, validRuns: VALID_RUNS, renewSession, supplierCredential });
    console.log(summary(report));
    expect(report.operations).toBeGreaterThan(70);
    expect(report.failures.map(describeFailure)).toEqual([]);
  }, 300_000);

  it('catches a route that crashes', async () => {
    const broken = defineEndpoint({
      method: 'POST',
      path: '/fuzz/broken',
      summary: 'Crashes on a name longer than three characters',
      body: z.strictObject({ name: z.string().max(50) }),
      response: z.object({ ok: z.boolean() }),
    });
    const app = await buildApp({
      services: t.services,
      modules: [
        {
          name: 'broken',
          register: (api) =>
            route(api, broken, async ({ body }) => {
              if (body.name.length > 3) throw new Error('boom');
              return { ok: true };
            }),
        },
      ],
    });
    try {
      const { client, renewSession } = await dealerClient(app);
      const report = await fuzzApi(client, { seed, validRuns: VALID_RUNS, renewSession });
      console.log(summary(report));
      const caught = report.failures.filter((f) => f.operation === 'POST /fuzz/broken' && f.status === 500);
      expect(caught.length).toBeGreaterThan(0);
      expect(describeFailure(caught[0]!)).toMatch(
        /POST \/fuzz\/broken — .*: 500, a 5xx answer\n {4}request POST/,
      );
      expect(report.failures.every((f) => f.operation === 'POST /fuzz/broken')).toBe(true);
    } finally {
      await app.close();
    }
  });
});
