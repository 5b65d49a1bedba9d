import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { IntegrationSettingsPage } from './integration-settings-page';

const answers: Record<string, unknown> = {
  '/account/calendar-account': { connection: null, services: [] },
  '/account-settings/card-payments': { accountId: '', mode: 'test' },
  '/account-settings/webhooks': { data: [] },
  '/providers': { pdfGeneration: true, cardPayments: true, cardPaymentsMode: 'test' },
};

/** The page against a fake server whose answers wait until `release(path)`; `failing` answers 500. */
function show(failing: string[] = []) {
  const waiting = new Map<string, () => void>();
  const released = new Set<string>();
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      if (path === '/old/auth/generate-token') return Response.json('token');
      asked.push(path);
      // a path answers once released (a call the client makes again answers at once)
      if (!released.has(path)) await new Promise<void>((resolve) => waiting.set(path, resolve));
      if (failing.includes(path))
        return Response.json({ error: { code: 'INTERNAL', message: 'down' } }, { status: 500 });
      return Response.json(answers[path]);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <IntegrationSettingsPage />
    </QueryClientProvider>,
  );
  const release = async (path: string) => {
    await vi.waitFor(() => expect(waiting.has(path), `${path} asked`).toBe(true));
    released.add(path);
    waiting.get(path)!();
  };
  return { release, asked };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Settings → Integrations', () => {
  it('shows its sections together once all four answers are in, so none moves another', async () => {
    const { release } = show();
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    for (const path of ['/providers', '/account-settings/webhooks', '/account/calendar-account']) {
      await release(path);
      // three answers in: still one loading state, no section yet
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryAllByRole('region')).toEqual([]);
    }
    await release('/account-settings/card-payments');
    expect(await screen.findByRole('heading', { name: 'Webhooks' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getAllByRole('region')).toHaveLength(4);
  });

  it('shows the other sections when one answer fails, with that section’s own error and retry', async () => {
    const { release, asked } = show(['/account-settings/webhooks']);
    for (const path of Object.keys(answers)) await release(path);
    expect(await screen.findByRole('heading', { name: 'Webhooks' })).toBeTruthy();
    expect(screen.getAllByRole('region')).toHaveLength(4);
    const retry = screen.getByRole('button', { name: 'Try again' });
    // each section asked once, and a retry does not take the page back to its loading state
    expect(asked.sort()).toEqual(Object.keys(answers).sort());
    fireEvent.click(retry);
    await vi.waitFor(() => expect(asked.filter((p) => p === '/account-settings/webhooks')).toHaveLength(2));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getAllByRole('region')).toHaveLength(4);
  });
});
