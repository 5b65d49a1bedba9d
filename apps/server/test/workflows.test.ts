import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient, uploadAs } from './harness';

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

type Wf = {
  id: number;
  name: string;
  slug: string;
  isActive: boolean;
  statuses: { name: string; slug: string; phase: string }[];
  flags: { name: string; slug: string; values: { slug: string; label: string; appearance: string }[] }[];
};
const shape = (w: Wf) => ({
  statuses: w.statuses.map(({ name, slug, phase }) => ({ name, slug, phase })),
  flags: w.flags.map(({ name, slug, values }) => ({
    name,
    slug,
    values: values.map(({ slug, label, appearance }) => ({ slug, label, appearance })),
  })),
});

const importFile = (c: TestClient, filename: string, content: string) =>
  uploadAs(c, '/api/workflows/schema/import', { filename, content });

describe('workflows', () => {
  it('every dealer starts with Residential and Commercial (DESIGN §4)', async () => {
    const list: Wf[] = (await client.get('/api/workflows')).json();
    expect(list.map((w) => [w.name, w.slug, w.isActive])).toEqual([
      ['Residential', 'residential', true],
      ['Commercial', 'commercial', true],
    ]);
    const residential = list[0]!;
    expect(residential.statuses.map((s) => `${s.name} (${s.phase})`)).toEqual([
      'New Enquiry (New)',
      'Measure Booked (Quoting)',
      'Quoted (Quoting)',
      'Signed (InProgress)',
      'Ordered (InProgress)',
      'Received (InProgress)',
      'Installed (Closed)',
      'Lost (Cancelled)',
    ]);
    expect(residential.flags.map((f) => [f.name, f.values.map((v) => v.label)])).toEqual([
      ['Payment', ['None', 'Deposit Paid', 'Paid in Full']],
      ['Install', ['None', 'Booked', 'Complete']],
      ['Lost Reason', ['Unknown', 'Price', 'Timing', 'Competitor', 'No Response']],
    ]);
  });

  it("answers 404 for another dealer's workflow, for reads, export and update", async () => {
    const theirs: Wf[] = (await otherClient.get('/api/workflows')).json();
    const id = theirs[0]!.id;
    expect((await client.get(`/api/workflows/${id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/workflows/${id}/schema`)).statusCode).toBe(404);
    expect(
      (await client.put(`/api/workflows/${id}/update`, { name: 'Mine now', isActive: false })).statusCode,
    ).toBe(404);
    expect((await otherClient.get(`/api/workflows/${id}`)).json().name).toBe('Residential');
  });

  it('renames and deactivates; validates the name', async () => {
    const [, commercial] = (await client.get('/api/workflows')).json() as Wf[];
    const res = await client.put(`/api/workflows/${commercial!.id}/update`, {
      name: 'Commercial Projects',
      isActive: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Commercial Projects', isActive: false, slug: 'commercial' });
    const empty = await client.put(`/api/workflows/${commercial!.id}/update`, { name: '  ', isActive: true });
    expect(empty.json().error.fields).toEqual([{ path: 'name', message: 'Name is required' }]);
    expect((await client.put(`/api/workflows/${commercial!.id}/update`, { name: 'X' })).statusCode).toBe(400);
  });

  it('lets only main admins change workflows (403 for others)', async () => {
    await t.db.insert(users).values({
      accountId: dealer.accountId,
      companyId: dealer.companyId,
      username: `staff-${dealer.username}`,
      email: `staff-${dealer.email}`,
      passwordHash: await hashPassword('staff password'),
      mainAdminAccess: false,
    });
    const staff = await signedInClient(t, {
      username: `staff-${dealer.username}`,
      password: 'staff password',
    });
    const [residential] = (await staff.get('/api/workflows')).json() as Wf[];
    const res = await staff.put(`/api/workflows/${residential!.id}/update`, { name: 'Nope', isActive: true });
    expect(res.statusCode).toBe(403);
    expect((await importFile(staff, 'w.json', '{}')).statusCode).toBe(403);
  });

  it('exports a schema that imports into another dealer as the same statuses, phases and flags', async () => {
    const [residential] = (await client.get('/api/workflows')).json() as Wf[];
    const exported = await client.get(`/api/workflows/${residential!.id}/schema`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="residential.workflow.json"');
    const doc = exported.json();
    expect(doc).toMatchObject({ format: 'slat.workflow', version: 1, name: 'Residential' });

    const imported = await importFile(otherClient, 'residential.workflow.json', JSON.stringify(doc));
    expect(imported.statusCode, imported.body).toBe(200);
    const copy: Wf = imported.json();
    expect(copy.name).toBe('Residential');
    expect(copy.slug).toBe('residential-2'); // the other dealer already has one
    expect(shape(copy)).toEqual(shape(residential!));
    expect((await otherClient.get('/api/workflows')).json()).toHaveLength(3);
  });

  it('refuses bad files with clear errors and creates nothing', async () => {
    const before = (await client.get('/api/workflows')).json().length;
    const notJson = await importFile(client, 'w.json', '{ nope');
    expect(notJson.json().error.fields).toEqual([{ path: 'file', message: 'The file is not valid JSON' }]);
    const badPhase = await importFile(
      client,
      'w.json',
      JSON.stringify({
        format: 'slat.workflow',
        version: 1,
        name: 'Broken',
        statuses: [{ name: 'A', slug: 'a', phase: 'Nope' }],
        flags: [],
      }),
    );
    expect(badPhase.statusCode).toBe(400);
    expect(badPhase.json().error.fields[0].path).toBe('statuses[0].phase');
    const dupSlug = await importFile(
      client,
      'w.json',
      JSON.stringify({
        format: 'slat.workflow',
        version: 1,
        name: 'Dupes',
        statuses: [
          { name: 'A', slug: 'same', phase: 'New' },
          { name: 'B', slug: 'same', phase: 'Closed' },
        ],
        flags: [],
      }),
    );
    expect(dupSlug.json().error.fields).toEqual([
      { path: 'statuses[1].slug', message: "Duplicate slug 'same'" },
    ]);
    const wrongExt = await importFile(client, 'w.txt', '{}');
    expect(wrongExt.json().error.fields).toEqual([
      { path: 'file', message: 'Only .json files can be uploaded' },
    ]);
    expect((await client.get('/api/workflows')).json()).toHaveLength(before);
  });
});

describe('web settings: DEAL_WORKFLOWS', () => {
  it('saves and reads back preset filters per workflow, names trimmed', async () => {
    expect((await client.get('/api/account/web-settings/DEAL_WORKFLOWS')).json()).toEqual({ workflows: [] });
    const [residential] = (await client.get('/api/workflows')).json() as Wf[];
    const body = {
      workflows: [
        { workflowId: residential!.id, presetFilters: [{ name: '  Overdue  ', params: 'alerts=warning' }] },
      ],
    };
    const saved = await client.post('/api/account/web-settings/DEAL_WORKFLOWS', body);
    expect(saved.statusCode).toBe(200);
    const expected = {
      workflows: [
        { workflowId: residential!.id, presetFilters: [{ name: 'Overdue', params: 'alerts=warning' }] },
      ],
    };
    expect(saved.json()).toEqual(expected);
    expect((await client.get('/api/account/web-settings/DEAL_WORKFLOWS')).json()).toEqual(expected);
    expect((await otherClient.get('/api/account/web-settings/DEAL_WORKFLOWS')).json()).toEqual({
      workflows: [],
    });
  });

  it('refuses an empty preset name and another dealer’s workflow', async () => {
    const [residential] = (await client.get('/api/workflows')).json() as Wf[];
    const empty = await client.post('/api/account/web-settings/DEAL_WORKFLOWS', {
      workflows: [{ workflowId: residential!.id, presetFilters: [{ name: ' ', params: '' }] }],
    });
    expect(empty.json().error.fields).toEqual([
      { path: 'workflows[0].presetFilters[0].name', message: 'Name is required' },
    ]);
    const [theirs] = (await otherClient.get('/api/workflows')).json() as Wf[];
    const foreign = await client.post('/api/account/web-settings/DEAL_WORKFLOWS', {
      workflows: [{ workflowId: theirs!.id, presetFilters: [] }],
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 401 signed out and 419 without a token', async () => {
    expect((await new TestClient(t.app).get('/api/workflows')).statusCode).toBe(401);
    const noToken = new TestClient(t.app);
    noToken.cookie = client.cookie;
    expect(
      (await noToken.post('/api/account/web-settings/DEAL_WORKFLOWS', { workflows: [] })).statusCode,
    ).toBe(419);
  });
});
