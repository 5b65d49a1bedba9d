import { BADGE_PALETTE, personInitials, personMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSupplierDocuments } from '../src/db/seed/documents';
import { createDealer, createTestApp, signedInClient, type TestApp, type TestClient } from './harness';
import { createSupplier } from './supplier-fixtures';

let t: TestApp;
let dealer: Awaited<ReturnType<typeof createDealer>>;
let client: TestClient;
let otherClient: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  dealer = await createDealer(t.db);
  client = await signedInClient(t, dealer);
  otherClient = await signedInClient(t);
});
afterAll(async () => {
  await t?.close();
});

describe('personnel', () => {
  it('adds, lists, edits and archives people, with a palette badge colour', async () => {
    const created = await client.post('/api/personnel/create', {
      name: 'Marcus Lee',
      email: 'marcus@example.test',
      labels: ['Installer', ' Installer ', 'Van 2'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    const [person] = (await client.get('/api/personnel')).json();
    expect(person).toMatchObject({ id, name: 'Marcus Lee', labels: ['Installer', 'Van 2'], notes: '' });
    expect(BADGE_PALETTE as readonly string[]).toContain(person.badgeColor);
    const edited = await client.put(`/api/personnel/${id}/update`, {
      name: 'Marcus J. Lee',
      email: 'marcus@example.test',
      labels: ['Installer'],
      notes: 'Ladder certified',
      badgeColor: '#2f9e44',
    });
    expect(edited.json()).toMatchObject({
      name: 'Marcus J. Lee',
      notes: 'Ladder certified',
      badgeColor: '#2f9e44',
    });
    expect((await client.get('/api/personnel/labels')).json()).toEqual(['Installer']);
    expect((await client.delete(`/api/personnel/${id}`)).statusCode).toBe(200);
    expect((await client.get('/api/personnel')).json()).toEqual([]);
    expect((await client.delete(`/api/personnel/${id}`)).statusCode).toBe(404);
  });

  it('requires a name and a valid email unique among the account’s people', async () => {
    expect(
      (await client.post('/api/personnel/create', { name: '', email: 'a@b.test' })).json().error.fields,
    ).toEqual([{ path: 'name', message: personMessages.nameRequired }]);
    expect(
      (await client.post('/api/personnel/create', { name: 'A', email: 'nope' })).json().error.fields,
    ).toEqual([{ path: 'email', message: personMessages.emailInvalid }]);
    await client.post('/api/personnel/create', { name: 'Priya Raman', email: 'priya@example.test' });
    const taken = await client.post('/api/personnel/create', {
      name: 'Another',
      email: 'PRIYA@example.test',
    });
    expect(taken.json().error.fields).toEqual([{ path: 'email', message: personMessages.emailTaken }]);
    // Another dealer may use the same address.
    expect(
      (await otherClient.post('/api/personnel/create', { name: 'P', email: 'priya@example.test' }))
        .statusCode,
    ).toBe(200);
  });

  it("answers 404 for another dealer's person and never lists them", async () => {
    const { id } = (
      await otherClient.post('/api/personnel/create', { name: 'Hidden', email: 'hidden@example.test' })
    ).json();
    expect(
      (await client.put(`/api/personnel/${id}/update`, { name: 'x', email: 'x@x.test' })).statusCode,
    ).toBe(404);
    expect((await client.delete(`/api/personnel/${id}`)).statusCode).toBe(404);
    expect((await client.get('/api/personnel')).json().map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it('makes badge initials as §2 says', () => {
    expect(personInitials('Marcus Lee')).toBe('ML');
    expect(personInitials('Cher')).toBe('C');
    expect(personInitials('Sophie van der Berg')).toBe('SB');
  });
});

describe('supplier documents', () => {
  it('lists the linked suppliers’ documents only, newest first, and opens them as real PDFs', async () => {
    const mine = await createSupplier(t.db, [dealer.accountId], 'Coastline');
    await createSupplier(t.db, [], 'Unlinked');
    await seedSupplierDocuments(t.db);
    const list = (await client.get('/api/old/manufacturer-documents')).json();
    expect(list.map((d: { type: string }) => d.type)).toEqual(['Brochure', 'Price list', 'Warranty']);
    expect(list.every((d: { manufacturer_id: number }) => d.manufacturer_id === mine.manufacturer.id)).toBe(
      true,
    );
    expect((await client.get('/api/old/manufacturers')).json()).toEqual([
      { id: mine.manufacturer.id, name: mine.manufacturer.name },
    ]);
    const categories = (await client.get('/api/old/product-document-categories/select')).json();
    expect(categories.map((c: { category: string }) => c.category)).toEqual([
      'Brochure',
      'Price list',
      'Warranty',
      'Installation guide',
    ]);

    const res = await t.app.inject({
      method: 'GET',
      url: list[0].url,
      headers: { cookie: `slat_session=${client.cookie}` },
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({
      data: new Uint8Array(res.rawPayload),
      verbosity: 0,
      isEvalSupported: false,
    }).promise;
    expect(pdf.numPages).toBe(1);
    const { info } = await pdf.getMetadata();
    expect((info as { Title?: string }).Title).toBe(list[0].name);
    await pdf.destroy();

    const other = await t.app.inject({
      method: 'GET',
      url: list[0].url,
      headers: { cookie: `slat_session=${otherClient.cookie}` },
    });
    expect(other.statusCode).toBe(404);
    expect((await otherClient.get('/api/old/manufacturer-documents')).json()).toEqual([]);
  });
});
