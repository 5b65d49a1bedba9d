import { quoteMessages } from '@slat/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient, uploadAs } from './harness';

let t: TestApp;
let client: TestClient;
let otherClient: TestClient;
let dealer: Awaited<ReturnType<typeof createDealer>>;
let other: Awaited<ReturnType<typeof createDealer>>;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

beforeAll(async () => {
  t = await createTestApp();
  dealer = await createDealer(t.db);
  other = await createDealer(t.db);
  client = await signedInClient(t, dealer);
  otherClient = await signedInClient(t, other);
});
afterAll(async () => {
  await t?.close();
});

/** A deal with a quote: the quote's id and its order (externalId). */
async function quote(c = client) {
  const wf = (await c.get('/api/workflows')).json()[0];
  const deal = (await c.post('/api/deals', { workflowId: wf.id, name: 'Documents deal' })).json();
  const add = await c.post(`/api/deals/${deal.id}/quotes/legacy/add`, { description: 'With documents' });
  expect(add.statusCode, add.body).toBe(200);
  const q = (await c.get(`/api/deal-quotes/${add.json().id}`)).json();
  return { id: q.id as number, orderId: q.externalId as number, dealId: deal.id as number };
}

/** A document uploaded through POST /old/documents (not tied to a deal). */
async function upload(name: string, c = client) {
  const res = await uploadAs(
    c,
    '/api/old/documents',
    { field: 'document', filename: `${name}.pdf`, content: PDF },
    { friendly_name: name },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; name: string };
}

const listOf = async (orderId: number, c = client) => {
  const res = await c.get(`/api/old/quotes/${orderId}/documents`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; name: string }[];
};
const links = async (orderId: number) =>
  (await t.pool.query('SELECT * FROM order_documents WHERE order_id = $1 ORDER BY id', [orderId])).rows;
const archiveLink = (orderId: number, documentId: number, c = client) =>
  c.post(`/api/old/quotes/${orderId}/documents/${documentId}`, { _method: 'DELETE' });

