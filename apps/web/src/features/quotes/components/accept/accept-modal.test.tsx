import '../../accept-strings';
import { type DealQuote, type OrderLine, pricingMessages } from '@slat/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../testing/render';
import { dealKeys } from '../../../deals';
import { QuoteHeaderActions } from './quote-header-actions';

// signature_pad draws on a real canvas (jsdom has none): a stand-in that records what the
// component asks of it and lets a test "draw".
const pads: FakePad[] = [];
class FakePad {
  drawn = false;
  enabled = true;
  listeners = new Set<() => void>();
  constructor() {
    pads.push(this);
  }
  addEventListener(_: string, listener: () => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_: string, listener: () => void) {
    this.listeners.delete(listener);
  }
  isEmpty() {
    return !this.drawn;
  }
  clear() {
    this.drawn = false;
  }
  on() {
    this.enabled = true;
  }
  off() {
    this.enabled = false;
  }
  toDataURL() {
    return 'data:image/png;base64,c2lnbmVk';
  }
  /** A finished stroke, as signature_pad reports it. */
  draw() {
    this.drawn = true;
    for (const listener of this.listeners) listener();
  }
}
vi.mock('signature_pad', () => ({ default: FakePad }));

const line = (errors = 0) =>
  ({
    id: 1,
    context: { errors: Array.from({ length: errors }, () => ({ code: 'BAD_SIZE', message: 'x' })) },
  }) as unknown as OrderLine;

function makeQuote(
  over: { lines?: OrderLine[]; status?: 'DRAFT' | 'ACCEPTED'; isReadOnly?: boolean; total?: string } = {},
) {
  const lines = over.lines ?? [line()];
  return {
    id: 7,
    externalId: 70,
    tuid: 3,
    dealId: 5,
    status: over.status ?? 'DRAFT',
    isReadOnly: over.isReadOnly ?? false,
    isArchived: false,
    totalSellPrice: '268.99',
    context: {
      orderLines: lines,
      orderLineCount: lines.length,
      errorLineCount: lines.filter((l) => l.context.errors.length > 0).length,
      workflow: { id: 1, name: 'Residential', slug: 'residential' },
      pricing: { sellGrandTotalIncTax: over.total ?? '268.99', depositAmount: '134.50' },
    },
  } as unknown as DealQuote;
}

type Call = { url: string; body: Record<string, unknown> };

