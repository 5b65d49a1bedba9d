import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDealer,
  createTestApp,
  signedInClient,
  type TestApp,
  type TestClient,
  uploadAs,
} from './harness';

// POST /old/documents/{id} with _method PUT: a document renamed and filed under another category.

let t: TestApp;
let client: TestClient;
let otherClient: TestClient;
let categories: { id: number; category: string }[];

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  client = await signedInClient(t, await createDealer(t.db));
  otherClient = await signedInClient(t, await createDealer(t.db));
  categories = (await client.get('/api/old/product-document-categories/select')).json();
});
afterAll(async () => {
  await t?.close();
});

async function dealOf(c: TestClient) {
  const wf = (await c.get('/api/workflows')).json()[0];
  return (await c.post('/api/deals', { workflowId: wf.id, name: 'Document edit deal' })).json() as {
    id: number;
  };
}

async function upload(c: TestClient, name: string, fields: Record<string, string> = {}) {
  const res = await uploadAs(
    c,
    '/api/old/documents',
    { field: 'document', filename: 'plan.pdf', content: PDF },
    { friendly_name: name, ...fields },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; name: string; type: string };
}

const edit = (id: number, body: Record<string, unknown>, c = client) =>
  c.post(`/api/old/documents/${id}`, { _method: 'PUT', ...body });

describe('editing a document', () => {
  it('renames a deal attachment and files it under a category; the deal’s list shows it', async () => {
    const deal = await dealOf(client);
    const doc = await upload(client, 'Floor plan', { model: 'deal', model_id: String(deal.id) });
    const warranty = categories.find((c) => c.category === 'Warranty')!;
    const res = await edit(doc.id, { name: '  Ground floor plan ', document_category_id: warranty.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: doc.id, name: 'Ground floor plan', type: 'Warranty' });
    const list = (await client.get(`/api/deals/${deal.id}/documents`)).json().data;
    expect(list).toEqual([
      expect.objectContaining({ id: doc.id, name: 'Ground floor plan', type: 'Warranty' }),
    ]);
  });

  it('renames a quote’s document, which its quote’s list shows', async () => {
    const deal = await dealOf(client);
    const add = (
      await client.post(`/api/deals/${deal.id}/quotes/legacy/add`, { description: 'Docs' })
    ).json();
    const quote = (await client.get(`/api/deal-quotes/${add.id}`)).json();
    const doc = await upload(client, 'Site photo');
    const attach = await client.post(`/api/old/quotes/${quote.externalId}/documents`, { data: [doc.id] });
    expect(attach.statusCode, attach.body).toBe(200);
    expect((await edit(doc.id, { name: 'Site photo, north wall' })).statusCode).toBe(200);
    const list = (await client.get(`/api/old/quotes/${quote.externalId}/documents`)).json().data;
    expect(list).toEqual([expect.objectContaining({ id: doc.id, name: 'Site photo, north wall' })]);
  });

  it('keeps the category when only the name changes, and clears it with null', async () => {
    const doc = await upload(client, 'Brochure scan');
    const brochure = categories.find((c) => c.category === 'Brochure')!;
    await edit(doc.id, { document_category_id: brochure.id });
    expect((await edit(doc.id, { name: 'Brochure, 2026' })).json().data).toMatchObject({
      name: 'Brochure, 2026',
      type: 'Brochure',
    });
    expect((await edit(doc.id, { document_category_id: null })).json().data).toMatchObject({
      name: 'Brochure, 2026',
      type: 'attachment',
    });
  });

  it('answers 400 naming the field: an empty name, an unknown category, a missing _method', async () => {
    const doc = await upload(client, 'Quote scan');
    const empty = await edit(doc.id, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual([{ path: 'name', message: 'Document name is required' }]);
    const unknown = await edit(doc.id, { document_category_id: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.map((f: { path: string }) => f.path)).toEqual([
      'document_category_id',
    ]);
    const noMethod = await client.post(`/api/old/documents/${doc.id}`, { name: 'X' });
    expect(noMethod.statusCode).toBe(400);
    expect(noMethod.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['_method']);
    // the refused calls changed nothing
    const { rows } = await t.pool.query('SELECT name, type FROM documents WHERE id = $1', [doc.id]);
    expect(rows[0]).toEqual({ name: 'Quote scan', type: 'attachment' });
  });

  it('answers 404 for another account’s document and for one that does not exist, changing nothing', async () => {
    const theirs = await upload(otherClient, 'Their plan');
    // the same call on their own document is answered
    expect((await edit(theirs.id, { name: 'Their plan' }, otherClient)).statusCode).toBe(200);
    const res = await edit(theirs.id, { name: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect((await edit(2_000_000_000, { name: 'Nobody' })).statusCode).toBe(404);
    const { rows } = await t.pool.query('SELECT name FROM documents WHERE id = $1', [theirs.id]);
    expect(rows[0].name).toBe('Their plan');
  });
});
