import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { reportError } from './lib/monitoring';
import { reloadOnStaleBuild } from './lib/stale-build';

async function start() {
  const root = document.getElementById('root');
  if (!root) return;
  reloadOnStaleBuild();
  const { queryClient, router, takesOver } = await bootstrap();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  // the server rendered the first screen (decision 039): React takes its HTML over, and what does
  // not match is rendered afresh and reported. As a transition, like a first render: React yields
  // to the browser every few ms, and the page it shows stays responsive while it takes over.
  if (takesOver) {
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError: (error) => {
          // said in the console too: the browser tests fail on it, and a developer sees it
          console.error('[slat] the server-rendered page did not match its first render:', error);
          reportError(error);
        },
      });
    });
    markTakenOver();
    return;
  }
  // the first render as a transition: React yields to the browser every few ms instead of one
  // long task, so a slow phone stays responsive while the page builds
  startTransition(() => createRoot(root).render(app));
}

/**
 * `data-taken-over` on the document once React has taken the server's page over (the browser is
 * idle after hydrating): until then its buttons do nothing, and the browser tests wait for it.
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
