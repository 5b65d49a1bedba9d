import { describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from './stale-build';

function fakeWindow(onLine = true) {
  const events = new EventTarget();
  return {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatch: () => events.dispatchEvent(new Event('vite:preloadError')),
    location: { reload: vi.fn() },
    navigator: { onLine },
  };
}

describe('reload on a stale build', () => {
  it('reloads when a chunk fails to load, at most once a minute', () => {
    const win = fakeWindow();
    let clock = 1_000_000;
    const stop = reloadOnStaleBuild(win, () => clock);
    win.dispatch();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    clock += 30_000;
    win.dispatch();
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    clock += 31_000;
    win.dispatch();
    expect(win.location.reload).toHaveBeenCalledTimes(2);
    stop();
    clock += 120_000;
    win.dispatch();
    expect(win.location.reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload while offline', () => {
    const win = fakeWindow(false);
    reloadOnStaleBuild(win);
    win.dispatch();
    expect(win.location.reload).not.toHaveBeenCalled();
  });
});
