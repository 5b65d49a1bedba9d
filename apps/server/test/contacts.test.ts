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
