import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@slat/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../src/db/schema';
import { PASSWORD_RESET_QUEUE } from '../src/lib/jobs';
import { limitAddress } from '../src/lib/rate-limit';
import { createDealer, createTestApp, type TestApp, TestClient } from './harness';

// The limits are counted by one statement per hit, so a parallel burst is counted
// exactly; sign-in is limited per address and per (address, username).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // mail goes to the outbox
});
afterAll(async () => {
  await t?.close();
});

let nextAddress = 0;
/** A fresh address each call (in 10.113.0.0/16), so tests do not share counters. */
const address = () => {
  nextAddress += 1;
  return `10.113.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`;
};

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

/** A client at `ip` holding a CSRF token (the token is bound to its cookie, not to its address). */
async function clientAt(ip: string): Promise<TestClient> {
  const client = new TestClient(t.app, ip);
  await client.fetchToken();
  return client;
}

const signIn = (c: TestClient, username: string, password: string) =>
  c.post('/api/old/auth', { username, password, master_console: false, remember: false, _token: c.token });

/** Resolves once no job of any queue waits or runs: the mail of every accepted request is out. */
async function queueDrained(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    const { rows } = await t.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active')",
    );
    if (rows[0]?.n === 0) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the job queue did not drain within 30 s');
}

describe('sign-in limits', () => {
  it('counts 30 parallel wrong sign-ins from one address exactly: 10 × 400, 20 × 429', async () => {
    const ip = address();
    const clients = await Promise.all(Array.from({ length: 30 }, () => clientAt(ip)));
    const responses = await Promise.all(clients.map((c, i) => signIn(c, `nobody-${i}`, 'wrong-password')));
    expect(statuses(responses)).toEqual({ 400: 10, 429: 20 });
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts 30 parallel wrong passwords for one username from one address exactly', async () => {
    const dealer = await createDealer(t.db);
    const ip = address();
    const clients = await Promise.all(Array.from({ length: 30 }, () => clientAt(ip)));
    const responses = await Promise.all(clients.map((c) => signIn(c, dealer.username, 'wrong')));
    expect(statuses(responses)).toEqual({ 400: 10, 429: 20 });
  });

  it("does not let one address's failures lock the user out elsewhere", async () => {
    const dealer = await createDealer(t.db);
    const attacker = address();
    for (let i = 0; i < 10; i++) {
      expect((await signIn(await clientAt(attacker), dealer.username, 'wrong')).statusCode).toBe(400);
    }
    const locked = await signIn(await clientAt(attacker), dealer.username, dealer.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(messages.tooManyAttempts);
    const owner = await signIn(await clientAt(address()), dealer.username, dealer.password);
    expect(owner.statusCode).toBe(200);
  });

  it('lets 30 parallel right sign-ins from one address through (in-flight attempts wait, only failures count)', async () => {
    const dealer = await createDealer(t.db);
    const ip = address();
    const clients = await Promise.all(Array.from({ length: 30 }, () => clientAt(ip)));
    const responses = await Promise.all(clients.map((c) => signIn(c, dealer.username, dealer.password)));
    expect(statuses(responses)).toEqual({ 200: 30 });
  });

  it('does not count a successful sign-in against the address', async () => {
    const dealer = await createDealer(t.db);
    const office = address();
    for (let i = 0; i < 12; i++) {
      expect((await signIn(await clientAt(office), dealer.username, dealer.password)).statusCode).toBe(200);
    }
  });
});

describe('reset-password limits', () => {
  it('counts 30 parallel wrong reset tokens from one address exactly: 10 × 400, 20 × 429', async () => {
    const ip = address();
    const clients = await Promise.all(Array.from({ length: 30 }, () => clientAt(ip)));
    const responses = await Promise.all(
      clients.map((c, i) =>
        c.post('/api/old/auth/reset-password', {
          token: `not-a-token-${i}`,
          password: 'long enough 1',
          confirm_password: 'long enough 1',
          _token: c.token,
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 400: 10, 429: 20 });
  });
});

describe('forgot-password limits', () => {
  const forgot = (c: TestClient, email: string) =>
    c.post('/api/old/auth/forgot-password', { email, _token: c.token });

  it('accepts 5 of 30 parallel requests for one address (from 30 addresses) and sends 5 mails', async () => {
    const dealer = await createDealer(t.db);
    const clients = await Promise.all(Array.from({ length: 30 }, () => clientAt(address())));
    const responses = await Promise.all(clients.map((c) => forgot(c, dealer.email)));
    expect(statuses(responses)).toEqual({ 200: 5, 429: 25 });
    await queueDrained();
    const files = await fs.readdir(t.outboxDir).catch(() => [] as string[]);
    const texts = await Promise.all(files.map((f) => fs.readFile(path.join(t.outboxDir, f), 'utf8')));
    const mails = texts.filter((text) => text.includes(`To: ${dealer.email}`)).length;
    expect(mails).toBe(5);
  });

  it('accepts exactly 10 of 30 parallel requests from one address (10 a minute)', async () => {
    const ip = address();
    const clients = await Promise.all(Array.from({ length: 30 }, () => clientAt(ip)));
    const responses = await Promise.all(clients.map((c, i) => forgot(c, `nobody-${i}@nowhere.example`)));
    expect(statuses(responses)).toEqual({ 200: 10, 429: 20 });
  });
});

describe('forgot-password does the same work for any address', () => {
  /** The SQL the app's pool ran while `call` ran (pg-boss has its own pool and is not counted). */
  async function statementsOf(call: () => Promise<{ statusCode: number; body: string }>) {
    const texts: string[] = [];
    const pool = t.pool as unknown as { query: (...args: unknown[]) => unknown };
    const query = pool.query;
    pool.query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string };
      texts.push(typeof first === 'string' ? first : first.text);
      return query.apply(t.pool, args);
    };
    try {
      const res = await call();
      return { status: res.statusCode, body: res.body, texts };
    } finally {
      pool.query = query;
    }
  }
  const queued = async () => {
    const { rows } = await t.pool.query<{ name: string; email: string }>(
      "SELECT name, data->>'email' AS email FROM pgboss.job WHERE name IN ($1, 'mail') ORDER BY created_on",
      [PASSWORD_RESET_QUEUE],
    );
    return rows;
  };

  it('answers a known and an unknown address after the same statements and one queued job each', async () => {
    await queueDrained();
    await t.jobs.boss.offWork(PASSWORD_RESET_QUEUE); // hold the jobs to look at them
    const before = (await queued()).length;
    const dealer = await createDealer(t.db);
    const known = await clientAt(address());
    const unknown = await clientAt(address());
    const a = await statementsOf(() =>
      known.post('/api/old/auth/forgot-password', { email: dealer.email, _token: known.token }),
    );
    const b = await statementsOf(() =>
      unknown.post('/api/old/auth/forgot-password', {
        email: 'ghost@nowhere.example',
        _token: unknown.token,
      }),
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toBe(a.body);
    expect(b.texts).toEqual(a.texts);
    // In the request: the session lookup aside, only the two counters (no user lookup, no token).
    const counter = expect.stringContaining('INSERT INTO rate_limits');
    expect(a.texts.filter((q) => !q.includes('from "sessions"'))).toEqual([counter, counter]);
    expect((await queued()).slice(before)).toEqual([
      { name: PASSWORD_RESET_QUEUE, email: dealer.email },
      { name: PASSWORD_RESET_QUEUE, email: 'ghost@nowhere.example' },
    ]);
    const tokens = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, dealer.userId));
    expect(tokens).toEqual([]);
  });
});

describe('limit addresses', () => {
  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(limitAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(limitAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(limitAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(limitAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
