import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { ok, type QuoteDealer, quoteDealer, quoteWithLines } from './quote-fixtures';

// The deal's quote list tells a revision and a copy apart, and the superseded accepted quote
// names the revision that replaced it (context.revisionOf, copyOf, revisedBy).

let t: TestApp;
let d: QuoteDealer;

beforeAll(async () => {
  t = await createTestApp();
  d = await quoteDealer(t, 'Lineage');
});
afterAll(async () => {
  await t?.close();
});

type Item = {
  id: number;
  tuid: number;
  context: {
    revisionOf: { id: number; tuid: number } | null;
    copyOf: { id: number; tuid: number } | null;
    revisedBy: { id: number; tuid: number } | null;
  };
};

const listOf = async (dealId: number, archived = false): Promise<Item[]> =>
  ok(await d.client.get(`/api/deals/${dealId}/quotes${archived ? '?archived=true' : ''}`));
const byId = (list: Item[], id: number) => list.find((q) => q.id === id)!;

describe("the deal's quote list", () => {
  it('marks a revision, a copy and the accepted quote a revision replaced', async () => {
    const { dealId, quoteId } = await quoteWithLines(d, [{ window: 'Lounge/W1', width: 600, height: 600 }]);
    ok(await d.client.post(`/api/deal-quotes/${quoteId}/accept`, { acceptWithoutSignature: true }));
    const revisionId = ok(await d.client.post(`/api/deal-quotes/${quoteId}/revise`)).id as number;
    const copyId = ok(await d.client.post(`/api/deal-quotes/${quoteId}/clone`, { description: 'Copy' }))
      .id as number;
    const copyOfRevisionId = ok(await d.client.post(`/api/deal-quotes/${revisionId}/clone`, {})).id as number;

    const list = await listOf(dealId);
    const original = byId(list, quoteId);
    const revision = byId(list, revisionId);
    const copy = byId(list, copyId);
    const ref = (q: Item) => ({ id: q.id, tuid: q.tuid });
    expect(original.context).toMatchObject({ revisionOf: null, copyOf: null, revisedBy: ref(revision) });
    expect(revision.context).toMatchObject({ revisionOf: ref(original), copyOf: null, revisedBy: null });
    expect(copy.context).toMatchObject({ revisionOf: null, copyOf: ref(original), revisedBy: null });
    expect(byId(list, copyOfRevisionId).context).toMatchObject({
      revisionOf: null,
      copyOf: ref(revision),
      revisedBy: null,
    });
  });

  it('names an archived source too, and a single quote’s answers carry the same markers', async () => {
    const { dealId, quoteId } = await quoteWithLines(d, [{ window: 'Bed/W1', width: 600, height: 600 }]);
    const cloned = ok(await d.client.post(`/api/deal-quotes/${quoteId}/clone`, { description: 'Again' }));
    ok(await d.client.post(`/api/deal-quotes/${quoteId}/archive`));
    const source = byId(await listOf(dealId, true), quoteId);
    const list = await listOf(dealId);
    expect(list.map((q) => q.id)).toEqual([cloned.id]);
    expect(list[0]!.context.copyOf).toEqual({ id: quoteId, tuid: source.tuid });
    // an update's answer (a list item) carries them too
    const updated = ok(
      await d.client.post(`/api/deal-quotes/${cloned.id}/update`, { description: 'Again, later' }),
    );
    expect(updated.context.copyOf).toEqual({ id: quoteId, tuid: source.tuid });
  });

  it('a quote without a source has no markers', async () => {
    const { dealId, quoteId } = await quoteWithLines(d, [{ window: 'Hall/W1', width: 600, height: 600 }]);
    expect(byId(await listOf(dealId), quoteId).context).toMatchObject({
      revisionOf: null,
      copyOf: null,
      revisedBy: null,
    });
  });
});
