import type { AddressInfo } from 'node:net';
import { dealMessages, eventMessages, noteMessages } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAfterChange } from './board-stream';
import {
  createDealer,
  createTestApp,
  signedInClient,
  type TestApp,
  type TestClient,
  uploadAs,
} from './harness';

let t: TestApp;
let client: TestClient;
let otherClient: TestClient;
type Wf = {
  id: number;
  slug: string;
  statuses: { id: number; slug: string; name: string }[];
  flags: { id: number; slug: string; values: { id: number; slug: string; label: string }[] }[];
};
let residential: Wf;
let foreignWorkflow: Wf;
const status = (slug: string) => residential.statuses.find((s) => s.slug === slug)!;
const flag = (slug: string) => residential.flags.find((f) => f.slug === slug)!;

beforeAll(async () => {
  t = await createTestApp();
  client = await signedInClient(t, await createDealer(t.db));
  otherClient = await signedInClient(t);
  residential = (await client.get('/api/workflows')).json()[0];
  foreignWorkflow = (await otherClient.get('/api/workflows')).json()[0];
});
afterAll(async () => {
  await t?.close();
});

async function create(name: string, extra: Record<string, unknown> = {}, c = client, wf = residential) {
  const res = await c.post('/api/deals', { workflowId: wf.id, name, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const column = async (statusId: number) =>
  (await client.get(`/api/deals?workflowId=${residential.id}&statusId=${statusId}`))
    .json()
    .data.map((d: { name: string }) => d.name);

describe('creating and reading deals', () => {
  it('numbers deals per account, starts them at the top of the first status with every flag at its first value', async () => {
    const a = await create('Smith — lounge');
    const b = await create('Jones — bedrooms', { description: 'Two rooms' });
    expect(b.tuid).toBe(a.tuid + 1);
    expect(b).toMatchObject({
      statusId: status('new-enquiry').id,
      isArchived: false,
      description: 'Two rooms',
      relatedDeals: [],
    });
    expect(b.context.flagValues.map((f: { label: string }) => f.label)).toEqual(['None', 'None', 'Unknown']);
    expect(b.context.flagValues.every((f: { showOnCard: boolean }) => !f.showOnCard)).toBe(true);
    expect(await column(status('new-enquiry').id)).toEqual(['Jones — bedrooms', 'Smith — lounge']);
    const theirs = await create('Theirs', {}, otherClient, foreignWorkflow);
    expect(theirs.tuid).toBe(1);
  });

  it('validates the name and refuses another dealer’s workflow, status or contact', async () => {
    const noName = await client.post('/api/deals', { workflowId: residential.id, name: ' ' });
    expect(noName.json().error.fields).toEqual([{ path: 'name', message: dealMessages.nameRequired }]);
    const foreign = await client.post('/api/deals', { workflowId: foreignWorkflow.id, name: 'x' });
    expect(foreign.json().error.fields).toEqual([{ path: 'workflowId', message: 'Workflow not found' }]);
    const badStatus = await client.post('/api/deals', {
      workflowId: residential.id,
      statusId: foreignWorkflow.statuses[0]!.id,
      name: 'x',
    });
    expect(badStatus.json().error.fields[0].path).toBe('statusId');
    const badContact = await client.post('/api/deals', {
      workflowId: residential.id,
      name: 'x',
      contactId: '6b1f5f3e-3c1f-4b8e-9a51-2f5d0b0c9a11',
    });
    expect(badContact.json().error.fields).toEqual([{ path: 'contactId', message: 'Contact not found' }]);
  });

  it("answers 404 for another dealer's deal on every deal call", async () => {
    const theirs = await create('Private', {}, otherClient, foreignWorkflow);
    const id = theirs.id;
    expect((await client.get(`/api/deals/${id}`)).statusCode).toBe(404);
    expect((await client.put(`/api/deals/${id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await client.post(`/api/deals/${id}/archive`)).statusCode).toBe(404);
    expect(
      (await client.post(`/api/deals/${id}/status`, { currentStatusId: 1, statusId: 1 })).statusCode,
    ).toBe(404);
    expect((await client.get(`/api/deals/${id}/notes`)).statusCode).toBe(404);
    expect((await client.get(`/api/deals/${id}/events`)).statusCode).toBe(404);
    expect((await client.get(`/api/deals/${id}/documents`)).statusCode).toBe(404);
    expect((await client.get(`/api/deals?workflowId=${foreignWorkflow.id}`)).statusCode).toBe(400);
    expect((await client.get('/api/deals/abc')).statusCode).toBe(400);
  });
});

describe('site address and access notes', () => {
  const address = '14 Wattle Street, Paddington NSW 2021';
  const notes = 'Side gate code 4471. Dog in the back yard; park on the street.';

  it('are kept on create, shown by the detail, changed by an edit and kept when an edit leaves them out', async () => {
    const made = await create('Wattle St — shutters', { siteAddress: `  ${address} `, accessNotes: notes });
    expect(made).toMatchObject({ siteAddress: address, accessNotes: notes });
    expect((await client.get(`/api/deals/${made.id}`)).json()).toMatchObject({
      siteAddress: address,
      accessNotes: notes,
    });
    const renamed = await client.put(`/api/deals/${made.id}`, { name: 'Wattle St — all rooms' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Wattle St — all rooms',
      siteAddress: address,
      accessNotes: notes,
    });
    const moved = await client.put(`/api/deals/${made.id}`, {
      name: 'Wattle St — all rooms',
      siteAddress: '3/27 Ocean Parade, Coogee NSW 2034',
      accessNotes: '',
    });
    expect(moved.json()).toMatchObject({
      siteAddress: '3/27 Ocean Parade, Coogee NSW 2034',
      accessNotes: '',
    });
    expect((await client.get(`/api/deals/${made.id}`)).json()).toMatchObject({
      siteAddress: '3/27 Ocean Parade, Coogee NSW 2034',
      accessNotes: '',
    });
    const plain = await create('No site yet');
    expect(plain).toMatchObject({ siteAddress: '', accessNotes: '' });
  });

  it('answers 400 naming the field for a site address or access notes too long, and changes nothing', async () => {
    const made = await create('Long site', { siteAddress: address });
    const longAddress = await client.put(`/api/deals/${made.id}`, {
      name: 'Long site',
      siteAddress: 'x'.repeat(501),
    });
    expect(longAddress.statusCode).toBe(400);
    expect(longAddress.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['siteAddress']);
    const longNotes = await client.post('/api/deals', {
      workflowId: residential.id,
      name: 'Long notes',
      accessNotes: 'y'.repeat(2001),
    });
    expect(longNotes.statusCode).toBe(400);
    expect(longNotes.json().error.fields.map((f: { path: string }) => f.path)).toEqual(['accessNotes']);
    expect((await client.get(`/api/deals/${made.id}`)).json().siteAddress).toBe(address);
  });

  it("answers 404 for another dealer's deal and leaves its site alone", async () => {
    const theirs = await create('Their site', { siteAddress: address }, otherClient, foreignWorkflow);
    const res = await client.put(`/api/deals/${theirs.id}`, { name: 'Their site', siteAddress: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect((await otherClient.get(`/api/deals/${theirs.id}`)).json().siteAddress).toBe(address);
  });
});

describe('moving on the board', () => {
  it('moves within and between columns, writing one key, and answers 409 when the board is stale', async () => {
    const quoted = status('quoted').id;
    const a = await create('Move A', { statusId: quoted });
    const b = await create('Move B', { statusId: quoted });
    const c = await create('Move C', { statusId: quoted });
    expect(await column(quoted)).toEqual(['Move C', 'Move B', 'Move A']);
    const move = (id: number, body: Record<string, unknown>) =>
      client.post(`/api/deals/${id}/move`, { dealId: id, workflowId: residential.id, ...body });
    const res = await move(c.id, {
      currentStatusId: quoted,
      targetStatusId: quoted,
      belowId: a.id,
      belowSortOrder: a.sortOrder,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await column(quoted)).toEqual(['Move B', 'Move A', 'Move C']);
    await move(a.id, { currentStatusId: quoted, targetStatusId: quoted, belowId: b.id });
    expect(await column(quoted)).toEqual(['Move B', 'Move A', 'Move C']);
    await move(c.id, { currentStatusId: quoted, targetStatusId: quoted, belowId: b.id });
    expect(await column(quoted)).toEqual(['Move B', 'Move C', 'Move A']);

    const signed = status('signed').id;
    const moved = await move(b.id, { currentStatusId: quoted, targetStatusId: signed, belowId: null });
    expect(moved.json()).toMatchObject({
      statusId: signed,
      context: { status: { slug: 'signed', phase: 'InProgress' } },
    });
    expect(await column(quoted)).toEqual(['Move C', 'Move A']);

    const stale = await move(b.id, { currentStatusId: quoted, targetStatusId: quoted, belowId: null });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(dealMessages.conflict);
    const goneBelow = await move(a.id, { currentStatusId: quoted, targetStatusId: signed, belowId: c.id });
    expect(goneBelow.statusCode).toBe(409);
    expect(await column(signed)).toEqual(['Move B']);
    const self = await move(a.id, { currentStatusId: quoted, targetStatusId: quoted, belowId: a.id });
    expect(self.statusCode).toBe(400);
    const mismatch = await client.post(`/api/deals/${a.id}/move`, {
      dealId: b.id,
      workflowId: residential.id,
      currentStatusId: quoted,
      targetStatusId: quoted,
      belowId: null,
    });
    expect(mismatch.json().error.fields[0].path).toBe('dealId');
  });

  it('changes status to the top of the new column; a stale current status is a 409 and changes nothing', async () => {
    const d = await create('Status change');
    const res = await client.post(`/api/deals/${d.id}/status`, {
      currentStatusId: d.statusId,
      statusId: status('measure-booked').id,
    });
    expect(res.json().statusId).toBe(status('measure-booked').id);
    const stale = await client.post(`/api/deals/${d.id}/status`, {
      currentStatusId: d.statusId,
      statusId: status('lost').id,
    });
    expect(stale.statusCode).toBe(409);
    expect((await client.get(`/api/deals/${d.id}`)).json().statusId).toBe(status('measure-booked').id);
  });
});

describe('flags and alerts', () => {
  it('computes the §4 alerts and filters the board by them', async () => {
    const d = await create('Alert deal', { statusId: status('signed').id });
    expect(d.context.alerts.map((a: { key: string }) => a.key)).toEqual(['no-orders', 'awaiting-deposit']);
    expect(d.context.alertWeight).toBe(101);
    const paid = flag('payment').values.find((v) => v.slug === 'deposit-paid')!;
    const set = await client.post(`/api/deals/${d.id}/flags/${flag('payment').id}`, { valueId: paid.id });
    expect(set.statusCode).toBe(200);
    expect(set.json().context.alerts.map((a: { key: string }) => a.key)).toEqual(['no-orders']);
    expect(set.json().context.flagValues[0]).toMatchObject({ label: 'Deposit Paid', showOnCard: true });

    const info = (await client.get(`/api/deals?workflowId=${residential.id}&alerts=info`)).json();
    expect(info.data.map((x: { id: number }) => x.id)).not.toContain(d.id);
    const warning = (
      await client.get(`/api/deals?workflowId=${residential.id}&alerts=warning&search=Alert deal`)
    ).json();
    expect(warning.data.map((x: { id: number }) => x.id)).toEqual([d.id]);
    const byFlag = (
      await client.get(`/api/deals?workflowId=${residential.id}&flag.payment=deposit-paid`)
    ).json();
    expect(byFlag.data.map((x: { id: number }) => x.id)).toEqual([d.id]);
  });

  it('refuses a value of another flag (400) and a flag of another workflow (404)', async () => {
    const d = await create('Flag checks');
    const wrongValue = await client.post(`/api/deals/${d.id}/flags/${flag('payment').id}`, {
      valueId: flag('install').values[1]!.id,
    });
    expect(wrongValue.json().error.fields).toEqual([
      { path: 'valueId', message: 'This flag has no such value' },
    ]);
    const foreignFlag = foreignWorkflow.flags[0]!;
    expect(
      (
        await client.post(`/api/deals/${d.id}/flags/${foreignFlag.id}`, {
          valueId: foreignFlag.values[0]!.id,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('board list', () => {
  it('filters by search, status slugs and phase, with true counts per column and paging', async () => {
    for (let i = 0; i < 5; i++) await create(`Paging ${i}`, { statusId: status('installed').id });
    const page = (
      await client.get(
        `/api/deals?workflowId=${residential.id}&statusId=${status('installed').id}&limit=2&offset=2&search=paging`,
      )
    ).json();
    expect(page.total).toBe(5);
    expect(page.data.map((d: { name: string }) => d.name)).toEqual(['Paging 2', 'Paging 1']);
    const closed = (await client.get(`/api/deals?workflowId=${residential.id}&phase=Closed`)).json();
    expect(closed.counts).toEqual({ [String(status('installed').id)]: 5 });
    const bySlugs = (
      await client.get(`/api/deals?workflowId=${residential.id}&status=installed|signed&search=paging 4`)
    ).json();
    expect(bySlugs.data.map((d: { name: string }) => d.name)).toEqual(['Paging 4']);
    const bad = await client.get(`/api/deals?workflowId=${residential.id}&phase=Nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].path).toBe('phase');
  });

  it('sorts the whole list by a column or a flag, either way, across pages', async () => {
    const names = ['Sort b', 'Sort C', 'Sort a'];
    const made: { id: number; name: string }[] = [];
    for (const name of names) made.push(await create(name, { statusId: status('quoted').id }));
    const paid = flag('payment').values.find((v) => v.slug === 'deposit-paid')!;
    await client.post(`/api/deals/${made[1]!.id}/flags/${flag('payment').id}`, { valueId: paid.id });
    const sorted = async (sort: string, offset = 0) =>
      (
        await client.get(
          `/api/deals?workflowId=${residential.id}&search=Sort&sort=${sort}&limit=2&offset=${offset}`,
        )
      )
        .json()
        .data.map((d: { name: string }) => d.name);
    expect([...(await sorted('name')), ...(await sorted('name', 2))]).toEqual(['Sort a', 'Sort b', 'Sort C']);
    expect(await sorted('-name')).toEqual(['Sort C', 'Sort b']);
    // Deposit Paid comes after None in the flag's order
    expect((await sorted('-flag:payment'))[0]).toBe('Sort C');
    expect((await sorted('flag:payment', 2))[0]).toBe('Sort C');
    expect((await sorted('-updated'))[0]).toBe('Sort a');
    const bad = await client.get(`/api/deals?workflowId=${residential.id}&sort=name;drop`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].path).toBe('sort');
  });

  it("pages a column without a search in board order, each card as its deal's own read shows it", async () => {
    // A dealer of its own, so the column holds only these deals.
    const own = await signedInClient(t, await createDealer(t.db));
    const [wf] = (await own.get('/api/workflows')).json() as Wf[];
    const column = wf!.statuses[1]!;
    const made: { id: number }[] = [];
    for (const name of ['Column 1', 'Column 2', 'Column 3', 'Column 4', 'Column 5'])
      made.push(await create(name, { statusId: column.id }, own, wf));
    const page = async (offset: number) =>
      (
        await own.get(`/api/deals?workflowId=${wf!.id}&statusId=${column.id}&limit=2&offset=${offset}`)
      ).json();
    const pages = [await page(0), await page(2), await page(4)];
    // Each new deal goes to the top of its column.
    expect(pages.flatMap((p) => p.data.map((d: { name: string }) => d.name))).toEqual([
      'Column 5',
      'Column 4',
      'Column 3',
      'Column 2',
      'Column 1',
    ]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    for (const card of pages.flatMap((p) => p.data)) {
      const {
        siteAddress: _s,
        accessNotes: _a,
        relatedDeals: _r,
        ...shown
      } = (await own.get(`/api/deals/${card.id}`)).json();
      expect(card).toEqual(shown);
    }
    // A workflow of another dealer, or none, answers 400 and no card.
    const foreign = await own.get(`/api/deals?workflowId=${residential.id}&statusId=${column.id}&limit=2`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields[0].path).toBe('workflowId');
    expect((await own.get('/api/deals?workflowId=999999&limit=2')).statusCode).toBe(400);
    expect(made).toHaveLength(5);
  });

  it('writes instants in UTC to the millisecond and badges only flag values that say something', async () => {
    const deal = await create('Instants', { statusId: status('quoted').id });
    const paid = flag('payment').values.find((v) => v.slug === 'deposit-paid')!;
    await client.post(`/api/deals/${deal.id}/flags/${flag('payment').id}`, { valueId: paid.id });
    // Microseconds are cut, not rounded, as the API has always written them.
    await t.db.execute(
      sql`UPDATE deals SET created_at = '2026-01-02 03:04:05.678999+05', updated_at = '2026-03-04 23:59:59.9995-03' WHERE id = ${deal.id}`,
    );
    const list = (
      await client.get(`/api/deals?workflowId=${residential.id}&statusId=${status('quoted').id}&limit=1000`)
    ).json();
    const card = list.data.find((d: { id: number }) => d.id === deal.id);
    expect(card.createdAt).toBe('2026-01-01T22:04:05.678Z');
    expect(card.updatedAt).toBe('2026-03-05T02:59:59.999Z');
    const badges = Object.fromEntries(
      card.context.flagValues.map((f: { label: string; showOnCard: boolean }) => [f.label, f.showOnCard]),
    );
    expect(badges[paid.label]).toBe(true);
    const silent = card.context.flagValues.filter((f: { showOnCard: boolean }) => !f.showOnCard);
    expect(silent.length).toBeGreaterThan(0);
    expect(silent.length).toBe(
      card.context.flagValues.filter((f: { label: string }) =>
        ['none', 'unknown'].includes(f.label.toLowerCase()),
      ).length,
    );
  });
});

describe('archived deals are read-only', () => {
  it('refuses every change until unarchived', async () => {
    const d = await create('Archive me');
    const archived = await client.post(`/api/deals/${d.id}/archive`);
    expect(archived.json().isArchived).toBe(true);
    const refused = [
      await client.put(`/api/deals/${d.id}`, { name: 'Renamed' }),
      await client.post(`/api/deals/${d.id}/status`, {
        currentStatusId: d.statusId,
        statusId: status('quoted').id,
      }),
      await client.post(`/api/deals/${d.id}/flags/${flag('install').id}`, {
        valueId: flag('install').values[1]!.id,
      }),
      await client.post(`/api/deals/${d.id}/notes`, { content: 'Note' }),
      await client.post(`/api/deals/${d.id}/events`, {
        title: 'Measure',
        temporalData: { date: { date: '2026-12-01' } },
      }),
      await client.post(`/api/deals/${d.id}/related`, { relatedDealId: d.id }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([409, 409, 409, 409, 409, 409]);
    expect(refused[0]!.json().error.message).toBe(dealMessages.archived);
    expect(
      (await client.get(`/api/deals?workflowId=${residential.id}&search=Archive me`)).json().data,
    ).toEqual([]);
    expect(
      (await client.get(`/api/deals?workflowId=${residential.id}&search=Archive me&archived=true`)).json()
        .total,
    ).toBe(1);
    await client.post(`/api/deals/${d.id}/unarchive`);
    expect((await client.put(`/api/deals/${d.id}`, { name: 'Renamed' })).json().name).toBe('Renamed');
  });
});

describe('related deals', () => {
  it('links both ways and unlinks from either side', async () => {
    const a = await create('Related A');
    const b = await create('Related B');
    const linked = await client.post(`/api/deals/${a.id}/related`, { relatedDealId: b.id });
    expect(linked.json().relatedDeals).toEqual([
      expect.objectContaining({
        id: b.id,
        name: 'Related B',
        status: 'New Enquiry',
        workflowSlug: 'residential',
      }),
    ]);
    expect(
      (await client.get(`/api/deals/${b.id}`)).json().relatedDeals.map((r: { id: number }) => r.id),
    ).toEqual([a.id]);
    expect((await client.delete(`/api/deals/${b.id}/related/${a.id}`)).json().relatedDeals).toEqual([]);
    expect((await client.get(`/api/deals/${a.id}`)).json().relatedDeals).toEqual([]);
    const theirs = await create('Their deal', {}, otherClient, foreignWorkflow);
    expect((await client.post(`/api/deals/${a.id}/related`, { relatedDealId: theirs.id })).statusCode).toBe(
      404,
    );
  });
});

describe('notes', () => {
  it('adds, edits and deletes with author names; an empty note is refused', async () => {
    const d = await create('Notes deal');
    const empty = await client.post(`/api/deals/${d.id}/notes`, { content: '   ' });
    expect(empty.json().error.fields).toEqual([{ path: 'content', message: noteMessages.empty }]);
    const note = (await client.post(`/api/deals/${d.id}/notes`, { content: 'Called about fabrics' })).json();
    expect(note).toMatchObject({
      content: 'Called about fabrics',
      createdBy: { name: expect.stringMatching(/^Alex Tester/) },
    });
    const edited = await client.put(`/api/deals/${d.id}/notes/${note.id}`, { content: 'Called twice' });
    expect(edited.json().content).toBe('Called twice');
    expect((await client.get(`/api/deals/${d.id}/notes`)).json()).toHaveLength(1);
    const theirs = await create('Their notes', {}, otherClient, foreignWorkflow);
    const theirNote = (
      await otherClient.post(`/api/deals/${theirs.id}/notes`, { content: 'Private' })
    ).json();
    expect((await client.put(`/api/deals/${d.id}/notes/${theirNote.id}`, { content: 'x' })).statusCode).toBe(
      404,
    );
    expect((await client.delete(`/api/deals/${d.id}/notes/${note.id}`)).statusCode).toBe(200);
    expect((await client.get(`/api/deals/${d.id}/notes`)).json()).toEqual([]);
  });
});

describe('appointments', () => {
  it('stores the four kinds, derives instants in their zones, and validates ranges and steps', async () => {
    const d = await create('Appointments deal');
    const url = `/api/deals/${d.id}/events`;
    const timed = await client.post(url, {
      title: 'Measure',
      location: '1 Test Street',
      temporalData: {
        timespan: {
          start: '2026-12-01 09:00:00',
          end: '2026-12-01 10:00:00',
          startZone: 'Australia/Sydney',
          endZone: 'Australia/Sydney',
        },
      },
    });
    expect(timed.statusCode, timed.body).toBe(200);
    expect(timed.json()).toMatchObject({
      startsAt: '2026-11-30T22:00:00.000Z',
      endsAt: '2026-11-30T23:00:00.000Z',
      context: { deal: { id: d.id, tuid: d.tuid } },
    });
    const allDay = await client.post(url, {
      title: 'Install',
      temporalData: { datespan: { start: '2026-12-03', end: '2026-12-04' } },
    });
    expect(allDay.json()).toMatchObject({
      startsAt: '2026-12-03T00:00:00.000Z',
      endsAt: '2026-12-05T00:00:00.000Z',
    });
    expect((await client.get(url)).json().map((e: { title: string }) => e.title)).toEqual([
      'Measure',
      'Install',
    ]);

    const noTitle = await client.post(url, { title: '', temporalData: { date: { date: '2026-12-01' } } });
    expect(noTitle.json().error.fields).toEqual([{ path: 'title', message: eventMessages.titleRequired }]);
    const backwards = await client.post(url, {
      title: 'x',
      temporalData: {
        timespan: {
          start: '2026-12-01 10:00:00',
          end: '2026-12-01 09:00:00',
          startZone: 'UTC',
          endZone: 'UTC',
        },
      },
    });
    expect(backwards.json().error.fields).toEqual([
      { path: 'temporalData.timespan.end', message: eventMessages.endTimeAfterStart },
    ]);
    const offStep = await client.post(url, {
      title: 'x',
      temporalData: { time: { time: '2026-12-01 10:07:00', zone: 'UTC' } },
    });
    expect(offStep.statusCode).toBe(400);
    expect(JSON.stringify(offStep.json().error.fields)).toContain(eventMessages.quarterHours);
    const dates = await client.post(url, {
      title: 'x',
      temporalData: { datespan: { start: '2026-12-04', end: '2026-12-03' } },
    });
    expect(JSON.stringify(dates.json().error.fields)).toContain(eventMessages.endDateAfterStart);

    const id = timed.json().id;
    const updated = await client.post(`/api/events/${id}`, {
      title: 'Measure (moved)',
      temporalData: { date: { date: '2026-12-02' } },
    });
    expect(updated.json()).toMatchObject({
      title: 'Measure (moved)',
      temporalData: { date: { date: '2026-12-02' } },
    });
    const theirs = await create('Their events', {}, otherClient, foreignWorkflow);
    const theirEvent = (
      await otherClient.post(`/api/deals/${theirs.id}/events`, {
        title: 'T',
        temporalData: { date: { date: '2026-12-02' } },
      })
    ).json();
    expect(
      (
        await client.post(`/api/events/${theirEvent.id}`, {
          title: 'x',
          temporalData: { date: { date: '2026-12-02' } },
        })
      ).statusCode,
    ).toBe(404);
    expect((await client.delete(`/api/events/${theirEvent.id}`)).statusCode).toBe(404);
    expect((await client.delete(`/api/events/${id}`)).statusCode).toBe(200);
  });

  it('publishes the user’s appointments as a private iCalendar feed', async () => {
    const d = await create('Feed deal');
    await client.post(`/api/deals/${d.id}/events`, {
      title: 'Check-measure, Smith; lounge',
      temporalData: {
        timespan: {
          start: '2026-12-07 13:30:00',
          end: '2026-12-07 14:30:00',
          startZone: 'UTC',
          endZone: 'UTC',
        },
      },
    });
    const { url } = (await client.post('/api/calendar/feed')).json();
    expect(url).toMatch(/^http:\/\/slat\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR\r\n');
    expect(feed.body).toContain('SUMMARY:Check-measure\\, Smith\\; lounge\r\n');
    expect(feed.body).toContain('DTSTART:20261207T133000Z');
    const again = (await client.post('/api/calendar/feed')).json().url;
    expect((await t.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(again).pathname })).statusCode).toBe(200);
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const uploadTo = (c: TestClient, fields: Record<string, string>, filename: string, content: Buffer) =>
  uploadAs(c, '/api/old/documents', { field: 'document', filename, content }, fields);

describe('attachments', () => {
  it('uploads to a deal, lists, downloads as an attachment, archives', async () => {
    const d = await create('Docs deal');
    const res = await uploadTo(
      client,
      { friendly_name: 'Site photos', model: 'deal', model_id: String(d.id) },
      'quote.pdf',
      PDF,
    );
    expect(res.statusCode, res.body).toBe(200);
    const doc = res.json().data;
    expect(doc).toMatchObject({
      name: 'Site photos',
      filename: 'quote.pdf',
      extension: 'pdf',
      mime_type: 'application/pdf',
      size: PDF.length,
    });
    expect(
      (await client.get(`/api/deals/${d.id}/documents`)).json().data.map((x: { id: number }) => x.id),
    ).toEqual([doc.id]);
    const download = await t.app.inject({
      method: 'GET',
      url: doc.url,
      headers: { cookie: `slat_session=${client.cookie}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment; filename="quote.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const other = await t.app.inject({
      method: 'GET',
      url: doc.url,
      headers: { cookie: `slat_session=${otherClient.cookie}` },
    });
    expect(other.statusCode).toBe(404);
    expect((await otherClient.post(`/api/deals/${d.id}/documents/${doc.id}/archive`)).statusCode).toBe(404);
    const archived = await client.post(`/api/deals/${d.id}/documents/${doc.id}/archive`);
    expect(archived.json().data.archived).toBe(true);
    expect((await client.get(`/api/deals/${d.id}/documents`)).json().data).toEqual([]);
    expect((await client.get(`/api/deals/${d.id}/documents?archived=true`)).json().data).toHaveLength(1);
  });

  it('refuses a disallowed extension, disguised content and a foreign deal', async () => {
    const d = await create('Docs checks');
    const exe = await uploadTo(client, { model: 'deal', model_id: String(d.id) }, 'tool.exe', PDF);
    expect(exe.json().error.fields[0]).toMatchObject({ path: 'file' });
    const disguised = await uploadTo(
      client,
      { model: 'deal', model_id: String(d.id) },
      'report.pdf',
      Buffer.from('<html>hi</html>'),
    );
    expect(disguised.json().error.fields).toEqual([
      { path: 'file', message: "The file's content is not a .pdf file" },
    ]);
    const theirs = await create('Their docs', {}, otherClient, foreignWorkflow);
    expect(
      (await uploadTo(client, { model: 'deal', model_id: String(theirs.id) }, 'a.pdf', PDF)).statusCode,
    ).toBe(404);
  });
});

describe('dashboard', () => {
  it('counts non-archived deals per phase of each active workflow, with alert counts', async () => {
    const fresh = await signedInClient(t);
    const wf = (await fresh.get('/api/workflows')).json()[0];
    const quoting = wf.statuses.find((s: { phase: string }) => s.phase === 'Quoting').id;
    await fresh.post('/api/deals', { workflowId: wf.id, name: 'N1' });
    await fresh.post('/api/deals', { workflowId: wf.id, name: 'Q1', statusId: quoting });
    const archived = (
      await fresh.post('/api/deals', { workflowId: wf.id, name: 'Q2', statusId: quoting })
    ).json();
    await fresh.post(`/api/deals/${archived.id}/archive`);
    const board = (await fresh.get('/api/dashboard/deals')).json();
    expect(board.map((w: { name: string }) => w.name)).toEqual(['Residential', 'Commercial']);
    expect(board[0]).toMatchObject({
      phases: { New: 1, Quoting: 1, InProgress: 0, Closed: 0, Cancelled: 0 },
      alerts: { warning: 1, info: 0 },
    });
  });
});

describe('live board stream', () => {
  it('pushes a change made through the API to an open stream within 2 s', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const d = await create('Streamed');
    const { text, afterMs } = await eventAfterChange({
      port,
      cookie: `slat_session=${client.cookie}`,
      workflowId: residential.id,
      change: () => client.put(`/api/deals/${d.id}`, { name: 'Streamed (renamed)' }),
      needle: 'event: deal',
    });
    expect(text).toContain(`"dealId":${d.id}`);
    expect(afterMs).toBeLessThan(2000);
  });
});
