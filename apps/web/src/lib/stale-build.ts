import { tabStorage } from './storage';

const RELOADED_AT = 'slat.reloadedForNewBuild';
const RELOAD_AT_MOST_EVERY_MS = 60_000;

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  location: Pick<Location, 'reload'>;
  navigator: Pick<Navigator, 'onLine'>;
};

/**
 * A lazy chunk that fails to load (Vite's 'vite:preloadError') most likely belongs to a build
 * a deployment has replaced: reload to get the new one. Not while offline, and at most once a
 * minute, so a chunk that is really missing cannot make the page reload forever.
 */
export function reloadOnStaleBuild(target: Target = window, now: () => number = Date.now): () => void {
  const onError = () => {
    if (!target.navigator.onLine) return;
    const last = Number(tabStorage.get(RELOADED_AT) ?? 0);
    if (now() - last < RELOAD_AT_MOST_EVERY_MS) return;
    tabStorage.set(RELOADED_AT, String(now()));
    target.location.reload();
  };
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}
