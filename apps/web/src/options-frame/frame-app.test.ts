import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_TOKEN_PATH, linePath, optionsPath } from './api';
import { type OptionsFrame, startOptionsFrame } from './frame-app';
import { displayJson, lineJson } from './frame-fixtures';
import { type Call, fakeFetch, fakeFrameWindow } from './frame-test-kit';

const APP = 'https://app.example';
const address = { lineId: 42, orderId: 3, windowId: 9 };
const frameUrl = (parentOrigin = APP, query = 'orderId=3&windowId=9') =>
  `${APP}/product-options/42?${query}&parentOrigin=${encodeURIComponent(parentOrigin)}`;

const finish = 'Specify options to finish setting up this product';
type Answer = { status: number; body?: unknown };

let frame: OptionsFrame | undefined;
afterEach(() => {
  frame?.stop();
  frame = undefined;
  document.body.replaceChildren();
});

function setup(
  options: {
    url?: string;
    settings?: unknown;
    display?: ReturnType<typeof displayJson>;
    load?: () => Answer;
    save?: (call: Call) => Answer | Promise<Answer>;
    language?: string | null;
  } = {},
) {
  const root = document.body.appendChild(document.createElement('div'));
  const win = fakeFrameWindow(options.url ?? frameUrl());
  const api = fakeFetch({
    [`GET ${optionsPath(address)}`]:
      options.load ?? (() => ({ status: 200, body: options.display ?? displayJson() })),
    [`GET ${CSRF_TOKEN_PATH}`]: () => ({ status: 200, body: 'csrf-token' }),
    [`PUT ${linePath(address)}`]:
      options.save ??
      (() => ({ status: 200, body: { data: lineJson({ costPrice: '491.00', sellPrice: '736.50' }) } })),
  });
  frame = startOptionsFrame({
    window: win.window,
    root,
    fetch: api.fetch,
    storedLanguage: options.language ?? null,
    settings: options.settings,
  });
  const posted = () => win.parent.postMessage.mock.calls.map(([message]) => message as { type: string });
  return { root, win, api, frame, posted, view: within(root) };
}

const radio = (root: HTMLElement, name: RegExp) => within(root).getByRole('radio', { name });

