import type { WebhookDelivery, WebhookSubscription } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { descriptionOf, renderWithProviders } from '../../../../testing/render';
import { WebhooksCard } from './webhooks-card';

const SECRET = `whsec_${'A'.repeat(43)}`;
const hook = (overrides: Partial<WebhookSubscription> = {}): WebhookSubscription => ({
  id: 7,
  url: 'https://erp.example.com/slat',
  createdAt: '2026-11-20T01:00:00.000Z',
  disabled: false,
  lastDeliveryStatus: null,
  lastDeliveryAt: null,
  ...overrides,
});
const delivery = (overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 1,
  eventId: 'evt',
  eventType: 'supplier_order.updated',
  status: 'FAILED',
  attempts: 9,
  lastStatusCode: 500,
  lastError: 'HTTP 500: receiver is down',
  createdAt: '2026-11-20T01:00:00.000Z',
  deliveredAt: null,
  ...overrides,
});

/** The card against a fake server: `webhooks` is what the list answers (changed by the calls). */
function show(webhooks: WebhookSubscription[], deliveries: WebhookDelivery[] = []) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.endsWith('/old/auth/generate-token')) return Response.json('token');
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/deliveries')) return Response.json({ data: deliveries, total: deliveries.length });
      if (method === 'POST') {
        const made = hook({ id: 8, url: 'https://new.example.com/hook' });
        webhooks.push(made);
        return Response.json({ webhook: made, secret: SECRET });
      }
      return Response.json({ data: webhooks });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <WebhooksCard />
    </QueryClientProvider>,
  );
  return { calls, region: () => screen.getByRole('region', { name: 'Webhooks' }) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the webhooks card', () => {
  it('says there are no webhooks yet and refuses a URL that is not http or https before sending it', async () => {
    const { calls, region } = show([]);
    expect(await screen.findByText('No webhooks yet')).toBeTruthy();
    const url = within(region()).getByLabelText('Endpoint URL');
    fireEvent.change(url, { target: { value: 'ftp://x.example' } });
    fireEvent.click(within(region()).getByRole('button', { name: 'Add webhook' }));
    await waitFor(() =>
      expect(descriptionOf(url)).toContain('Enter a full URL starting with http:// or https://'),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows the new secret once, then lists the webhook without it', async () => {
    const { calls, region } = show([]);
    await screen.findByText('No webhooks yet');
    fireEvent.change(within(region()).getByLabelText('Endpoint URL'), {
      target: { value: ' https://new.example.com/hook ' },
    });
    fireEvent.click(within(region()).getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect((within(dialog).getByLabelText('Signing secret') as HTMLInputElement).value).toBe(SECRET);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ url: 'https://new.example.com/hook' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(region()).findByRole('listitem', { name: 'https://new.example.com/hook' }),
    ).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it("shows each webhook's state and its delivery log with status, attempts, code and error", async () => {
    show(
      [
        hook({ lastDeliveryStatus: 'FAILED', lastDeliveryAt: '2026-11-20T01:00:00.000Z' }),
        hook({ id: 9, url: 'https://off.example.com/', disabled: true }),
      ],
      [
        delivery(),
        delivery({
          id: 2,
          eventType: 'ping',
          status: 'DELIVERED',
          attempts: 1,
          lastStatusCode: 204,
          lastError: '',
        }),
      ],
    );
    const first = await screen.findByRole('listitem', { name: 'https://erp.example.com/slat' });
    expect(within(first).getByText('Enabled')).toBeTruthy();
    expect(within(first).getByText('Failed')).toBeTruthy();
    const off = screen.getByRole('listitem', { name: 'https://off.example.com/' });
    expect(within(off).getByText('Disabled')).toBeTruthy();
    expect(within(off).getByText('No deliveries yet')).toBeTruthy();
    expect((within(off).getByRole('button', { name: 'Send test event' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(off).getByRole('button', { name: 'Enable' })).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: 'Deliveries' }));
    const log = await screen.findByRole('dialog', { name: 'Deliveries of https://erp.example.com/slat' });
    // jsdom has the width of a phone: each delivery is a card
    const rows = await within(log).findAllByTestId('delivery-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(
        /^Supplier order updatedFailed.*Attempts: 9 · Response: 500Error: HTTP 500: receiver is down$/,
      ),
      expect.stringMatching(/^Test eventDelivered.*Attempts: 1 · Response: 204$/),
    ]);
    fireEvent.click(within(log).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
