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

export const test = base;
export { expect };