function setup(quote: DealQuote, respond: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/old/auth/generate-token')) return Response.json('token');
      if ((init?.method ?? 'GET') === 'GET') return Response.json({});
      const call = { url, body: JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown> };
      calls.push(call);
      return respond(call);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // The deal the quote is on, as the deal modal has loaded it: its contact signs by default.
  queryClient.setQueryData(dealKeys.detail(5), { contact: { name: 'Casey Contact', email: '' } } as never);
  renderWithProviders(
    <QueryClientProvider client={queryClient}>
      <QuoteHeaderActions quote={quote} />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

/** The texts drawn on the canvas (a typed signature). */
const drawnTexts: string[] = [];

beforeEach(() => {
  pads.length = 0;
  drawnTexts.length = 0;
  // the component scales its strokes through the canvas's 2D context, and draws a typed name on it
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        setTransform: vi.fn(),
        save: vi.fn(),
        restore: vi.fn(),
        fillRect: vi.fn(),
        measureText: (text: string) => ({ width: text.length * 20 }),
        fillText: (text: string) => drawnTexts.push(text),
      }) as unknown as CanvasRenderingContext2D,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const acceptButton = () => screen.getByRole('button', { name: 'Accept' });

describe('the Accept action', () => {
  it('shows on a draft with products and opens the modal with the total, deposit and a 768 × 240 canvas', async () => {
    const { user } = setup(makeQuote(), () => Response.json({ id: 7, acceptedAt: '2026-11-24T00:00:00Z' }));
    expect((acceptButton() as HTMLButtonElement).disabled).toBe(false);
    await user.click(acceptButton());
    const dialog = await screen.findByRole('dialog', { name: 'Accept quote #3' });
    expect(dialog.textContent).toContain('$268.99');
    expect(dialog.textContent).toContain('$134.50');
    const canvas = screen.getByRole('img', { name: 'Signature pad' }) as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([768, 240]);
  });

  it('is disabled while a line has errors, with §8’s text as its description (title)', () => {
    setup(makeQuote({ lines: [line(), line(1)] }), () => Response.json({}));
    expect((acceptButton() as HTMLButtonElement).disabled).toBe(true);
    expect(acceptButton().title).toBe(pricingMessages.acceptHasErrors);
  });

  it('is disabled while the total is below zero, saying so', () => {
    setup(makeQuote({ total: '-20.00' }), () => Response.json({}));
    expect((acceptButton() as HTMLButtonElement).disabled).toBe(true);
    expect(acceptButton().title).toBe(pricingMessages.acceptNegativeTotal);
  });

  it('is not offered without products or on an accepted quote', () => {
    setup(makeQuote({ lines: [] }), () => Response.json({}));
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(document.body.contains(screen.getByRole('button', { name: 'PDF' }))).toBe(true);
  });
});

describe('the accept modal', () => {
  it('asks for a signature, then posts the drawn one and closes', async () => {
    const { user, calls } = setup(makeQuote(), () =>
      Response.json({ id: 7, acceptedAt: '2026-11-24T00:00:00Z' }),
    );
    await user.click(acceptButton());
    const dialog = await screen.findByRole('dialog', { name: 'Accept quote #3' });
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect((await screen.findByTestId('accept-problem')).textContent).toContain(
      pricingMessages.acceptNeedsSignature,
    );
    expect(calls).toEqual([]);

    pads.at(-1)!.draw();
    await waitFor(() => expect(screen.getByTestId('signature-state').textContent).toContain('Signed'));
    expect(screen.queryByTestId('accept-problem')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(document.body.contains(dialog)).toBe(false));
    expect(calls).toEqual([
      {
        url: '/api/deal-quotes/7/accept',
        body: {
          signature: 'data:image/png;base64,c2lnbmVk',
          acceptWithoutSignature: false,
          signerName: 'Casey Contact',
        },
      },
    ]);
    expect(document.body.contains(await screen.findByText('Quote #3 accepted'))).toBe(true);
  });

  it('asks the signer’s name, the deal’s contact by default; a signature without a name is not sent', async () => {
    const { user, calls } = setup(makeQuote(), () =>
      Response.json({ id: 7, acceptedAt: '2026-11-24T00:00:00Z' }),
    );
    await user.click(acceptButton());
    await screen.findByRole('dialog', { name: 'Accept quote #3' });
    const name = screen.getByRole('textbox', { name: /Signer’s name/ }) as HTMLInputElement;
    expect(name.value).toBe('Casey Contact');
    await user.clear(name);
    pads.at(-1)!.draw();
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect(document.body.contains(await screen.findByText(pricingMessages.signerNameRequired))).toBe(true);
    // the focus moves in an effect after the message renders
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(calls).toEqual([]);
    await user.type(name, 'Dana Whitfield');
    expect(screen.queryByText(pricingMessages.signerNameRequired)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ acceptWithoutSignature: false, signerName: 'Dana Whitfield' });
  });

  it('shows the server’s word on the signer’s name beside the field', async () => {
    const { user } = setup(makeQuote(), () =>
      Response.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: pricingMessages.signerNameRequired,
            fields: [{ path: 'signerName', message: pricingMessages.signerNameRequired }],
          },
        },
        { status: 400 },
      ),
    );
    await user.click(acceptButton());
    await screen.findByRole('dialog', { name: 'Accept quote #3' });
    pads.at(-1)!.draw();
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    const name = screen.getByRole('textbox', { name: /Signer’s name/ });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByTestId('accept-problem')).toBeNull();
  });

  it('Clear empties the canvas', async () => {
    const { user } = setup(makeQuote(), () => Response.json({}));
    await user.click(acceptButton());
    await screen.findByRole('dialog', { name: 'Accept quote #3' });
    pads.at(-1)!.draw();
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(pads.at(-1)!.isEmpty()).toBe(true);
    expect(screen.getByTestId('signature-state').textContent).toContain('Not signed yet');
  });

  it('signs with a name typed (no pointer needed), posts the canvas, and Clear empties the name', async () => {
    const { user, calls } = setup(makeQuote(), () =>
      Response.json({ id: 7, acceptedAt: '2026-11-24T00:00:00Z' }),
    );
    await user.click(acceptButton());
    await screen.findByRole('dialog', { name: 'Accept quote #3' });
    const name = screen.getByRole('textbox', { name: 'Or type the name to sign with' });
    await user.type(name, 'Dana Whitfield');
    expect(screen.getByTestId('signature-state').textContent).toContain('Signed');
    expect(drawnTexts.at(-1)).toBe('Dana Whitfield');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect((name as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('signature-state').textContent).toContain('Not signed yet');
    await user.type(name, 'Dana');
    const drawn = vi
      .spyOn(HTMLCanvasElement.prototype, 'toDataURL')
      .mockReturnValue('data:image/png;base64,dHlwZWQ=');
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    drawn.mockRestore();
    expect(calls[0]).toEqual({
      url: '/api/deal-quotes/7/accept',
      body: {
        signature: 'data:image/png;base64,dHlwZWQ=',
        acceptWithoutSignature: false,
        signerName: 'Casey Contact',
      },
    });
  });

  it('accepts without a signature when the box is ticked (the canvas off), and shows a 409 in the modal', async () => {
    const { user, calls } = setup(makeQuote(), () =>
      Response.json(
        { error: { code: 'CONFLICT', message: pricingMessages.alreadyAccepted, fields: [] } },
        { status: 409 },
      ),
    );
    await user.click(acceptButton());
    const dialog = await screen.findByRole('dialog', { name: 'Accept quote #3' });
    await user.click(screen.getByRole('checkbox', { name: 'Accept without signature' }));
    expect(pads.at(-1)!.enabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect((await screen.findByTestId('accept-problem')).textContent).toContain(
      pricingMessages.alreadyAccepted,
    );
    expect(document.body.contains(dialog)).toBe(true);
    expect(calls.map((c) => c.body)).toEqual([
      { signature: null, acceptWithoutSignature: true, signerName: 'Casey Contact' },
    ]);
  });

  it('shows a 400 naming the signature in the modal', async () => {
    const { user } = setup(makeQuote(), () =>
      Response.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid input',
            fields: [{ path: 'signature', message: 'The signature must be a PNG image' }],
          },
        },
        { status: 400 },
      ),
    );
    await user.click(acceptButton());
    await screen.findByRole('dialog', { name: 'Accept quote #3' });
    pads.at(-1)!.draw();
    await user.click(screen.getByRole('button', { name: 'Accept quote' }));
    expect((await screen.findByTestId('accept-problem')).textContent).toContain(
      'The signature must be a PNG image',
    );
  });
});
