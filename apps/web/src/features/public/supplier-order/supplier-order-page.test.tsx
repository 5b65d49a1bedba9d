import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicApp, publicRouteOf } from '../public-app';
import type { HistoryPage, SupplierViewOrder } from './api';
import { historyFixture, LINK_ID, meFixture, orderFixture } from './testing-fixtures';
import { changedFields, valuesOf } from './update-form';

type Call = { url: string; method: string; body: unknown; auth: string | undefined };
let calls: Call[] = [];

/**
 * A stand-in supplier API holding one order: me, the order, its history; acknowledge and update
 * answer the order with the change applied, or what `respond` says.
 */
function serve({
  order = orderFixture(),
  history = historyFixture(),
  me = () => Response.json(meFixture()),
  respond,
}: {
  order?: SupplierViewOrder;
  history?: HistoryPage | (() => Response);
  me?: () => Response | Promise<Response>;
  respond?: (call: Call) => Response | Promise<Response> | undefined;
} = {}) {
  calls = [];
  let current = order;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const call: Call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        auth: (init?.headers as Record<string, string> | undefined)?.authorization,
      };
      calls.push(call);
      // answers to writes take a moment, as over a phone network: a second tap lands meanwhile
      if (call.method === 'POST') await new Promise((resolve) => setTimeout(resolve, 30));
      const answer = respond?.(call);
      if (answer) return answer;
      if (url.endsWith('/me')) return me();
      if (url.includes('/history')) return typeof history === 'function' ? history() : Response.json(history);
      if (url.endsWith('/acknowledge')) {
        const body = call.body as {
          response: SupplierViewOrder['acknowledgement'];
          lineChanges?: [];
          reason?: string;
        };
        current = {
          ...current,
          acknowledgement: body.response,
          acknowledgedAt: '2026-11-28T04:00:00.000Z',
          lineChanges: body.lineChanges ?? [],
          rejectionReason: body.reason ?? '',
        };
        return Response.json(current);
      }
      if (url.endsWith('/update')) {
        const body = call.body as { orderStatusId?: number; eta?: string | null };
        const status = current.statuses.find((s) => s.id === body.orderStatusId);
        current = {
          ...current,
          ...(status
            ? { orderStatusId: status.id, context: { ...current.context, orderStatus: status } }
            : {}),
          ...(body.eta !== undefined ? { eta: body.eta } : {}),
        };
        return Response.json(current);
      }
      if (url.endsWith('/pdf'))
        return new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      return Response.json(current);
    }),
  );
}

const apiError = (status: number, message = 'x', fields: { path: string; message: string }[] = []) =>
  Response.json({ error: { code: 'X', message, fields } }, { status });

