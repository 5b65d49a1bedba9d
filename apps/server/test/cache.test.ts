import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';
import { listOrders, newOrder, orderDealer } from './purchase-order-fixtures';

// Two app instances on one database stand for two server processes behind a load balancer.
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ databaseUrl: a.databaseUrl });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same browser session, sent to the other process. */
function onOther(client: TestClient, other: TestApp): TestClient {
  const twin = new TestClient(other.app, client.ip);
  twin.cookie = client.cookie;
  twin.token = client.token;
  return twin;
}

describe('session and profile caches across processes', () => {
  it('a logout on one process ends the session on the other at once', async () => {
    // A cached copy read right after the logout's answer: the other process hears the commit first.
    for (let i = 0; i < 10; i++) {
      const client = await signedInClient(a);
      const twin = onOther(client, b);
      expect((await twin.post('/api/old/auth/me')).statusCode).toBe(200); // now cached on b
      expect((await twin.post('/api/old/auth/me')).statusCode).toBe(200);
      expect((await client.post('/api/old/auth/logout', {})).statusCode).toBe(200);
      expect((await twin.post('/api/old/auth/me')).statusCode).toBe(401);
    }
  });

  it('a profile edit on one process shows on the other at once', async () => {
    const dealer = await createDealer(a.db);
    const client = await signedInClient(a, dealer);
    const twin = onOther(client, b);
    expect((await twin.post('/api/old/auth/me')).json().user.first_name).toBe(dealer.firstName);
    expect((await client.post('/api/old/users', { first_name: 'Renamed' })).json().user.first_name).toBe(
      'Renamed',
    );
    expect((await twin.post('/api/old/auth/me')).json().user.first_name).toBe('Renamed');
  });

  it('a password reset on one process ends the user’s sessions cached on the other', async () => {
    const dealer = await createDealer(a.db);
    const client = await signedInClient(b, dealer);
    expect((await client.post('/api/old/auth/me')).statusCode).toBe(200);
    await a.pool.query('DELETE FROM sessions WHERE user_id = $1', [dealer.userId]);
    expect((await client.post('/api/old/auth/me')).statusCode).toBe(401);
  });

  it('a company time-zone change shows in the purchase-order list on both processes at once', async () => {
    const d = await orderDealer(a, 'Zones');
    const twin = onOther(d.client, b);
    const { id } = await newOrder(d.client, d.first.id);
    // 2026-01-09T20:00Z is still the 9th in UTC and already the 10th in Sydney.
    await a.pool.query('UPDATE purchase_orders SET created_at = $2 WHERE order_id = $1', [
      id,
      '2026-01-09T20:00:00Z',
    ]);
    const onTheTenth = async (client: TestClient) =>
      (await listOrders(client, { dateFrom: '2026-01-10', dateTo: '2026-01-10' })).data.map((o) => o.id);
    for (const [zone, listed] of [
      ['UTC', []],
      ['Australia/Sydney', [id]],
      ['UTC', []],
      ['Australia/Sydney', [id]],
    ] as const) {
      // Changed by neither process (as by another process or by hand): each kept its zone.
      await a.pool.query('UPDATE companies SET timezone = $2 WHERE account_id = $1', [
        d.dealer.accountId,
        zone,
      ]);
      for (const client of [d.client, twin, d.client, twin]) expect(await onTheTenth(client)).toEqual(listed);
    }
  });

  it('reads from the database while the cache bus is down', async () => {
    const c = await createTestApp({ databaseUrl: a.databaseUrl });
    try {
      const client = await signedInClient(c);
      expect((await client.post('/api/old/auth/me')).statusCode).toBe(200);
      // Kill c's LISTEN connection from the server side: c must stop trusting its cache at once.
      await a.pool.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'slat-cache-bus' AND datname = current_database()",
      );
      await a.pool.query('DELETE FROM sessions');
      await expect
        .poll(async () => (await client.post('/api/old/auth/me')).statusCode, { timeout: 3000 })
        .toBe(401);
    } finally {
      await c.close();
    }
  });
});
