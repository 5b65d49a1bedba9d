import { readFileSync } from 'node:fs';
import { parseCsv } from '@slat/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { createTestApp, signedInClient, type TestApp, type TestClient, uploadAs } from './harness';

// Contact imports idempotent under concurrency (one contact per email in an account),
// formulas neutralised in the CSV export, and the migration that merges existing duplicates.
let t: TestApp;
let client: TestClient;
let otherClient: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  [client, otherClient] = await Promise.all([signedInClient(t), signedInClient(t)]);
});
afterAll(async () => {
  await t?.close();
});

const importCsv = (c: TestClient, csv: string) =>
  uploadAs(c, '/api/contacts/import', { filename: 'people.csv', content: csv });
const search = async (c: TestClient, text: string) =>
  (await c.post('/api/contacts', { filters: { search: text } })).json() as {
    total: number;
    data: { id: string; name: string; email: string; phone: string }[];
  };
const accountOf = async (c: TestClient) => {
  const made = (await c.post('/api/contacts/create', { name: `Account probe ${Math.random()}` })).json();
  const { rows } = await t.pool.query<{ account_id: number }>(
    'SELECT account_id FROM contacts WHERE id = $1',
    [made.id],
  );
  return rows[0]!.account_id;
};

describe('contact import under concurrency', () => {
  it('makes one contact of 10 parallel imports of the same row, and says which import made it', async () => {
    const csv = 'Name,Email,Phone\nParallel Person,parallel@import.test,0400 000 010\n';
    const results = await Promise.all(Array.from({ length: 10 }, () => importCsv(client, csv)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    const found = await search(client, 'parallel@import.test');
    expect(found.total).toBe(1);
    expect(found.data[0]).toMatchObject({ name: 'Parallel Person', phone: '0400 000 010' });
    const summaries = results.map((r) => r.json() as { created: number; merged: number });
    expect(summaries.filter((s) => s.created === 1)).toHaveLength(1);
    expect(summaries.filter((s) => s.merged === 1)).toHaveLength(9);
  });

  it('merges parallel imports of files whose rows come in other orders, without a deadlock', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => `Order ${i},order${i}@import.test,`);
    const files = Array.from({ length: 6 }, (_, n) =>
      ['Name,Email,Phone', ...(n % 2 ? [...rows].reverse() : rows)].join('\n'),
    );
    const results = await Promise.all(files.map((csv) => importCsv(client, csv)));
    for (const res of results) expect(res.statusCode, res.body).toBe(200);
    expect(
      (await search(client, '@import.test')).data.filter((c) => c.name.startsWith('Order')),
    ).toHaveLength(8);
    expect(results.reduce((n, r) => n + r.json().created, 0)).toBe(8);
  });

  it('keeps emails per account: another dealer importing the same row gets a contact of their own', async () => {
    const csv = 'Name,Email,Phone\nShared Person,shared@import.test,\n';
    expect((await importCsv(client, csv)).json()).toMatchObject({ created: 1 });
    expect((await importCsv(otherClient, csv)).json()).toMatchObject({ created: 1 });
    expect((await search(otherClient, 'shared@import.test')).total).toBe(1);
  });
});

