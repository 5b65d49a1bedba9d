import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { reloadOnStaleBuild } from './lib/stale-build';

async function start() {
  const root = document.getElementById('root');
  if (!root) return;
  reloadOnStaleBuild();
  const { queryClient, router } = await bootstrap();
  // the first render as a transition: React yields to the browser every few ms instead of one
  // long task, so a slow phone stays responsive while the page builds
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
}

void start();