const open = () => render(<PublicApp route={publicRouteOf(`/supplier-order/${LINK_ID}`, '')} />);
const writes = () => calls.filter((c) => c.method === 'POST');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the supplier's order page", () => {
  it('is the page of /supplier-order/{linkId}, with or without a trailing slash', () => {
    expect(publicRouteOf('/supplier-order/abc', '')).toEqual({ page: 'supplierOrder', linkId: 'abc' });
    expect(publicRouteOf('/supplier-order/abc/', '')).toEqual({ page: 'supplierOrder', linkId: 'abc' });
    expect(publicRouteOf('/supplier-order/abc/more', '')).toEqual({ page: 'unknown' });
  });

  it('shows the dealer, the order number, required date, where it ships and each line as entered', async () => {
    serve();
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase order #1042' })).toBeTruthy();
    expect(screen.getByText('Shade & Co')).toBeTruthy();
    expect(screen.getByTestId('required-date').textContent).toBe('Dec 15, 2026');
    expect(screen.getByText('Courier')).toBeTruthy();
    expect(screen.getByText(/12 Harbour St/)).toBeTruthy();
    expect(screen.getByText('Leave at the side gate')).toBeTruthy();
    const lines = within(screen.getByTestId('order-lines')).getAllByRole('listitem', { hidden: false });
    const first = lines[0]!.textContent ?? '';
    expect(first).toContain('House/Lounge/Left · Roller blind');
    expect(first).toContain('Qty 2');
    expect(first).toContain('Size 1200 mm × 1500 mm');
    expect(first).toContain('Inside mount');
    expect(first).toContain('Fabric: Linen White');
    expect(screen.getByText('Notes: Match the lounge')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View PDF' })).toBeTruthy();
    expect(await screen.findByText('No changes yet')).toBeTruthy();
    // every call carries the link, the order's id comes from /me
    expect(calls.map((c) => c.url)).toEqual([
      '/api/supplier/v1/me',
      '/api/supplier/v1/orders/77',
      '/api/supplier/v1/orders/77/history?page=1',
    ]);
    expect(calls.every((c) => c.auth === `Bearer ${LINK_ID}`)).toBe(true);
  });

  it('a revoked or unknown link shows that the link is no longer valid', async () => {
    serve({ me: () => apiError(401, 'Invalid credential') });
    open();
    expect(
      await screen.findByText('This link is no longer valid. Ask the dealer for a new one.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a network failure offers to try again, which loads the order', async () => {
    let fail = true;
    serve({
      me: () => {
        if (fail) throw new TypeError('Failed to fetch');
        return Response.json(meFixture());
      },
    });
    open();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchase order #1042' })).toBeTruthy();
  });

  it('acknowledges receipt, then accepts with a changed quantity after confirming, sending it once', async () => {
    serve();
    open();
    // a double tap while the answer is on its way sends it once
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Acknowledge receipt' }));
    expect(await screen.findByTestId('received')).toBeTruthy();
    expect(writes().map((c) => c.body)).toEqual([{ response: 'RECEIVED' }]);
    // received: the receipt button is gone, the final answers stay
    expect(screen.queryByRole('button', { name: 'Acknowledge receipt' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Accept with changes' }));
    // the tapped button is gone: the form's title has the focus, and Cancel gives it back
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Accept with changes' })),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Accept' })));
    await userEvent.click(screen.getByRole('button', { name: 'Accept with changes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send accepted with changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name at least one line and what changed');
    expect(writes()).toHaveLength(1);

    const first = screen.getByRole('group', { name: /House\/Lounge\/Left · Roller blind/ });
    await userEvent.type(within(first).getByLabelText('New quantity'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send accepted with changes' }));
    expect(within(first).getByText('Enter a whole number from 0 to 10000')).toBeTruthy();
    await userEvent.clear(within(first).getByLabelText('New quantity'));
    await userEvent.type(within(first).getByLabelText('New quantity'), '3');
    await userEvent.type(within(first).getByLabelText('Note'), 'Only 3 in stock');
    // the second line's quantity typed as ordered changes nothing
    const second = screen.getByRole('group', { name: /House\/Bedroom · Venetian/ });
    await userEvent.type(within(second).getByLabelText('New quantity'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Send accepted with changes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send this answer?' });
    expect(dialog.textContent).toContain('Accept the order with changes to 1 line?');
    const yes = within(dialog).getByRole('button', { name: 'Yes, send' });
    await userEvent.dblClick(yes);
    expect(await screen.findByTestId('answer')).toBeTruthy();
    expect(screen.getByTestId('answer').textContent).toContain('Accepted with changes');
    // the answer takes the focus in an effect after it shows
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your answer' })),
    );
    expect(writes().map((c) => c.body)).toEqual([
      { response: 'RECEIVED' },
      {
        response: 'ACCEPTED_WITH_CHANGES',
        lineChanges: [{ orderLineId: 901, quantity: 3, note: 'Only 3 in stock' }],
      },
    ]);
    expect(screen.getByTestId('line-changes').textContent).toContain(
      'House/Lounge/Left · Roller blind: Quantity 3 · Only 3 in stock',
    );
    // answered: the form to move the order on is shown, the answer buttons are gone
    expect(screen.getByRole('heading', { name: 'Progress' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('a tap on Accept asks first; Cancel sends nothing', async () => {
    serve();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this answer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, send' }),
    );
    expect((await screen.findByTestId('answer')).textContent).toContain('Accepted');
    expect(writes().map((c) => c.body)).toEqual([{ response: 'ACCEPTED' }]);
  });

  it('rejecting needs a reason, and shows the reason once sent', async () => {
    serve();
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send rejection' }));
    expect(screen.getByRole('alert').textContent).toBe('Please give a reason for rejecting the order');
    expect(screen.getByLabelText(/Reason/).getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText(/Reason/), 'Discontinued fabric');
    await userEvent.click(screen.getByRole('button', { name: 'Send rejection' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, send' }),
    );
    expect((await screen.findByTestId('answer')).textContent).toContain('Rejected');
    expect(screen.getByText('Discontinued fabric')).toBeTruthy();
    expect(writes().map((c) => c.body)).toEqual([{ response: 'REJECTED', reason: 'Discontinued fabric' }]);
    // a rejected order is not moved on
    expect(screen.queryByRole('heading', { name: 'Progress' })).toBeNull();
  });

  it("an order answered meanwhile says so and shows the dealer's answer", async () => {
    let answered = false;
    serve({
      respond: (call) => {
        if (call.url.endsWith('/acknowledge')) {
          answered = true;
          return apiError(409, 'This order has already been answered');
        }
        if (answered && call.url.endsWith('/orders/77'))
          return Response.json(
            orderFixture({ acknowledgement: 'ACCEPTED', acknowledgedAt: '2026-11-28T01:00:00Z' }),
          );
        return undefined;
      },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, send' }),
    );
    expect((await screen.findByTestId('answer')).textContent).toContain('Accepted');
  });

  it('a revision says which revision it replaces, lists the changes and acknowledges the revision', async () => {
    serve({
      order: orderFixture({
        revisionNumber: 2,
        revises: {
          supplierOrderId: 70,
          revisionNumber: 1,
          changes: [
            { kind: 'CHANGED', description: 'House/Lounge/Left: quantity 1 → 2' },
            { kind: 'ADDED', description: 'House/Bedroom: Venetian added' },
          ],
        },
      }),
    });
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Purchase order #1042 (Revision 2)' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'This order replaces revision 1' })).toBeTruthy();
    expect(screen.getByTestId('revision-changes').textContent).toContain('House/Bedroom: Venetian added');
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge receipt of the revision' }));
    await waitFor(() => expect(writes().map((c) => c.body)).toEqual([{ response: 'RECEIVED' }]));
    expect(writes()[0]?.url).toBe('/api/supplier/v1/orders/77/acknowledge');
  });

  it('saves only the changed fields in one update, says so and reads the history again', async () => {
    serve({ order: orderFixture({ acknowledgement: 'ACCEPTED', acknowledgedAt: '2026-11-28T01:00:00Z' }) });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByText('Nothing has changed yet.')).toBeTruthy();
    expect(writes()).toHaveLength(0);

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'In production');
    await userEvent.type(screen.getByLabelText('ETA'), '2026-12-20');
    await userEvent.type(screen.getByLabelText('Carrier'), 'StarTrack');
    await userEvent.type(screen.getByLabelText('Tracking number'), 'ST123');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved. The dealer sees it now.')).toBeTruthy();
    expect(writes().map((c) => c.body)).toEqual([
      { orderStatusId: 2, eta: '2026-12-20', tracking: { carrier: 'StarTrack', number: 'ST123', url: '' } },
    ]);
    expect(screen.getByTestId('order-status').textContent).toBe('In production');
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/history')).length).toBe(2));
  });

  it('a refused field is shown beside it; a closed order says it cannot change', async () => {
    let answer = () =>
      apiError(400, 'Invalid', [{ path: 'freight', message: 'Freight must be a number of at least 0' }]);
    serve({
      order: orderFixture({ acknowledgement: 'ACCEPTED' }),
      respond: (call) => (call.url.endsWith('/update') ? answer() : undefined),
    });
    open();
    await userEvent.type(await screen.findByLabelText('Freight'), '12,50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Freight must be a number of at least 0')).toBeTruthy();
    expect(screen.getByLabelText('Freight').getAttribute('aria-invalid')).toBe('true');

    answer = () => apiError(409, 'This order is closed: its status can no longer change');
    await userEvent.clear(screen.getByLabelText('Freight'));
    await userEvent.type(screen.getByLabelText('Freight'), '12.50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This order is closed: its status can no longer change')).toBeTruthy();
  });

  it('lists the history newest first with who changed what, from and to', async () => {
    serve({
      order: orderFixture({ acknowledgement: 'ACCEPTED' }),
      history: historyFixture({
        total: 2,
        data: [
          {
            id: 12,
            createdAt: '2026-11-28T04:10:00.000Z',
            created_at: '2026-11-28 04:10:00',
            type: 'order-update',
            employee: { fullName: 'Acme Blinds (supplier, order link)' },
            source: 'SUPPLIER_LINK',
            changes: [{ field: 'eta', label: 'ETA', old: '', new: '2026-12-20' }],
          },
          {
            id: 11,
            createdAt: '2026-11-28T04:00:00.000Z',
            created_at: '2026-11-28 04:00:00',
            type: 'order-update',
            employee: { fullName: 'Acme Blinds (supplier, order link)' },
            source: 'SUPPLIER_LINK',
            changes: [{ field: 'acknowledgement', label: 'Acknowledgement', old: '', new: 'Accepted' }],
          },
        ],
      }),
    });
    open();
    const history = await screen.findByTestId('history');
    const entries = within(history)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === history);
    expect(entries.map((e) => e.querySelector('li')?.textContent)).toEqual([
      'ETA: (none) → 2026-12-20',
      'Acknowledgement: (none) → Accepted',
    ]);
    expect(entries[0]?.textContent).toContain('Acme Blinds (supplier, order link)');
  });

  it('shows 40 changes a page and the older ones on request, none twice', async () => {
    const entry = (id: number) => ({
      id,
      createdAt: '2026-11-28T04:00:00.000Z',
      created_at: '2026-11-28 04:00:00',
      type: 'order-update' as const,
      employee: { fullName: 'Acme Blinds (supplier, order link)' },
      source: 'SUPPLIER_LINK' as const,
      changes: [{ field: 'customer_notes' as const, label: 'Notes', old: '', new: `note ${id}` }],
    });
    const newest = Array.from({ length: 40 }, (_, i) => entry(42 - i));
    serve({
      order: orderFixture({ acknowledgement: 'ACCEPTED' }),
      respond: (call) =>
        call.url.endsWith('/history?page=1')
          ? Response.json({ data: newest, total: 42 })
          : call.url.endsWith('/history?page=2')
            ? // a change made meanwhile pushed entry 3 onto the second page
              Response.json({ data: [entry(3), entry(2), entry(1)], total: 43 })
            : undefined,
    });
    open();
    const history = await screen.findByTestId('history');
    expect(history.querySelectorAll(':scope > li')).toHaveLength(40);
    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(history.querySelectorAll(':scope > li')).toHaveLength(42));
    expect(calls.filter((c) => c.url.includes('/history')).map((c) => c.url.split('?')[1])).toEqual([
      'page=1',
      'page=2',
    ]);
    expect(screen.getByText(/→ note 1$/)).toBeTruthy();
    expect(screen.getAllByText(/→ note 3$/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Show older changes' })).toBeTruthy();
  });

  it('opens the PDF fetched with the link in a new tab', async () => {
    serve();
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const createObjectURL = vi.fn(() => 'blob:http://localhost/pdf-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'View PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:http://localhost/pdf-1'));
    const pdfCall = calls.find((c) => c.url.endsWith('/pdf'));
    expect(pdfCall?.auth).toBe(`Bearer ${LINK_ID}`);
  });
});

describe('the update form', () => {
  it('sends nothing unchanged, blanks as none, and tracking whole when any part changed', () => {
    const order = orderFixture({
      eta: '2026-12-01',
      freight: '10.00',
      tracking: { carrier: 'A', number: '1', url: '' },
    });
    const values = valuesOf(order);
    expect(changedFields(order, values)).toEqual({});
    expect(changedFields(order, { ...values, eta: '', freight: ' ' })).toEqual({ eta: null, freight: null });
    expect(changedFields(order, { ...values, number: '2 ' })).toEqual({
      tracking: { carrier: 'A', number: '2', url: '' },
    });
  });
});