describe('creating a contact by hand', () => {
  it('answers 409 on the email when the account has a contact with that email (any case)', async () => {
    const first = await client.post('/api/contacts/create', { name: 'Hand Made', email: 'hand@made.test' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await client.post('/api/contacts/create', { name: 'Hand Again', email: 'HAND@made.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual([
      { path: 'email', message: 'A contact with this email already exists' },
    ]);
    expect((await search(client, 'hand@made.test')).total).toBe(1);
    // Without an email there is nothing to be unique; another dealer has their own contacts.
    for (const c of [client, client, otherClient]) {
      expect((await c.post('/api/contacts/create', { name: 'No Email Twin' })).statusCode).toBe(200);
    }
    expect(
      (await otherClient.post('/api/contacts/create', { name: 'Theirs', email: 'hand@made.test' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('contacts CSV export', () => {
  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const exporter = await signedInClient(t);
    await exporter.post('/api/contacts/create', {
      name: '=HYPERLINK("http://x","y")',
      email: '',
      phone: '+61 2 9999 0000',
    });
    await exporter.post('/api/contacts/create', { name: '@SUM(A1)', phone: '-1+1' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/contacts/export',
      headers: { cookie: `${SESSION_COOKIE}=${exporter.cookie}` },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(['Name', 'Email', 'Phone']);
    expect(rows).toEqual([
      ['\'=HYPERLINK("http://x","y")', '', "'+61 2 9999 0000"],
      ["'@SUM(A1)", '', "'-1+1"],
    ]);
    // Imported back, the cells are what was exported from.
    const back = await uploadAs(exporter, '/api/contacts/import/preview', {
      filename: 'back.csv',
      content: res.body,
    });
    expect(back.json().rows.map((r: { name: string; phone: string }) => [r.name, r.phone])).toEqual([
      ['=HYPERLINK("http://x","y")', '+61 2 9999 0000'],
      ['@SUM(A1)', '-1+1'],
    ]);
  });
});

describe('migration 0010 on a database that holds duplicate emails', () => {
  it('merges each account’s duplicates into the oldest, filling its blanks, moving deals, then adds the index', async () => {
    const accountId = await accountOf(client);
    const otherAccountId = await accountOf(otherClient);
    await t.pool.query('DROP INDEX contacts_account_email_key');
    const insert = async (account: number, name: string, email: string, phone: string, daysAgo: number) => {
      const { rows } = await t.pool.query<{ id: string }>(
        `INSERT INTO contacts (account_id, name, email, phone, external_link, created_at)
         VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6)) RETURNING id`,
        [account, name, email, phone, name === 'Newer' ? 'https://crm.example/1' : null, daysAgo],
      );
      return rows[0]!.id;
    };
    const oldest = await insert(accountId, 'Oldest', 'dup@merge.test', '', 3);
    const newer = await insert(accountId, 'Newer', 'DUP@merge.test', '0400 000 001', 2);
    const newest = await insert(accountId, '', 'dup@merge.test', '0400 000 002', 1);
    const theirs = await insert(otherAccountId, 'Theirs', 'dup@merge.test', '', 1);
    const [wf] = (await client.get('/api/workflows')).json();
    const deal = (
      await client.post('/api/deals', { workflowId: wf.id, name: 'Dup deal', contactId: newer })
    ).json();

    const statements = readFileSync(
      new URL('../src/db/migrations/0010_contacts_unique_email.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    const db = await t.pool.connect();
    try {
      await db.query('BEGIN');
      for (const statement of statements) await db.query(statement);
      await db.query('COMMIT');
    } finally {
      db.release();
    }

    const { rows } = await t.pool.query(
      `SELECT id, account_id, name, phone, external_link FROM contacts
       WHERE lower(email) = 'dup@merge.test' ORDER BY account_id = $1 DESC`,
      [accountId],
    );
    expect(rows).toEqual([
      {
        id: oldest,
        account_id: accountId,
        name: 'Oldest',
        phone: '0400 000 001',
        external_link: 'https://crm.example/1',
      },
      { id: theirs, account_id: otherAccountId, name: 'Theirs', phone: '', external_link: null },
    ]);
    expect((await client.get(`/api/deals/${deal.id}`)).json().contactId).toBe(oldest);
    const gone = await t.pool.query('SELECT id FROM contacts WHERE id = ANY($1::uuid[])', [[newer, newest]]);
    expect(gone.rows).toEqual([]);
    const index = await t.pool.query(
      `SELECT indexdef FROM pg_indexes WHERE indexname = 'contacts_account_email_key'`,
    );
    expect(index.rows[0].indexdef).toContain('UNIQUE');
  });
});
