import { contactMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInClient, type TestApp, type TestClient, uploadAs } from './harness';

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

const search = (c: TestClient, body: Record<string, unknown>) => c.post('/api/contacts', body);

describe('contacts', () => {
  it('creates contacts and validates name and email', async () => {
    const ok = await client.post('/api/contacts/create', {
      name: ' Olivia Bennett ',
      email: 'Olivia@Example.com',
      phone: '0412 345 678',
    });
    expect(ok.json()).toMatchObject({
      id: expect.any(String),
      name: 'Olivia Bennett',
      email: 'Olivia@Example.com',
    });
    const noName = await client.post('/api/contacts/create', { name: '' });
    expect(noName.json().error.fields).toEqual([{ path: 'name', message: contactMessages.nameRequired }]);
    const badEmail = await client.post('/api/contacts/create', { name: 'X', email: 'nope' });
    expect(badEmail.json().error.fields).toEqual([{ path: 'email', message: contactMessages.emailInvalid }]);
  });

  it('searches name, email and phone case-insensitively, with totals right at the page edges', async () => {
    for (let i = 0; i < 12; i++) {
      await client.post('/api/contacts/create', {
        name: `Paging Person ${String(i).padStart(2, '0')}`,
        email: `p${i}@paging.test`,
        phone: `02 9000 10${String(i).padStart(2, '0')}`,
      });
    }
    const page1 = (
      await search(client, { filters: { search: 'PAGING' }, pagination: { limit: 5, offset: 0 } })
    ).json();
    expect(page1.total).toBe(12);
    expect(page1.data.map((c: { name: string }) => c.name)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `Paging Person 0${i}`),
    );
    const last = (
      await search(client, { filters: { search: 'paging' }, pagination: { limit: 5, offset: 10 } })
    ).json();
    expect(last.data).toHaveLength(2);
    expect(last.total).toBe(12);
    const past = (
      await search(client, { filters: { search: 'paging' }, pagination: { limit: 5, offset: 12 } })
    ).json();
    expect(past).toEqual({ total: 12, data: [] });
    expect(
      (await search(client, { filters: { search: 'P7@PAGING' } }))
        .json()
        .data.map((c: { email: string }) => c.email),
    ).toEqual(['p7@paging.test']);
    expect((await search(client, { filters: { search: '9000 1003' } })).json().total).toBe(1);
    expect((await search(client, { filters: { search: '0290001003' } })).json().total).toBe(1);
    const sorted = (
      await search(client, {
        filters: { search: 'paging' },
        sort: '-name',
        pagination: { limit: 1, offset: 0 },
      })
    ).json();
    expect(sorted.data[0].name).toBe('Paging Person 11');
  });

  it('keeps another dealer’s contacts out of lists and answers 404 for them', async () => {
    const theirs = (await otherClient.post('/api/contacts/create', { name: 'Secret Client' })).json();
    expect((await search(client, { filters: { search: 'Secret' } })).json().total).toBe(0);
    expect((await client.get(`/api/contacts/${theirs.id}`)).statusCode).toBe(404);
    expect((await client.get('/api/contacts/not-a-uuid')).statusCode).toBe(400);
    const bad = await search(client, { pagination: { limit: 0 } });
    expect(bad.json().error.fields[0].path).toBe('pagination.limit');
  });

  it('shows the deals of a contact, and a deal can point at it', async () => {
    const contact = (await client.post('/api/contacts/create', { name: 'Jack Nguyen' })).json();
    const [wf] = (await client.get('/api/workflows')).json();
    const deal = (
      await client.post('/api/deals', { workflowId: wf.id, name: 'Nguyen — lounge', contactId: contact.id })
    ).json();
    expect(deal.contact).toEqual({ name: 'Jack Nguyen', email: '' });
    const detail = (await client.get(`/api/contacts/${contact.id}`)).json();
    expect(detail.relatedDeals).toEqual([
      {
        id: deal.id,
        tuid: deal.tuid,
        status: 'New Enquiry',
        customer: 'Jack Nguyen',
        description: '',
        workflowSlug: 'residential',
      },
    ]);
    const theirs = (await otherClient.post('/api/contacts/create', { name: 'Not yours' })).json();
    const refused = await client.put(`/api/deals/${deal.id}`, { name: 'x', contactId: theirs.id });
    expect(refused.json().error.fields).toEqual([{ path: 'contactId', message: 'Contact not found' }]);
  });
});

