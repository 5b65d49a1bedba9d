import '../strings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormModal } from '../../../components/form/form-modal';
import { ConfirmHost } from '../../../components/ui/confirm-host';
import { descriptionOf, inputValue, renderWithProviders } from '../../../testing/render';
import { OfflineSupplierOrderEditor } from './offline-editor';
import { historyEntries, offlineSupplierOrder, submittedOrder } from './testing-fixtures';

type Call = { method: string; url: string; body: Record<string, unknown> | null };

function setup(respond: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/old/auth/generate-token')) return Response.json('token');
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null,
      };
      calls.push(call);
      const answer = respond(call);
      if (answer) return answer;
      if (url.includes('/history?page=2')) return Response.json({ data: historyEntries(5, 5), total: 45 });
      if (url.includes('/history')) return Response.json({ data: historyEntries(40, 45), total: 45 });
      if (url.endsWith('/upsert'))
        return Response.json({
          ...offlineSupplierOrder(),
          ...(call.body as object),
          // as the server keeps money: two decimals
          freight: call.body?.freight ? Number(call.body.freight).toFixed(2) : null,
          id: '57',
          isOffline: true,
          shippingMethod: null,
        });
      return Response.json({}, { status: 404 });
    }),
  );
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const order = submittedOrder(true);
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <ConfirmHost />
      <FormModal opened onClose={onClose} title="Supplier order (manual)">
        <OfflineSupplierOrderEditor
          orderId={40}
          supplierOrder={offlineSupplierOrder()}
          supplier={order.context.supplier}
        />
      </FormModal>
    </QueryClientProvider>,
  );
  return { calls, onClose, user: userEvent.setup() };
}

const SLOW = { timeout: 20_000 };

afterEach(() => vi.unstubAllGlobals());

describe('the manual supplier order editor', () => {
  it('saves the freight exactly as typed and keeps the editor on the saved values', SLOW, async () => {
    const { calls, user } = setup();
    const freight = await screen.findByRole('textbox', { name: 'Freight' });
    await user.type(freight, '12.5');
    await user.clear(screen.getByRole('textbox', { name: 'Order status' }));
    await user.type(screen.getByRole('textbox', { name: 'Order status' }), 'Shipped');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Shipping method' }), 'Courier');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Supplier order saved');
    const saved = calls.filter((c) => c.url.endsWith('/purchaseorder/40/offline-manufacturer-orders/upsert'));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.body).toMatchObject({
      id: '57',
      manufacturerId: 12,
      freight: '12.5',
      orderStatus: 'Shipped',
      shippingMethodId: 3,
      eta: null,
    });
    expect(inputValue(freight)).toBe('12.5');
  });

  it('moves the address to a pick-up point when that method is chosen', SLOW, async () => {
    const { user } = setup();
    const method = await screen.findByRole('combobox', { name: 'Shipping method' });
    await user.selectOptions(method, 'Pick up — Eagle Farm');
    expect(inputValue(screen.getByRole('textbox', { name: 'Shipping address' }))).toBe(
      '7 Depot Rd, Eagle Farm QLD 4009',
    );
    await user.selectOptions(method, 'Courier');
    // a method without an address of its own leaves the address as it is
    expect(inputValue(screen.getByRole('textbox', { name: 'Shipping address' }))).toBe(
      '7 Depot Rd, Eagle Farm QLD 4009',
    );
  });

  it('refuses a freight that is not an amount by its field, sending nothing', SLOW, async () => {
    const { calls, user } = setup();
    const freight = await screen.findByRole('textbox', { name: 'Freight' });
    await user.type(freight, '12,50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(descriptionOf(freight)).toContain('Freight must be a number of at least 0'));
    expect(inputValue(freight)).toBe('12,50');
    expect(calls.some((c) => c.url.endsWith('/upsert'))).toBe(false);
  });

  it("shows the server's refusal on the field it names", SLOW, async () => {
    const { user } = setup(({ url }) =>
      url.endsWith('/upsert')
        ? Response.json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Review all fields and try again',
                fields: [{ path: 'freight', message: 'Freight must be at most 1000000' }],
              },
            },
            { status: 400 },
          )
        : undefined,
    );
    const freight = await screen.findByRole('textbox', { name: 'Freight' });
    await user.type(freight, '999999');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(descriptionOf(freight)).toContain('Freight must be at most 1000000'));
  });

  it('asks before a changed editor closes', SLOW, async () => {
    const { user, onClose } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Reference' }), '-B');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('dialog', { name: /unsaved changes/i });
    await user.click(within(question).getByRole('button', { name: /cancel|keep/i }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('pages its history 40 at a time, newest first', SLOW, async () => {
    const { calls, user } = setup();
    const history = await screen.findByTestId('supplier-order-history');
    expect(within(history).getAllByTestId('history-entry')).toHaveLength(40);
    expect(within(history).getAllByTestId('history-change')[0]?.textContent).toBe('Reference: R44 → R45');
    expect(within(history).getAllByText('Page 1 of 2').length).toBeGreaterThan(0);
    await user.click(within(history).getAllByRole('button', { name: 'Next page' })[0] as HTMLElement);
    await waitFor(() => expect(within(history).getAllByTestId('history-entry')).toHaveLength(5));
    expect(
      calls.some((c) => c.url.endsWith('/purchaseorder/40/offline-manufacturer-orders/57/history?page=2')),
    ).toBe(true);
  });
});
