import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, test as base, expect } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config';

export const DEMO = { username: 'demo', password: 'demo1234' } as const;

/** Signs in through the API (not the form): the browser context then carries the session cookie. */
export async function signInViaApi(
  request: APIRequestContext,
  username: string = DEMO.username,
  password: string = DEMO.password,
) {
  const token = await (await request.get('/api/old/auth/generate-token')).json();
  const res = await request.post('/api/old/auth', {
    data: { username, password, master_console: false, remember: false, _token: token },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The newest .eml in the outbox whose text contains `needle` (waits for the job queue to deliver it). */
export async function readOutboxMail(needle: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
    for (const f of files) {
      const text = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (text.includes(needle)) return text;
    }
    if (Date.now() > deadline) throw new Error(`no outbox mail containing ${needle}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Names of the .eml files in the outbox now (to tell a new mail from an old one). */
export function outboxFiles(): string[] {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** The reset link of the first mail that arrives after `before` (a list from outboxFiles()) and contains `needle`. */
export async function readNewResetLink(
  needle: string,
  before: string[],
  timeoutMs = 15_000,
): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, 'outbox');
  const seen = new Set(before);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const f of outboxFiles().filter((name) => !seen.has(name))) {
      const text = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const link = text.match(/https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/)?.[0];
      if (text.includes(needle) && link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no new reset mail containing ${needle}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Sets a user's password through the forgot/reset API (mail read from the outbox). */
export async function resetPasswordViaApi(request: APIRequestContext, email: string, password: string) {
  const before = outboxFiles();
  const token = await (await request.get('/api/old/auth/generate-token')).json();
  const forgot = await request.post('/api/old/auth/forgot-password', { data: { email, _token: token } });
  expect(forgot.status(), await forgot.text()).toBe(200);
  const link = new URL(await readNewResetLink(email, before));
  const fresh = await (await request.get('/api/old/auth/generate-token')).json();
  const res = await request.post('/api/old/auth/reset-password', {
    data: { token: link.searchParams.get('token'), password, confirm_password: password, _token: fresh },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const DEMO_EMAIL = 'dana@harbourblinds.example';

/** A state-changing API call with the session's CSRF token (test setup and clean-up). */
export async function apiWrite(
  request: APIRequestContext,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
) {
  const token = await (await request.get('/api/old/auth/generate-token')).json();
  const res = await request.fetch(url, {
    method,
    headers: { 'x-csrf-token': token },
    ...(data === undefined ? {} : { data }),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.status() === 204 ? undefined : res.json();
}

export const test = base;
export { expect };