const upload = (c: TestClient, url: string, filename: string, content: string) =>
  uploadAs(c, url, { filename, content });

describe('contact import and export', () => {
  const csv = [
    'Name,Email,Phone',
    'Import One,one@import.test,0400 000 001',
    'Import Two,two@import.test,',
    'Import Two Again,TWO@import.test,0400 000 002',
    ',bad-address,',
  ].join('\n');

  it('previews row by row and writes nothing', async () => {
    const preview = await upload(client, '/api/contacts/import/preview', 'people.csv', csv);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ created: 2, merged: 1, skipped: 1 });
    expect(preview.json().rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'merge'],
      [5, 'skip'],
    ]);
    expect((await search(client, { filters: { search: '@import.test' } })).json().total).toBe(0);
  });

  it('imports: duplicates by email merged (filling blanks), not doubled; a second import only merges', async () => {
    const res = await upload(client, '/api/contacts/import', 'people.csv', csv);
    expect(res.json()).toMatchObject({ created: 2, merged: 1, skipped: 1 });
    const found = (await search(client, { filters: { search: '@import.test' } })).json();
    expect(found.data.map((c: { name: string; phone: string }) => [c.name, c.phone])).toEqual([
      ['Import One', '0400 000 001'],
      ['Import Two', '0400 000 002'],
    ]);
    const again = await upload(client, '/api/contacts/import', 'people.csv', csv);
    expect(again.json()).toMatchObject({ created: 0, merged: 3, skipped: 1 });
    expect((await search(client, { filters: { search: '@import.test' } })).json().total).toBe(2);
  });

  it('imports vCards and refuses other files', async () => {
    const vcf = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Card Person\r\nEMAIL:card@import.test\r\nEND:VCARD\r\n';
    expect((await upload(client, '/api/contacts/import', 'card.vcf', vcf)).json()).toMatchObject({
      created: 1,
    });
    const pdf = await upload(client, '/api/contacts/import', 'x.pdf', '%PDF-1.4');
    expect(pdf.json().error.fields[0].path).toBe('file');
  });

  it('exports every contact of the account as CSV', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/contacts/export',
      headers: { cookie: `slat_session=${client.cookie}` },
    });
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('contacts.csv');
    expect(res.body).toContain('Import One,one@import.test,0400 000 001\r\n');
    expect(res.body).not.toContain('Secret Client');
  });

  it('stores external data for a contact', async () => {
    const contact = (await client.post('/api/contacts/create', { name: 'Linked Person' })).json();
    const res = await client.post(`/api/contacts/${contact.id}/update`, {
      externalLink: 'https://crm.example.com/people/42',
      providerSchema: 'crm',
      externalData: { id: 42, tags: ['vip'] },
    });
    expect(res.json()).toMatchObject({
      externalLink: 'https://crm.example.com/people/42',
      externalData: { id: 42, tags: ['vip'] },
    });
    const theirs = (await otherClient.post('/api/contacts/create', { name: 'Theirs' })).json();
    expect((await client.post(`/api/contacts/${theirs.id}/update`, { externalData: {} })).statusCode).toBe(
      404,
    );
    expect(
      (await client.post(`/api/contacts/${contact.id}/update`, { externalLink: 'not a url' })).json().error
        .fields[0].path,
    ).toBe('externalLink');
  });
});

// Contacts edited outside the deal editor, and an export of exactly what the list shows.

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
