import { afterEach, describe, expect, it, vi } from 'vitest';
import { isHistoryPage, isSupplierMe, isSupplierViewOrder, PublicApiError, supplierApi } from './api';
import { historyFixture, LINK_ID, meFixture, orderFixture } from './testing-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the supplier's page calls", () => {
  it('accept a well-formed order and refuse a field of the wrong type or value', () => {
    expect(isSupplierViewOrder(orderFixture())).toBe(true);
    expect(
      isSupplierViewOrder(
        orderFixture({
          acknowledgement: 'ACCEPTED_WITH_CHANGES',
          lineChanges: [{ orderLineId: 901, quantity: 3 }],
          revises: { supplierOrderId: 70, revisionNumber: 1, changes: [{ kind: 'ADDED', description: 'x' }] },
        }),
      ),
    ).toBe(true);
    expect(isSupplierViewOrder({ ...orderFixture(), acknowledgement: 'MAYBE' })).toBe(false);
    expect(isSupplierViewOrder({ ...orderFixture(), purchaseOrderNumber: '1042' })).toBe(false);
    const order = orderFixture();
    expect(
      isSupplierViewOrder({
        ...order,
        context: { ...order.context, orderLines: [{ ...order.context.orderLines[0], quantity: '2' }] },
      }),
    ).toBe(false);
    expect(isSupplierMe(meFixture())).toBe(true);
    expect(isSupplierMe({ ...meFixture(), kind: 'SESSION' })).toBe(false);
    expect(isHistoryPage(historyFixture())).toBe(true);
    expect(isHistoryPage({ data: [{ id: 1 }], total: 1 })).toBe(false);
  });

  it('send the link as a bearer credential, no cookie, and POST bodies as JSON', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json(orderFixture()),
    );
    vi.stubGlobal('fetch', fetchMock);
    await supplierApi(LINK_ID).acknowledge(77, { response: 'RECEIVED' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/supplier/v1/orders/77/acknowledge');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('omit');
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe(`Bearer ${LINK_ID}`);
    expect(JSON.parse(String(init?.body))).toEqual({ response: 'RECEIVED' });
  });

  it('turn an error body into its status and fields, and a wrong shape into status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          {
            error: { code: 'VALIDATION', message: 'Invalid', fields: [{ path: 'reason', message: 'Why?' }] },
          },
          { status: 400 },
        ),
      ),
    );
    const error = await supplierApi(LINK_ID)
      .acknowledge(77, { response: 'REJECTED' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PublicApiError);
    expect(error).toMatchObject({ status: 400, fields: [{ path: 'reason', message: 'Why?' }] });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ id: 77 })),
    );
    await expect(supplierApi(LINK_ID).order(77)).rejects.toMatchObject({ status: 0 });

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(supplierApi(LINK_ID).me()).rejects.toMatchObject({ status: 0 });
  });
});
