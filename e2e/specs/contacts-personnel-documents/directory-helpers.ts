import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '../../fixtures';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../screenshots');

export type ImportSummary = {
  rows: { line: number; name: string; email: string; errors: string[]; action: string }[];
  created: number;
  merged: number;
  skipped: number;
};

/** Uploads a contacts CSV as multipart field `file` (preview: nothing is written) and answers the summary. */
export async function importContactsViaApi(
  request: APIRequestContext,
  csv: string,
  { preview = false }: { preview?: boolean } = {},
): Promise<ImportSummary> {
  const token = await (await request.get('/api/old/auth/generate-token')).json();
  const res = await request.post(preview ? '/api/contacts/import/preview' : '/api/contacts/import', {
    headers: { 'x-csrf-token': token },
    multipart: { file: { name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

export type ContactRow = { id: string; name: string; email: string; phone: string };

/** Contacts whose name, email or phone contain `search`: the total and the first page. */
export async function searchContactsViaApi(
  request: APIRequestContext,
  search: string,
  limit = 50,
): Promise<{ total: number; data: ContactRow[] }> {
  const res = await request.post('/api/contacts', {
    data: { filters: search ? { search } : {}, pagination: { limit, offset: 0 } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A CSV of `count` contacts named `<prefix> 001`…, each with its own email and phone. */
export function contactsCsv(prefix: string, count: number): string {
  const lines = ['Name,Email,Phone'];
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(3, '0');
    lines.push(`${prefix} ${n},${prefix.toLowerCase()}.${n}@example.com,04${String(10_000_000 + i)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Turns a local-storage feature flag on before the app reads its flags (analytics is off in tests). */
export async function enableFlag(page: Page, flag: 'Personnel' | 'QuotePriceBreakdown') {
  await page.addInitScript((name) => {
    const flags = JSON.parse(window.localStorage.getItem('slat.devFlags') ?? '{}') as Record<string, boolean>;
    window.localStorage.setItem('slat.devFlags', JSON.stringify({ ...flags, [name]: true }));
  }, flag);
}
