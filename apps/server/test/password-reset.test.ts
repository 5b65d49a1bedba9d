import fs from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@slat/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions } from '../src/db/schema';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';
import { resetLinkIn, startMailCatcher } from './mail-catcher';

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function forgot(client: TestClient, email: string) {
  const token = await client.fetchToken();
  return client.post('/api/old/auth/forgot-password', { email, _token: token });
}
async function reset(client: TestClient, token: string, password: string, confirm = password) {
  const csrf = await client.fetchToken();
  return client.post('/api/old/auth/reset-password', {
    token,
    password,
    confirm_password: confirm,
    _token: csrf,
  });
}

describe('forgot and reset with a real SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails a link that resets the password once; the old password and other sessions stop working', async () => {
    const dealer = await createDealer(t.db);
    const elsewhere = await signedInClient(t, dealer);
    const client = new TestClient(t.app);
    const res = await forgot(client, dealer.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });

    const mail = await smtp.waitFor(dealer.email);
    const link = resetLinkIn(mail.raw);
    expect(link.startsWith('http://slat.test/reset-password?token=')).toBe(true);
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, dealer.userId));
    expect(stored?.tokenHash).not.toBe(tokenOf(link)); // only a hash is stored

    expect((await reset(client, tokenOf(link), 'a brand new secret')).statusCode).toBe(200);
    expect((await new TestClient(t.app).signIn(dealer.username, 'a brand new secret')).statusCode).toBe(200);
    expect((await new TestClient(t.app).signIn(dealer.username, dealer.password)).statusCode).toBe(400);
    expect((await elsewhere.post('/api/old/auth/me')).statusCode).toBe(401);

    const again = await reset(client, tokenOf(link), 'yet another secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'INVALID_RESET_TOKEN', message: messages.resetFailed });
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await forgot(new TestClient(t.app), 'nobody@nowhere.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const dealer = await createDealer(t.db);
    await forgot(new TestClient(t.app), dealer.email);
    await smtp.waitFor(dealer.email);
    expect(smtp.mails.slice(before).every((m) => !m.to.includes('nobody@nowhere.example'))).toBe(true);
  });

  it('refuses an expired token with the spec message', async () => {
    const dealer = await createDealer(t.db);
    await forgot(new TestClient(t.app), dealer.email);
    const link = resetLinkIn((await smtp.waitFor(dealer.email)).raw);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, dealer.userId));
    const res = await reset(new TestClient(t.app), tokenOf(link), 'fine password 123');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.resetFailed);
  });

  it('keeps a token valid for 60 minutes', async () => {
    const dealer = await createDealer(t.db);
    await forgot(new TestClient(t.app), dealer.email);
    await smtp.waitFor(dealer.email);
    const [row] = await t.db
      .select({
        minutes: sql<number>`round(extract(epoch FROM ${passwordResetTokens.expiresAt} - now()) / 60)::int`,
      })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, dealer.userId));
    expect(row?.minutes).toBe(60);
  });

  it('refuses weak, missing and mismatched passwords with the spec messages, and keeps the token', async () => {
    const dealer = await createDealer(t.db);
    await forgot(new TestClient(t.app), dealer.email);
    const token = tokenOf(resetLinkIn((await smtp.waitFor(dealer.email)).raw));
    const client = new TestClient(t.app);
    const short = await reset(client, token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toContainEqual({
      path: 'password',
      message: messages.passwordTooShort,
    });
    const mismatch = await reset(client, token, 'long enough 1', 'long enough 2');
    expect(mismatch.json().error.fields).toEqual([
      { path: 'confirm_password', message: messages.passwordsDoNotMatch },
    ]);
    const csrf = await client.fetchToken();
    const missing = await client.post('/api/old/auth/reset-password', { token, _token: csrf });
    expect(missing.json().error.fields).toEqual([
      { path: 'password', message: messages.newPasswordRequired },
      { path: 'confirm_password', message: messages.confirmPasswordRequired },
    ]);
    expect((await reset(client, token, 'long enough 1')).statusCode).toBe(200);
  });

  it('validates the forgot-password address', async () => {
    const client = new TestClient(t.app);
    const token = await client.fetchToken();
    const empty = await client.post('/api/old/auth/forgot-password', { email: '', _token: token });
    expect(empty.json().error.fields).toEqual([{ path: 'email', message: messages.emailRequired }]);
    const bad = await client.post('/api/old/auth/forgot-password', {
      email: 'not-an-address',
      _token: token,
    });
    expect(bad.json().error.fields).toEqual([{ path: 'email', message: messages.emailInvalid }]);
  });

  it('rate-limits forgot-password per address', async () => {
    const dealer = await createDealer(t.db);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await forgot(new TestClient(t.app), dealer.email)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('ends the user’s other sessions but keeps the one that reset', async () => {
    const dealer = await createDealer(t.db);
    const other = await signedInClient(t, dealer);
    const current = await signedInClient(t, dealer);
    await forgot(new TestClient(t.app), dealer.email);
    const token = tokenOf(resetLinkIn((await smtp.waitFor(dealer.email)).raw));
    expect((await reset(current, token, 'kept session pass')).statusCode).toBe(200);
    expect((await current.post('/api/old/auth/me')).statusCode).toBe(200);
    expect((await other.post('/api/old/auth/me')).statusCode).toBe(401);
    const [left] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, dealer.userId));
    expect(left?.n).toBe(1);
  });
});

describe('outbox mode (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the mail as an .eml file whose link resets the password', async () => {
    const dealer = await createDealer(t.db);
    expect((await forgot(new TestClient(t.app), dealer.email)).statusCode).toBe(200);
    let raw = '';
    for (let i = 0; i < 60 && !raw; i++) {
      const files = await fs.readdir(t.outboxDir).catch(() => [] as string[]);
      if (files[0]) raw = await fs.readFile(path.join(t.outboxDir, files[0]), 'utf8');
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(raw).toContain(`To: ${dealer.email}`);
    const link = resetLinkIn(raw);
    expect((await reset(new TestClient(t.app), tokenOf(link), 'from the outbox')).statusCode).toBe(200);
    expect((await new TestClient(t.app).signIn(dealer.username, 'from the outbox')).statusCode).toBe(200);
  });
});

describe('mail survives an SMTP outage', () => {
  it('retries until the SMTP server comes back, and delivers', async () => {
    const probe = await startMailCatcher();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const dealer = await createDealer(t.db);
      await forgot(new TestClient(t.app), dealer.email);
      // Wait until the queue has failed at least once.
      for (let i = 0; i < 80; i++) {
        const { rows } = await t.pool.query<{ retries: number }>(
          "SELECT retry_count AS retries FROM pgboss.job WHERE name = 'mail'",
        );
        if ((rows[0]?.retries ?? 0) > 0) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const { rows } = await t.pool.query<{ retries: number }>(
        "SELECT retry_count AS retries FROM pgboss.job WHERE name = 'mail'",
      );
      expect(rows[0]?.retries).toBeGreaterThan(0);
      const smtp = await startMailCatcher(port);
      try {
        const mail = await smtp.waitFor(dealer.email, 30_000);
        expect(resetLinkIn(mail.raw)).toContain('/reset-password?token=');
      } finally {
        await smtp.close();
      }
    } finally {
      await t.close();
    }
  }, 60_000);
});
