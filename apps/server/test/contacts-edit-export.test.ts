import { contactMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestApp, type TestClient } from './harness';

// Issue 12: contacts edited outside the deal editor, and an export of exactly what the list shows.

let t: TestApp;
let client: TestClient;
let otherClient: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  client = await signedInClient(t);
  otherClient = await signedInClient(t);
});
afterAll(async () => {
  await t?.close();
});

const create = async (c: TestClient, body: Record<string, string>) => {
  const res = await c.post('/api/contacts/create', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; name: string; email: string; phone: string }>();
};

/** The export's data rows (header and byte order mark left out), each as [name, email, phone]. */
async function exportRows(c: TestClient, query = ''): Promise<string[][]> {
  const res = await c.get(`/api/contacts/export${query}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  const [header, ...lines] = res.body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  expect(header).toBe('Name,Email,Phone');
  return lines.map((line) => line.split(','));
}

/** The names the list's search shows on its first page. */
const listed = async (c: TestClient, body: Record<string, unknown>) =>
  (await c.post('/api/contacts', body)).json<{ data: { name: string }[] }>().data.map((r) => r.name);

describe('editing a contact', () => {
  it('changes name, email and phone, trimmed, and the contact reads the same afterwards', async () => {
    const made = await create(client, { name: 'Edit Me', email: 'edit.me@example.test', phone: '1' });
    const res = await client.put(`/api/contacts/${made.id}`, {
      name: ' Edited Person ',
      email: ' Edited@Example.test ',
      phone: ' 02 9999 0000 ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: made.id,
      name: 'Edited Person',
      email: 'Edited@Example.test',
      phone: '02 9999 0000',
      relatedDeals: [],
    });
    expect((await client.get(`/api/contacts/${made.id}`)).json()).toMatchObject({
      name: 'Edited Person',
      email: 'Edited@Example.test',
    });
    // keeping its own email (in another case) is no conflict; clearing it is allowed
    expect(
      (await client.put(`/api/contacts/${made.id}`, { name: 'Edited Person', email: 'EDITED@example.test' }))
        .statusCode,
    ).toBe(200);
    const cleared = await client.put(`/api/contacts/${made.id}`, { name: 'Edited Person' });
    expect(cleared.json()).toMatchObject({ email: '', phone: '' });
  });

  it('answers 404 for another dealer’s contact and changes nothing of it', async () => {
    const theirs = await create(otherClient, { name: 'Their Client', email: 'their.client@example.test' });
    const res = await client.put(`/api/contacts/${theirs.id}`, { name: 'Taken Over', email: '' });
    expect(res.statusCode, res.body).toBe(404);
    expect((await otherClient.get(`/api/contacts/${theirs.id}`)).json()).toMatchObject({
      name: 'Their Client',
      email: 'their.client@example.test',
    });
    const missing = await client.put('/api/contacts/00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 409 on email when another contact of the account has it (any case), and keeps both', async () => {
    await create(client, { name: 'First Owner', email: 'owner@dupe.test' });
    const second = await create(client, { name: 'Second', email: 'second@dupe.test' });
    const res = await client.put(`/api/contacts/${second.id}`, { name: 'Second', email: 'OWNER@dupe.test' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.fields).toEqual([{ path: 'email', message: contactMessages.emailTaken }]);
    expect((await client.get(`/api/contacts/${second.id}`)).json().email).toBe('second@dupe.test');
    // the same email in another account is no conflict
    const theirs = await create(otherClient, { name: 'Elsewhere', email: 'elsewhere@dupe.test' });
    expect(
      (await otherClient.put(`/api/contacts/${theirs.id}`, { name: 'Elsewhere', email: 'owner@dupe.test' }))
        .statusCode,
    ).toBe(200);
    // creating with a taken email says the same
    const dupe = await client.post('/api/contacts/create', { name: 'Third', email: 'Owner@Dupe.test' });
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json().error.fields).toEqual([{ path: 'email', message: contactMessages.emailTaken }]);
  });

  it('validates like create: a name is required, the email must be one', async () => {
    const made = await create(client, { name: 'Valid One' });
    const noName = await client.put(`/api/contacts/${made.id}`, { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toEqual([{ path: 'name', message: contactMessages.nameRequired }]);
    const badEmail = await client.put(`/api/contacts/${made.id}`, { name: 'Valid One', email: 'nope' });
    expect(badEmail.json().error.fields).toEqual([{ path: 'email', message: contactMessages.emailInvalid }]);
    expect((await client.put('/api/contacts/not-a-uuid', { name: 'X' })).statusCode).toBe(400);
  });
});

describe('export of what the list shows', () => {
  beforeAll(async () => {
    for (const [name, email, phone] of [
      ['Zed Exporter', 'zed@export.test', '0400 111 222'],
      ['Amy Exporter', 'amy@export.test', '0400 111 333'],
      ['Mia Exporter', 'mia@export.test', '02 5555 0001'],
      ['Unrelated Person', 'someone@else.test', '0400 999 999'],
    ])
      await create(client, { name: name!, email: email!, phone: phone! });
    await create(otherClient, { name: 'Foreign Exporter', email: 'foreign@export.test' });
  });

  it('exports only the contacts matching the search, as the list finds them', async () => {
    const rows = await exportRows(client, '?search=exporter');
    expect(rows).toEqual([
      ['Amy Exporter', 'amy@export.test', '0400 111 333'],
      ['Mia Exporter', 'mia@export.test', '02 5555 0001'],
      ['Zed Exporter', 'zed@export.test', '0400 111 222'],
    ]);
    expect(rows.map((r) => r[0])).toEqual(await listed(client, { filters: { search: 'exporter' } }));
    // one match: one row (the issue: 18 rows exported while 1 was shown)
    expect(await exportRows(client, '?search=amy%40export')).toEqual([
      ['Amy Exporter', 'amy@export.test', '0400 111 333'],
    ]);
    // a phone typed with other spacing finds what the list finds
    expect((await exportRows(client, '?search=0400111222')).map((r) => r[0])).toEqual(['Zed Exporter']);
    expect(await exportRows(client, '?search=no-such-contact-anywhere')).toEqual([]);
  });

  it('exports in the list’s sort order', async () => {
    const rows = await exportRows(client, '?search=export&sort=-name');
    expect(rows.map((r) => r[0])).toEqual(['Zed Exporter', 'Mia Exporter', 'Amy Exporter']);
    expect(rows.map((r) => r[0])).toEqual(
      await listed(client, { filters: { search: 'export' }, sort: '-name' }),
    );
    const byPhone = await exportRows(client, '?search=exporter&sort=phone');
    expect(byPhone.map((r) => r[0])).toEqual(['Mia Exporter', 'Zed Exporter', 'Amy Exporter']);
  });

  it('without a search exports every contact of the account (none of another’s)', async () => {
    const all = await exportRows(client);
    expect(all.map((r) => r[0])).toContain('Unrelated Person');
    expect(all.map((r) => r[0])).not.toContain('Foreign Exporter');
    expect(all).toHaveLength((await client.post('/api/contacts', {})).json().total);
    expect((await exportRows(client, '?search=foreign')).map((r) => r[0])).toEqual([]);
  });

  it('refuses a sort that is not a column', async () => {
    const res = await client.get('/api/contacts/export?sort=password');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[0].path).toBe('sort');
  });
});
