import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrap } from './app/bootstrap';
import { reloadOnStaleBuild } from './lib/stale-build';

async function start() {
  const root = document.getElementById('root');
  if (!root) return;
  reloadOnStaleBuild();
  const { queryClient, router } = await bootstrap();
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void start();
