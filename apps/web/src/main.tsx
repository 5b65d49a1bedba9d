import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { nextTask } from './lib/next-task';
import { reloadOnStaleBuild } from './lib/stale-build';

async function start() {
  const root = document.getElementById('root');
  if (!root) return;
  reloadOnStaleBuild();
  // The app's code runs in steps, each its own task, so that a phone's browser can paint, scroll
  // and take a tap between them: this entry with the UI libraries (its static imports), then the
  // app (its contracts and routes), then its start. Run as one, they were a single task of ~700 ms
  // on a throttled phone.
  const [{ bootstrap }, { App }] = await Promise.all([import('./app/bootstrap'), import('./app/app')]);
  await nextTask();
  const { queryClient, router, takesOver } = await bootstrap();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  // The first render as a transition: React yields to the browser every few ms instead of one
  // long task, so a slow phone stays responsive while the page builds. Over a page the server
  // rendered (decision 039) it renders the same page from the same answers and swaps it in whole
  // when done: rather than hydrating, whose Suspense boundaries the UI library's first effects
  // forced to hydrate at once in one task of a second on a phone (decision 041).
  startTransition(() => createRoot(root).render(app));
  if (takesOver) markTakenOver();
}

/**
 * `data-taken-over` on the document once React has taken the server's page over (the browser is
 * idle after its first render): until then its buttons do nothing, and the browser tests wait for it.
 */
function markTakenOver() {
  const mark = () => document.documentElement.setAttribute('data-taken-over', '');
  requestAnimationFrame(() =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(mark, { timeout: 5000 })
      : setTimeout(mark, 0),
  );
}

void start();
