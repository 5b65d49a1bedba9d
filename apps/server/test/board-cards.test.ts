import path from 'node:path';
import { type Deal, listDeals } from '@slat/contracts';
import { dealAlerts } from '@slat/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGIN, seedDemoIfEmpty } from '../src/db/seed/demo';
import { jsonWriter } from '../src/plugins/serialized-json';
import { createTestApp, signedInClient, type TestApp, type TestClient } from './harness';

// The board's cards are written by PostgreSQL as the contract's JSON and sent as they are, the
// alerts written into their places by the server: held here to what the contract's serializer
// writes, to each deal's own read, and to the rules they come from, over the demo's boards.

type Workflow = {
  id: number;
  slug: string;
  statuses: { id: number; slug: string; name: string }[];
  flags: { id: number; name: string; values: { id: number; label: string }[] }[];
};
type Board = {
  data: Deal[];
  total: number;
  counts: Record<string, number>;
  quoteTotals: Record<string, string>;
};

let t: TestApp;
let client: TestClient;
let workflows: Workflow[];
const writeBoard = jsonWriter(listDeals.response);

/** A board's answer; its bytes must be what the contract's serializer writes of it. */
async function board(workflowId: number, query: string): Promise<Board> {
  const res = await client.get(`/api/deals?workflowId=${workflowId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<Board>();
  expect(res.body).toBe(writeBoard(answer).json.toString('utf8'));
  return answer;
}

/** Names, descriptions and labels that JSON must escape, and one that is the alerts' place itself. */
const AWKWARD = [
  '"alerts":[],"alertWeight":0',
  'Quote "A" \\ back\\slash',
  'tab\there, line\nbreak, bell\u0007, unit\u001f',
  'line\u2028separator\u2029 and \u00a0nbsp',
  'emoji 🪟 and ñ',
];

beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty(t.db, { filesRoot: path.join(t.outboxDir, '../files') })).toBe(true);
  client = await signedInClient(t, DEMO_LOGIN);
  workflows = (await client.get('/api/workflows')).json<Workflow[]>();
  // Awkward text on the first deals of every workflow, and flag values that say nothing in
  // any case (the Kelvin sign lower-cases to k in JavaScript) or something close to it.
  await t.db.execute(sql`
    UPDATE deals d SET name = a.text || ' ' || d.name, description = a.text
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM deals) x,
           json_array_elements_text(${JSON.stringify(AWKWARD)}::json) WITH ORDINALITY AS a(text, n)
     WHERE d.id = x.id AND a.n = ((x.n - 1) % ${AWKWARD.length}) + 1 AND x.n <= 40`);
  await t.db.execute(sql`
    UPDATE workflow_flag_values v SET label = CASE v.label
        WHEN 'None' THEN 'NONE' WHEN 'Unknown' THEN ${'UN\u212ANOWN'} ELSE v.label || ' ñ' END
      WHERE v.id IN (SELECT min(id) FROM workflow_flag_values GROUP BY flag_id, label)`);
  await t.db.execute(sql`
    UPDATE contacts SET name = ${'Mrs "Q" \\ O\u2019Brien\t'} WHERE id IN (SELECT id FROM contacts ORDER BY id LIMIT 5)`);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the board cards written by PostgreSQL', () => {
  it('are what the contract writes, each as its deal reads, with the rules’ badges and alerts', async () => {
    let cards = 0;
    let withAlerts = 0;
    let withSupplierOrders = 0;
    let awkward = 0;
    for (const wf of workflows) {
      for (const archived of ['false', 'true', 'all']) {
        const whole = await board(wf.id, `&archived=${archived}&limit=1000`);
        expect(whole.data).toHaveLength(whole.total);
        const flagName = new Map(wf.flags.map((f) => [f.id, f.name]));
        for (const card of whole.data) {
          cards += 1;
          if (AWKWARD.some((a) => card.description === a)) awkward += 1;
          if ((card.context.supplierOrders ?? []).length > 0) withSupplierOrders += 1;
          if (card.context.alerts.length > 0) withAlerts += 1;
          for (const f of card.context.flagValues)
            expect(f.showOnCard, f.label).toBe(!['none', 'unknown'].includes(f.label.toLowerCase()));
          // Every alert but the suppliers' (which read the days the orders were submitted, held by
          // deal-supplier-alerts.test.ts) follows from what the card shows.
          const shown = dealAlerts({
            phase: card.context.status.phase,
            statusName: card.context.status.name,
            flags: Object.fromEntries(
              card.context.flagValues.map((f) => [flagName.get(f.workflowFlagId)!, f.label]),
            ),
            quoteCount: card.context.quoteCount,
            orderCount: card.context.orderCount,
          });
          expect(
            card.context.alerts.filter((a) => !a.key.startsWith('supplier-')),
            card.name,
          ).toEqual(shown);
          expect(card.context.alertWeight).toBe(card.context.alerts.reduce((n, a) => n + a.weight, 0));
          const {
            siteAddress: _s,
            accessNotes: _a,
            relatedDeals: _r,
            ...read
          } = (await client.get(`/api/deals/${card.id}`)).json<
            Deal & { siteAddress: string; accessNotes: string; relatedDeals: unknown[] }
          >();
          expect(card).toEqual(read);
        }
        // Each column paged by the named statement is the whole board's column, in order.
        for (const s of wf.statuses) {
          const inColumn = whole.data.filter((d) => d.statusId === s.id);
          const pages: Deal[] = [];
          for (let offset = 0; offset === 0 || offset < inColumn.length; offset += 3)
            pages.push(
              ...(await board(wf.id, `&archived=${archived}&statusId=${s.id}&limit=3&offset=${offset}`)).data,
            );
          expect(pages).toEqual(inColumn);
        }
      }
      // A search (unnamed) and a filtered board write their cards the same way.
      await board(wf.id, `&search=${encodeURIComponent('"alerts"')}`);
      await board(wf.id, '&alerts=any&sort=-alerts');
    }
    expect(cards).toBeGreaterThan(40);
    expect(awkward).toBeGreaterThan(0);
    expect(withAlerts).toBeGreaterThan(0);
    expect(withSupplierOrders).toBeGreaterThan(0);
  }, 120_000);

  it('write an empty board as an empty list', async () => {
    const empty = await board(workflows[0]!.id, `&search=${encodeURIComponent('no such deal anywhere')}`);
    expect(empty.data).toEqual([]);
  });
});
