import '../../strings';
import { type PurchaseOrder, purchaseOrderMessages } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../../../components/ui/confirm-host';
import { descriptionOf, inputValue, renderWithProviders } from '../../../../testing/render';
import { ReviewOrderModal } from './review-order-modal';
import { makeLine, makeOrder, suppliers } from './testing-fixtures';

type Call = { method: string; url: string; body: Record<string, unknown> | null };
type Respond = (call: Call) => Response | Promise<Response> | undefined;

// as the server answers: the fixture's lines are sketches, so the answer carries none
const submitted = (order: PurchaseOrder): PurchaseOrder => ({
  ...order,
  status: 'SUBMITTED',
  isReadOnly: true,
  context: { ...order.context, orderLines: [], errorLineCount: 0 },
});

function setup(order: PurchaseOrder, respond: Respond = () => undefined) {
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
      const answer = await respond(call);
      if (answer) return answer;
      if (url.includes('/freight')) return Response.json({ estimate: 12.5 });
      if (url.endsWith('/pdf')) return Response.json({ url: `/api/purchaseorder/${order.id}/files/9` });
      if (url.endsWith('/convert')) return Response.json(submitted(order));
      return Response.json({}, { status: 404 });
    }),
  );
  const onClose = vi.fn();
  const onSubmitted = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <ConfirmHost />
      <ReviewOrderModal order={order} opened onClose={onClose} onSubmitted={onSubmitted} />
    </QueryClientProvider>,
  );
  return { calls, onClose, onSubmitted, user: userEvent.setup() };
}