describe('the options frame', () => {
  it('shows the product, its size and price, and each option group with its choices', async () => {
    const { root, frame, view } = setup({ display: displayJson({ selected: ['chain'] }) });
    await frame.idle();
    expect(view.getByRole('heading', { level: 1, name: 'Roller Blind' })).toBeTruthy();
    expect(root.textContent).toContain('Harbour · Rollers');
    // size as entered, quantity, line cost and sell price
    const summary = [...root.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
    );
    expect(summary).toEqual([
      'Quantity: 2',
      'Width: 36 3/8"',
      'Height: 48"',
      'Cost price: $250.00',
      'Sell price: $375.00',
    ]);
    // the line's errors with their §8 messages
    expect(view.getByRole('listitem').textContent).toBe(finish);

    const control = view.getByRole('group', { name: /Control/ });
    expect(within(control).getByText('Required')).toBeTruthy();
    expect(
      within(control)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['chain', 'motor']);
    expect((radio(root, /^Chain/) as HTMLInputElement).checked).toBe(true);
    expect(radio(root, /^Motorised/).closest('label')?.textContent).toContain('$120.50');

    const fabric = view.getByRole('group', { name: /Fabric/ });
    expect(within(fabric).getByText('Optional')).toBeTruthy();
    // an optional group can be left with none
    expect((within(fabric).getByRole('radio', { name: 'None' }) as HTMLInputElement).checked).toBe(true);
    const snow = radio(root, /^Snow/).closest('label');
    expect(snow?.textContent).toContain('Luxaflex · Arctic White · Width 118 1/8" · Repeat 3"');
    expect(snow?.textContent).toContain('$15.00');
    const swatch = snow?.querySelector<HTMLElement>('.of-swatch');
    expect(swatch?.getAttribute('aria-hidden')).toBe('true');
    expect(swatch?.style.backgroundColor).toBe('rgb(255, 255, 255)');
  });

  it('saves a choice at once, shows the new price and errors, and tells the parent', async () => {
    const { root, frame, api, posted, view, win } = setup({ display: displayJson({ selected: ['chain'] }) });
    await frame.idle();
    await userEvent.click(radio(root, /^Motorised/));
    await frame.idle();
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ details: { options: ['motor'] } });
    expect(put?.headers['x-csrf-token']).toBe('csrf-token');
    expect(root.textContent).toContain('$491.00');
    expect(root.textContent).toContain('$736.50');
    expect(view.queryByRole('listitem')).toBeNull(); // the error cleared
    expect(view.getByRole('status').textContent).toBe('Saved');
    expect(posted()).toEqual([{ type: 'didSave', lineId: 42 }]);
    // posted to the parent's origin only, never '*'
    expect(win.parent.postMessage.mock.calls.map(([, target]) => target)).toEqual([APP]);
  });

  it('sends the latest choice after the one on its way, one save at a time', async () => {
    let release: () => void = () => {};
    const bodies: unknown[] = [];
    const { root, frame } = setup({
      display: displayJson({ selected: ['chain'] }),
      save: async (call) => {
        bodies.push(call.body);
        if (bodies.length === 1) await new Promise<void>((r) => (release = r));
        return { status: 200, body: { data: lineJson() } };
      },
    });
    await frame.idle();
    await userEvent.click(radio(root, /^Motorised/));
    await userEvent.click(radio(root, /^Snow/));
    await userEvent.click(radio(root, /^Night/));
    release();
    await frame.idle();
    expect(bodies).toEqual([
      { details: { options: ['motor'] } },
      { details: { options: ['motor', 'night'] } },
    ]);
    // an incompatible pair is pointed out on both choices
    expect(radio(root, /^Night/).closest('label')?.textContent).toContain('Not available with Motorised');
    expect(radio(root, /^Motorised/).closest('label')?.textContent).toContain('Not available with Night');
  });

  it('a refused save tells the parent why and shows the last saved choice again', async () => {
    const { root, frame, posted } = setup({
      display: displayJson({ selected: ['chain'] }),
      save: () => ({
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This quote is read-only', fields: [] } },
      }),
    });
    await frame.idle();
    await userEvent.click(radio(root, /^Motorised/));
    await frame.idle();
    expect(posted()).toEqual([
      { type: 'error', heading: 'Could not save the options', message: 'This quote is read-only' },
    ]);
    expect((radio(root, /^Chain/) as HTMLInputElement).checked).toBe(true);
    expect((radio(root, /^Motorised/) as HTMLInputElement).checked).toBe(false);
    expect(root.textContent).toContain('$250.00');
  });

  it.each([401, 419])('a %i on a save says the session expired', async (status) => {
    const { root, frame, posted } = setup({ save: () => ({ status }) });
    await frame.idle();
    await userEvent.click(radio(root, /^Motorised/));
    await frame.idle();
    expect(posted()).toEqual([{ type: 'sessionExpired' }]);
  });

  it('a 401 on loading says the session expired', async () => {
    const { root, frame, posted } = setup({ load: () => ({ status: 401 }) });
    await frame.idle();
    expect(posted()).toEqual([{ type: 'sessionExpired' }]);
    expect(within(root).getByRole('alert').textContent).toContain('session has expired');
  });

  it('a failed load says why, to the parent and on screen, and can be tried again', async () => {
    let fail = true;
    const { root, frame, posted, view } = setup({
      load: () =>
        fail
          ? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Order line not found' } } }
          : { status: 200, body: displayJson() },
    });
    await frame.idle();
    expect(posted()).toEqual([
      { type: 'error', heading: 'Could not load the options', message: 'Order line not found' },
    ]);
    expect(view.getByRole('alert').textContent).toBe('Order line not found');
    fail = false;
    await userEvent.click(view.getByRole('button', { name: 'Try again' }));
    await frame.idle();
    expect(view.getByRole('heading', { name: 'Roller Blind' })).toBeTruthy();
    expect(root.querySelectorAll('input[type=radio]').length).toBeGreaterThan(0);
  });

  it('a read-only line: every choice disabled, nothing saved', async () => {
    const { root, frame, api, view } = setup({
      display: displayJson({ isReadOnly: true, selected: ['chain'] }),
    });
    await frame.idle();
    const radios = [...root.querySelectorAll<HTMLInputElement>('input[type=radio]')];
    expect(radios.length).toBe(5);
    expect(radios.every((r) => r.disabled)).toBe(true);
    expect(view.getByText(/read-only/)).toBeTruthy();
    await userEvent.click(radio(root, /^Motorised/));
    await frame.idle();
    expect(api.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('Done asks the parent to close', async () => {
    const { frame, posted, view } = setup();
    await frame.idle();
    await userEvent.click(view.getByRole('button', { name: 'Done' }));
    expect(posted()).toEqual([{ type: 'closeModal' }]);
  });

  it('reloads the line when its parent asks, and hears no one else', async () => {
    const { frame, api, win } = setup();
    await frame.idle();
    const loads = () => api.calls.filter((c) => c.url === optionsPath(address)).length;
    expect(loads()).toBe(1);
    win.receive({ type: 'refresh' }, { origin: 'https://evil.example', source: win.parent });
    win.receive({ type: 'refresh' }, { origin: APP, source: {} });
    win.receive({ type: 'reload' }, { origin: APP, source: win.parent });
    await frame.idle();
    expect(loads()).toBe(1);
    win.receive({ type: 'refresh' }, { origin: APP, source: win.parent });
    await frame.idle();
    expect(loads()).toBe(2);
  });

  it('an untrusted parent origin: an error on screen, nothing posted, nothing loaded or heard', async () => {
    const { root, frame, api, posted, win } = setup({ url: frameUrl('https://evil.example') });
    await frame.idle();
    expect(within(root).getByRole('alert').textContent).toContain('not allowed to embed');
    expect(posted()).toEqual([]);
    expect(api.calls).toEqual([]);
    expect(win.listenerCount()).toBe(0);
  });

  it('trusts the app origin the settings name', async () => {
    const { frame, posted, view } = setup({
      url: frameUrl('https://crm.example'),
      settings: { appOrigin: 'https://crm.example' },
    });
    await frame.idle();
    await userEvent.click(view.getByRole('button', { name: 'Done' }));
    expect(posted()).toEqual([{ type: 'closeModal' }]);
  });

  it('an address without the order and window: says so', async () => {
    const { root, frame, api, posted } = setup({ url: frameUrl(APP, 'orderId=3') });
    await frame.idle();
    expect(within(root).getByRole('alert').textContent).toContain('does not name a product');
    expect(api.calls).toEqual([]);
    expect(posted()).toEqual([
      expect.objectContaining({ type: 'error', heading: 'Could not load the options' }),
    ]);
  });

  it('speaks Polish when the app does, the §8 messages as the spec writes them', async () => {
    const { frame, view } = setup({ language: 'pl' });
    await frame.idle();
    expect(document.documentElement.lang).toBe('pl');
    expect(view.getByRole('button', { name: 'Gotowe' })).toBeTruthy();
    expect(view.getByRole('listitem').textContent).toBe(finish);
    document.documentElement.lang = 'en';
  });
});
