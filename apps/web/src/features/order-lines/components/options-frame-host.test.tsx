import '../product-strings';
import { Modal } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { type FrameHandlers, handleFrameEvent, OptionsFrameHost, postRefresh } from './options-frame-host';

const FRAME_ORIGIN = 'https://frames.example';

function spies() {
  return {
    closeModal: vi.fn<() => void>(),
    didSave: vi.fn<(lineId: number) => void>(),
    error: vi.fn<(heading: string, message: string) => void>(),
    openUrl: vi.fn<(url: string) => void>(),
    sessionExpired: vi.fn<() => void>(),
  } satisfies FrameHandlers;
}

const frameWindow = {} as MessageEventSource;
const otherWindow = {} as MessageEventSource;
const from = (origin: string, source: MessageEventSource | null, data: unknown) => ({ origin, source, data });
const frame = { origin: FRAME_ORIGIN, window: frameWindow };

describe('messages from the options frame (§2)', () => {
  it('each well-formed message from the frame reaches its handler', () => {
    const h = spies();
    handleFrameEvent(from(FRAME_ORIGIN, frameWindow, { type: 'closeModal' }), frame, h);
    handleFrameEvent(from(FRAME_ORIGIN, frameWindow, { type: 'didSave', lineId: 7 }), frame, h);
    handleFrameEvent(
      from(FRAME_ORIGIN, frameWindow, { type: 'error', heading: 'Options', message: 'Pick a colour' }),
      frame,
      h,
    );
    handleFrameEvent(
      from(FRAME_ORIGIN, frameWindow, { type: 'openUrl', url: 'https://x.example/a.pdf' }),
      frame,
      h,
    );
    handleFrameEvent(from(FRAME_ORIGIN, frameWindow, { type: 'sessionExpired' }), frame, h);
    expect(h.closeModal).toHaveBeenCalledTimes(1);
    expect(h.didSave).toHaveBeenCalledWith(7);
    expect(h.error).toHaveBeenCalledWith('Options', 'Pick a colour');
    expect(h.openUrl).toHaveBeenCalledWith('https://x.example/a.pdf');
    expect(h.sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a message from another origin is ignored, even from the frame’s window', () => {
    const h = spies();
    for (const origin of [
      'https://evil.example',
      'http://frames.example',
      'https://frames.example:8443',
      'null',
    ])
      expect(
        handleFrameEvent(from(origin, frameWindow, { type: 'sessionExpired' }), frame, h),
      ).toBeUndefined();
    expect(h.sessionExpired).not.toHaveBeenCalled();
  });

  it('a message from another window of the frame’s origin (or with no source) is ignored', () => {
    const h = spies();
    expect(
      handleFrameEvent(from(FRAME_ORIGIN, otherWindow, { type: 'closeModal' }), frame, h),
    ).toBeUndefined();
    expect(handleFrameEvent(from(FRAME_ORIGIN, null, { type: 'closeModal' }), frame, h)).toBeUndefined();
    // before the frame has a window, nothing is trusted
    expect(
      handleFrameEvent(
        from(FRAME_ORIGIN, null, { type: 'closeModal' }),
        { origin: FRAME_ORIGIN, window: null },
        h,
      ),
    ).toBeUndefined();
    expect(h.closeModal).not.toHaveBeenCalled();
  });

  it('malformed messages are ignored', () => {
    const h = spies();
    for (const data of [
      'closeModal',
      null,
      { type: 'didSave' },
      { type: 'didSave', lineId: '7' },
      { type: 'error', heading: 'x' },
      { type: 'openUrl', url: 'javascript:alert(1)' },
      { type: 'refresh' },
    ])
      expect(handleFrameEvent(from(FRAME_ORIGIN, frameWindow, data), frame, h)).toBeUndefined();
    for (const handler of Object.values(h)) expect(handler).not.toHaveBeenCalled();
  });

  it('the page’s refresh goes to the frame’s origin only', () => {
    const postMessage = vi.fn();
    postRefresh({ contentWindow: { postMessage } } as unknown as HTMLIFrameElement, FRAME_ORIGIN);
    expect(postMessage).toHaveBeenCalledWith({ type: 'refresh' }, FRAME_ORIGIN);
    expect(() => postRefresh(null, FRAME_ORIGIN)).not.toThrow();
  });
});

describe('the frame on the page', () => {
  afterEach(() => vi.restoreAllMocks());

  const renderHost = (overrides: Partial<Parameters<typeof OptionsFrameHost>[0]> = {}) => {
    const props = {
      lineId: 41,
      orderId: 9,
      windowId: 12,
      refreshSignal: 0,
      onClose: vi.fn(),
      onSaved: vi.fn(),
      ...overrides,
    };
    const view = renderWithProviders(<OptionsFrameHost {...props} />);
    const iframe = screen.getByTitle('Product options') as HTMLIFrameElement;
    return { props, iframe, view };
  };

  /** A message as the browser delivers it: from the frame's origin (this page's, unless configured). */
  const post = (data: unknown, source: MessageEventSource | null, origin = window.location.origin) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
    });

  it('embeds /product-options/{lineId} with the order, window and this page’s origin, titled', () => {
    const { iframe } = renderHost();
    const url = new URL(iframe.src);
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe('/product-options/41');
    expect(url.searchParams.get('orderId')).toBe('9');
    expect(url.searchParams.get('windowId')).toBe('12');
    expect(url.searchParams.get('parentOrigin')).toBe(window.location.origin);
  });

  it('an error from the frame opens a dialog with its heading and message; OK closes it', async () => {
    const user = userEvent.setup();
    const { iframe } = renderHost();
    post(
      { type: 'error', heading: 'Fabric unavailable', message: 'Choose another colour.' },
      iframe.contentWindow,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fabric unavailable' });
    expect(dialog.textContent).toContain('Choose another colour.');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog', { name: 'Fabric unavailable' })).toBeNull();
  });

  it('messages from another window of the origin, or from another origin, do nothing', async () => {
    const { iframe, props } = renderHost();
    for (const [source, origin] of [
      [window, window.location.origin],
      [iframe.contentWindow, 'https://evil.example'],
    ] as const) {
      post({ type: 'closeModal' }, source, origin);
      post({ type: 'didSave', lineId: 41 }, source, origin);
      post({ type: 'error', heading: 'Spoofed', message: 'x' }, source, origin);
    }
    expect(props.onClose).not.toHaveBeenCalled();
    expect(props.onSaved).not.toHaveBeenCalled();
    // the frame's own message after them is the one that shows
    post({ type: 'error', heading: 'From the frame', message: 'y' }, iframe.contentWindow);
    await screen.findByRole('dialog', { name: 'From the frame' });
    expect(screen.queryByRole('dialog', { name: 'Spoofed' })).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('Escape closes the error dialog only, not the product screen under it', async () => {
    const user = userEvent.setup();
    const onScreenClose = vi.fn();
    renderWithProviders(
      <Modal opened onClose={onScreenClose} title="Roller Blind">
        <OptionsFrameHost
          lineId={41}
          orderId={9}
          windowId={12}
          refreshSignal={0}
          onClose={() => undefined}
          onSaved={() => undefined}
        />
      </Modal>,
    );
    const iframe = screen.getByTitle('Product options') as HTMLIFrameElement;
    post(
      { type: 'error', heading: 'Fabric unavailable', message: 'Choose another colour.' },
      iframe.contentWindow,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Fabric unavailable' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fabric unavailable' })).toBeNull());
    expect(onScreenClose).not.toHaveBeenCalled();
    // with no dialog over it, Escape closes the screen as before
    screen.getByRole('dialog', { name: 'Roller Blind' }).focus();
    await user.keyboard('{Escape}');
    expect(onScreenClose).toHaveBeenCalledTimes(1);
  });

  it('closeModal and didSave reach the page; openUrl opens a new tab without an opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { iframe, props } = renderHost();
    post({ type: 'didSave', lineId: 41 }, iframe.contentWindow);
    post({ type: 'closeModal' }, iframe.contentWindow);
    post({ type: 'openUrl', url: 'https://docs.example/guide.pdf' }, iframe.contentWindow);
    expect(props.onSaved).toHaveBeenCalledWith(41);
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('https://docs.example/guide.pdf', '_blank', 'noopener');
  });

  it('a save of the page’s form tells the frame to refresh, addressed to the frame’s origin', async () => {
    const user = userEvent.setup();
    function Page() {
      const [saves, setSaves] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setSaves((n) => n + 1)}>
            Save
          </button>
          <OptionsFrameHost
            lineId={41}
            orderId={9}
            windowId={12}
            refreshSignal={saves}
            onClose={() => undefined}
            onSaved={() => undefined}
          />
        </>
      );
    }
    renderWithProviders(<Page />);
    const iframe = screen.getByTitle('Product options') as HTMLIFrameElement;
    const postMessage = vi
      .spyOn(iframe.contentWindow as Window, 'postMessage')
      .mockImplementation(() => undefined);
    expect(postMessage).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenCalledWith({ type: 'refresh' }, window.location.origin);
  });
});