// Each test walks the modal with real timers and user events: room for a busy machine.
const SLOW = { timeout: 20_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const requiredDate = () => screen.getByLabelText(/Required date/) as HTMLInputElement;
const next = () => screen.getByRole('button', { name: 'Next' });
const step = () => screen.getByTestId('review-step').textContent;
const convertCalls = (calls: Call[]) => calls.filter((c) => c.url.endsWith('/convert'));

describe('the review form', SLOW, () => {
  it('is titled Review Order and starts at the earliest date, the default method, address and instructions', async () => {
    setup(makeOrder());
    expect(await screen.findByRole('dialog', { name: 'Review Order' })).toBeTruthy();
    expect(inputValue(requiredDate())).toBe('2030-03-10');
    expect(requiredDate().min).toBe('2030-03-10');
    expect(inputValue(screen.getByLabelText(/Shipping method/))).toBe('2');
    expect(inputValue(screen.getByLabelText(/Shipping address/))).toBe('12 Harbour St, Sydney NSW 2000');
    expect(inputValue(screen.getByLabelText(/Shipping instructions/))).toBe('Leave at the back door');
    expect((await screen.findByTestId('review-freight')).textContent).toBe('+ $12.50 shipping (est)');
  });

  it('refuses a date earlier than allowed with the earliest date, and goes on once it is fixed', async () => {
    const { user } = setup(makeOrder());
    await screen.findByRole('dialog', { name: 'Review Order' });
    fireEvent.change(requiredDate(), { target: { value: '2030-03-09' } });
    await user.click(next());
    await waitFor(() => expect(descriptionOf(requiredDate())).toBe('Earliest allowed date is 10/03/2030'));
    expect(step()).toBe('Step 1 of 2: Details');
    fireEvent.change(requiredDate(), { target: { value: '2030-03-12' } });
    await waitFor(() => expect(descriptionOf(requiredDate())).toBe(''));
    await user.click(next());
    await waitFor(() => expect(step()).toBe('Step 2 of 2: Review'));
  });

  it('says a date that cannot be one is an Invalid date, and an empty one is asked for', async () => {
    const { user } = setup(makeOrder());
    await screen.findByRole('dialog', { name: 'Review Order' });
    fireEvent.change(requiredDate(), { target: { value: '20300-03-12' } });
    fireEvent.blur(requiredDate());
    await waitFor(() => expect(descriptionOf(requiredDate())).toBe('Invalid date'));
    fireEvent.change(requiredDate(), { target: { value: '' } });
    await user.click(next());
    await waitFor(() =>
      expect(descriptionOf(requiredDate())).toBe(purchaseOrderMessages.requiredDateRequired),
    );
  });

  it('moves the address to a method’s own and back when the method changes', async () => {
    const { user, calls } = setup(makeOrder());
    await screen.findByRole('dialog', { name: 'Review Order' });
    await user.selectOptions(screen.getByLabelText(/Shipping method/), '1');
    expect(inputValue(screen.getByLabelText(/Shipping address/))).toBe('1 Depot Rd, Botany NSW 2019');
    await user.selectOptions(screen.getByLabelText(/Shipping method/), '2');
    expect(inputValue(screen.getByLabelText(/Shipping address/))).toBe('12 Harbour St, Sydney NSW 2000');
    await waitFor(() =>
      expect(
        calls.filter((c) => c.url === '/api/order/40/manufacturer/11/freight').map((c) => c.body),
      ).toEqual([{ shippingMethodId: 2 }, { shippingMethodId: 1 }]),
    );
  });

  it('shows an internal supplier no shipping method, address or freight', async () => {
    const { calls, user } = setup(makeOrder({ supplier: suppliers.internal }));
    await screen.findByRole('dialog', { name: 'Review Order' });
    expect(screen.queryByLabelText(/Shipping method/)).toBeNull();
    expect(screen.queryByLabelText(/Shipping address/)).toBeNull();
    expect(screen.getByTestId('review-internal').textContent).toContain('Harbour Workroom');
    await user.click(next());
    await waitFor(() => expect(step()).toBe('Step 2 of 2: Review'));
    expect(screen.queryByText('Shipping method')).toBeNull();
    expect(screen.queryByTestId('review-freight')).toBeNull();
    expect(calls.some((c) => c.url.includes('/freight'))).toBe(false);
  });
});

describe('the review step', SLOW, () => {
  it('previews the PDF made with the form, keeps what was typed going back, and submits once confirmed', async () => {
    const order = makeOrder();
    const { calls, user, onSubmitted } = setup(order);
    await screen.findByRole('dialog', { name: 'Review Order' });
    fireEvent.change(requiredDate(), { target: { value: '2030-03-20' } });
    await user.clear(screen.getByLabelText(/Shipping instructions/));
    await user.type(screen.getByLabelText(/Shipping instructions/), 'Call first');
    await user.click(next());
    const frame = (await screen.findByTestId('review-pdf-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe('/api/purchaseorder/40/files/9');
    expect(calls.find((c) => c.url === '/api/purchaseorder/40/pdf')?.body).toEqual({
      requiredDate: '2030-03-20',
      shippingMethodId: 2,
      shippingAddress: '12 Harbour St, Sydney NSW 2000',
      shippingInstructions: 'Call first',
    });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(inputValue(requiredDate())).toBe('2030-03-20');
    expect(inputValue(screen.getByLabelText(/Shipping instructions/))).toBe('Call first');
    await user.click(next());

    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Submit order' });
    expect(confirm.textContent).toContain('Orders cannot be edited after submission. Are you sure?');
    const yes = within(confirm).getByRole('button', { name: 'Yes, submit order' });
    await user.dblClick(yes);
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(onSubmitted.mock.calls[0]?.[0]).toMatchObject({ id: 40, status: 'SUBMITTED' });
    expect(convertCalls(calls)).toEqual([
      {
        method: 'POST',
        url: '/api/old/quotes/40/convert',
        body: {
          type: 'purchase_order',
          process_type: 'submit',
          orderOnline: true,
          required_date: '2030-03-20',
          shipping_address: '12 Harbour St, Sydney NSW 2000',
          shipping_method_id: 2,
          shipping_instructions: 'Call first',
        },
      },
    ]);
    expect(await screen.findByText('Order #1007 submitted')).toBeTruthy();
  });

  it('falls back to the legacy generator when no template is configured (501)', async () => {
    const { user } = setup(makeOrder(), (call) =>
      call.url.endsWith('/pdf')
        ? Response.json(
            { error: { code: 'NOT_IMPLEMENTED', message: 'No template', fields: [] } },
            { status: 501 },
          )
        : undefined,
    );
    await screen.findByRole('dialog', { name: 'Review Order' });
    await user.clear(screen.getByLabelText(/Shipping instructions/));
    await user.click(next());
    const frame = (await screen.findByTestId('review-pdf-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(
      '/api/old/orders/generate-pdf?type=purchase_order&manufacturer_id=11&order_id=40&required_date=2030-03-10&shipping_method_id=2&shipping_address=12+Harbour+St%2C+Sydney+NSW+2000',
    );
  });

  it('asks for the PDF again when the PDF process was busy (503)', async () => {
    let busy = true;
    const { user, calls } = setup(makeOrder(), (call) => {
      if (!call.url.endsWith('/pdf') || !busy) return undefined;
      busy = false;
      return Response.json(
        { error: { code: 'UNAVAILABLE', message: 'The PDF could not be made just now.', fields: [] } },
        { status: 503 },
      );
    });
    await screen.findByRole('dialog', { name: 'Review Order' });
    await user.click(next());
    expect(await screen.findByTestId('review-pdf-frame', {}, { timeout: 5000 })).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('/pdf'))).toHaveLength(2);
  });

  it('blocks submitting while products have errors, listing them', async () => {
    const order = makeOrder({
      lines: [
        makeLine({ id: 2, errors: [{ code: 'INVALID_OPTIONS', message: 'Invalid options selected.' }] }),
      ],
    });
    const { user, calls } = setup(order);
    await screen.findByRole('dialog', { name: 'Review Order' });
    await user.click(next());
    const blocked = await screen.findByTestId('review-blocked');
    expect(blocked.textContent).toContain('One or more products have errors.');
    expect(blocked.textContent).toContain('Please resolve the following issues before submitting');
    expect(blocked.textContent).toContain('House/Lounge/Window 1 — Roller Blind: Invalid options selected.');
    expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(true);
    expect(convertCalls(calls)).toEqual([]);
  });

  it('takes a refused required date back to the form, on its field', async () => {
    const { user, onSubmitted } = setup(makeOrder(), (call) =>
      call.url.endsWith('/convert')
        ? Response.json(
            {
              error: {
                code: 'VALIDATION_FAILED',
                message: 'Validation failed',
                fields: [{ path: 'required_date', message: 'Earliest allowed date is 12/03/2030' }],
              },
            },
            { status: 400 },
          )
        : undefined,
    );
    await screen.findByRole('dialog', { name: 'Review Order' });
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, submit order' }));
    await waitFor(() => expect(step()).toBe('Step 1 of 2: Details'));
    await waitFor(() => expect(descriptionOf(requiredDate())).toBe('Earliest allowed date is 12/03/2030'));
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('shows a conflict’s message and stays open', async () => {
    const { user, onSubmitted } = setup(makeOrder(), (call) =>
      call.url.endsWith('/convert')
        ? Response.json(
            { error: { code: 'CONFLICT', message: purchaseOrderMessages.alreadySubmitted, fields: [] } },
            { status: 409 },
          )
        : undefined,
    );
    await screen.findByRole('dialog', { name: 'Review Order' });
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, submit order' }));
    expect((await screen.findByTestId('review-problem')).textContent).toContain(
      purchaseOrderMessages.alreadySubmitted,
    );
    expect(screen.getByRole('dialog', { name: 'Review Order' })).toBeTruthy();
    expect(onSubmitted).not.toHaveBeenCalled();
  });
});

describe('a manual supplier', SLOW, () => {
  it('reviews, then takes the supplier order and marks it as submitted', async () => {
    const order = makeOrder({ supplier: suppliers.offline });
    const { user, calls, onSubmitted } = setup(order);
    await screen.findByRole('dialog', { name: 'Review Order (Manual)' });
    await user.selectOptions(screen.getByLabelText(/Shipping method/), '3');
    await user.click(next());
    await screen.findByTestId('review-pdf-frame');
    await user.click(next());
    await waitFor(() => expect(step()).toBe('Step 3 of 3: Supplier order'));
    await user.type(screen.getByLabelText('Reference'), 'SV-2044');
    await user.type(screen.getByLabelText('Order status'), 'Confirmed by phone');
    fireEvent.change(screen.getByLabelText('ETA'), { target: { value: '2030-04-02' } });
    await user.type(screen.getByLabelText('Notes'), 'Spoke to Sam');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(next());
    expect(inputValue(screen.getByLabelText('Reference'))).toBe('SV-2044');
    await user.click(screen.getByRole('button', { name: 'Mark as Submitted' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, submit order' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
    expect(convertCalls(calls).map((c) => c.body)).toEqual([
      {
        type: 'purchase_order',
        process_type: 'manual',
        orderOnline: false,
        required_date: '2030-03-10',
        shipping_address: '12 Harbour St, Sydney NSW 2000',
        shipping_method_id: 3,
        shipping_instructions: 'Leave at the back door',
        offline_supplier_order: {
          reference: 'SV-2044',
          orderStatus: 'Confirmed by phone',
          eta: '2030-04-02',
          notes: 'Spoke to Sam',
        },
      },
    ]);
  });
});

describe('closing', SLOW, () => {
  it('asks before dropping what was typed', async () => {
    const { user, onClose } = setup(makeOrder());
    await screen.findByRole('dialog', { name: 'Review Order' });
    await user.type(screen.getByLabelText(/Shipping instructions/), ' please');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('dialog', { name: /unsaved/i })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Answered, as a person would: a question left open would outlive the test in the shared page.
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /unsaved/i })).toBeNull());
    expect(inputValue(screen.getByLabelText(/Shipping instructions/))).toMatch(/ please$/);
  });
});