describe('attaching, listing and archiving', () => {
  it('attaches uploaded documents to a quote and lists them newest first in the Document shape', async () => {
    const q = await quote();
    const plan = await upload('Floor plan');
    const photo = await upload('Site photo');
    const first = await client.post(`/api/old/quotes/${q.orderId}/documents`, {
      data: [plan.id],
      category: 'Plans',
      directUpload: true,
      is_image_upload: false,
      model: 'quote',
      type: 'quote',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual([
      expect.objectContaining({
        id: plan.id,
        account_id: dealer.accountId,
        name: 'Floor plan',
        filename: 'Floor plan.pdf',
        extension: 'pdf',
        mime_type: 'application/pdf',
        size: PDF.length,
        url: `/api/documents/${plan.id}/download`,
        archived: false,
      }),
    ]);
    await client.post(`/api/old/quotes/${q.orderId}/documents`, { data: [photo.id, photo.id] });
    expect((await listOf(q.orderId)).map((d) => d.name)).toEqual(['Site photo', 'Floor plan']);
    expect((await links(q.orderId)).map((l) => [l.document_id, l.category, l.account_id])).toEqual([
      [plan.id, 'Plans', dealer.accountId],
      [photo.id, '', dealer.accountId],
    ]);
    // Attaching again changes nothing but the category.
    const again = await client.post(`/api/old/quotes/${q.orderId}/documents`, { data: [plan.id] });
    expect(again.json().data.map((d: { id: number }) => d.id)).toEqual([plan.id]);
    expect(await links(q.orderId)).toHaveLength(2);
    // Another order of the account has its own list.
    expect(await listOf((await quote()).orderId)).toEqual([]);
  });

  it('archives a link with _method DELETE: hidden from the list, the document kept; attaching again brings it back', async () => {
    const q = await quote();
    const a = await upload('Archive me');
    const b = await upload('Keep me');
    await client.post(`/api/old/quotes/${q.orderId}/documents`, { data: [a.id, b.id] });
    const res = await archiveLink(q.orderId, a.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await listOf(q.orderId)).map((d) => d.id)).toEqual([b.id]);
    const archivedAt = (await links(q.orderId)).find((l) => l.document_id === a.id).archived_at;
    expect(archivedAt).not.toBeNull();
    // Archiving again answers the same and keeps the first archiving time.
    expect((await archiveLink(q.orderId, a.id)).json()).toEqual({ success: true });
    expect((await links(q.orderId)).find((l) => l.document_id === a.id).archived_at).toEqual(archivedAt);
    // The document itself is untouched.
    const doc = (await t.pool.query('SELECT archived_at FROM documents WHERE id = $1', [a.id])).rows[0];
    expect(doc.archived_at).toBeNull();
    await client.post(`/api/old/quotes/${q.orderId}/documents`, { data: [a.id] });
    expect((await listOf(q.orderId)).map((d) => d.id)).toEqual([a.id, b.id]);
    // A document never attached to this order: 404.
    const loose = await upload('Not attached');
    expect((await archiveLink(q.orderId, loose.id)).statusCode).toBe(404);
  });

  it('serves any order of the account, a purchase order too', async () => {
    const { rows } = await t.pool.query<{ id: number }>(
      `INSERT INTO orders (account_id, kind) VALUES ($1, 'PURCHASE_ORDER') RETURNING id`,
      [dealer.accountId],
    );
    const orderId = rows[0]!.id;
    const doc = await upload('Supplier confirmation');
    const res = await client.post(`/api/old/quotes/${orderId}/documents`, { data: [doc.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await listOf(orderId)).map((d) => d.id)).toEqual([doc.id]);
    expect((await archiveLink(orderId, doc.id)).statusCode).toBe(200);
    expect(await listOf(orderId)).toEqual([]);
  });
});

describe('validation, tenancy and guards', () => {
  it('answers 400 with field paths, and refuses another dealer’s document naming the entry, attaching nothing', async () => {
    const q = await quote();
    const mine = await upload('Mine');
    const theirs = await upload('Theirs', otherClient);
    const empty = await client.post(`/api/old/quotes/${q.orderId}/documents`, { data: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['data']);
    const notIds = await client.post(`/api/old/quotes/${q.orderId}/documents`, { data: ['x'] });
    expect(notIds.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['data[0]']);
    const longCategory = await client.post(`/api/old/quotes/${q.orderId}/documents`, {
      data: [mine.id],
      category: 'c'.repeat(101),
    });
    expect(longCategory.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['category']);
    const badMethod = await client.post(`/api/old/quotes/${q.orderId}/documents/${mine.id}`, {
      _method: 'PUT',
    });
    expect(badMethod.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['_method']);
    expect((await client.get('/api/old/quotes/abc/documents')).statusCode).toBe(400);

    for (const data of [[theirs.id], [mine.id, theirs.id], [mine.id, 2_000_000_000]]) {
      const res = await client.post(`/api/old/quotes/${q.orderId}/documents`, { data });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual([
        { path: `data[${data.length - 1}]`, message: 'Document not found' },
      ]);
    }
    expect(await links(q.orderId)).toEqual([]);
  });

  it("answers 404 for another dealer's order (and a missing one) on every call, changing nothing", async () => {
    const theirs = await quote(otherClient);
    const theirDoc = await upload('Their plan', otherClient);
    await otherClient.post(`/api/old/quotes/${theirs.orderId}/documents`, { data: [theirDoc.id] });
    const before = await links(theirs.orderId);
    const mine = await upload('My plan');
    for (const orderId of [theirs.orderId, 2_000_000_000]) {
      expect((await client.get(`/api/old/quotes/${orderId}/documents`)).statusCode).toBe(404);
      const attach = await client.post(`/api/old/quotes/${orderId}/documents`, { data: [mine.id] });
      expect(attach.statusCode).toBe(404);
      expect(attach.json().error.code).toBe('NOT_FOUND');
      expect((await archiveLink(orderId, theirDoc.id)).statusCode).toBe(404);
    }
    // My order with their document's id: not a link of mine.
    const q = await quote();
    expect((await archiveLink(q.orderId, theirDoc.id)).statusCode).toBe(404);
    expect(await links(theirs.orderId)).toEqual(before);
    expect((await listOf(theirs.orderId, otherClient)).map((d) => d.id)).toEqual([theirDoc.id]);
  });

  it('answers 401 without a session and 419 without the CSRF token', async () => {
    const q = await quote();
    const doc = await upload('Guarded');
    await client.post(`/api/old/quotes/${q.orderId}/documents`, { data: [doc.id] });
    const anonymous = new TestClient(t.app);
    await anonymous.fetchToken();
    expect((await anonymous.get(`/api/old/quotes/${q.orderId}/documents`)).statusCode).toBe(401);
    expect(
      (await anonymous.post(`/api/old/quotes/${q.orderId}/documents`, { data: [doc.id] })).statusCode,
    ).toBe(401);
    expect((await archiveLink(q.orderId, doc.id, anonymous)).statusCode).toBe(401);
    const noToken = await signedInClient(t, dealer);
    noToken.token = undefined;
    expect(
      (await noToken.post(`/api/old/quotes/${q.orderId}/documents`, { data: [doc.id] })).statusCode,
    ).toBe(419);
    expect((await archiveLink(q.orderId, doc.id, noToken)).statusCode).toBe(419);
    expect((await listOf(q.orderId)).map((d) => d.id)).toEqual([doc.id]);
  });
});

describe('read-only quotes', () => {
  it('answers 409 to attaching to or archiving from an accepted, archived or archived-deal quote, changing nothing', async () => {
    const accepted = await quote();
    const archived = await quote();
    const onArchivedDeal = await quote();
    const cases = [accepted, archived, onArchivedDeal];
    const attached = await upload('Attached before');
    const later = await upload('Attached later');
    for (const q of cases)
      await client.post(`/api/old/quotes/${q.orderId}/documents`, { data: [attached.id] });
    await t.pool.query(`UPDATE deal_quotes SET status = 'ACCEPTED' WHERE id = $1`, [accepted.id]);
    expect((await client.post(`/api/deal-quotes/${archived.id}/archive`)).statusCode).toBe(200);
    expect((await client.post(`/api/deals/${onArchivedDeal.dealId}/archive`)).statusCode).toBe(200);
    for (const q of cases) {
      const before = await links(q.orderId);
      const attach = await client.post(`/api/old/quotes/${q.orderId}/documents`, { data: [later.id] });
      expect(attach.statusCode).toBe(409);
      expect(attach.json().error).toMatchObject({ code: 'CONFLICT', message: quoteMessages.readOnly });
      const archive = await archiveLink(q.orderId, attached.id);
      expect(archive.statusCode).toBe(409);
      expect(archive.json().error.message).toBe(quoteMessages.readOnly);
      expect(await links(q.orderId)).toEqual(before);
      // Reading still works.
      expect((await listOf(q.orderId)).map((d) => d.id)).toEqual([attached.id]);
    }
    // Unarchived, the quote takes documents again.
    await client.post(`/api/deal-quotes/${archived.id}/unarchive`);
    const res = await client.post(`/api/old/quotes/${archived.orderId}/documents`, { data: [later.id] });
    expect(res.statusCode, res.body).toBe(200);
  });
});
