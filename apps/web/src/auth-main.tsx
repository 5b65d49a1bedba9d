// The sign-in document's entry (auth.html: /login, /reset-password). It stays small: React,
// the Mantine parts these pages use and i18next; the API client, zod and the contracts load with
// the first interaction. The signed-in app is main.tsx.
// Only the styles of the Mantine parts these pages use (the whole sheet is 35 KB gzip, render-
// blocking): the base first, then the components in the order of Mantine's own sheet (later ones
// build on earlier ones). Lazy parts bring theirs (reset page, toasts, the error dialog).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import './app/global.css';
import { WEB_CONFIG_ELEMENT_ID } from '@slat/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthApp } from './features/auth/auth-app';
import { takeAuthHandoff } from './features/auth/auth-handoff';
import { initI18n } from './lib/i18n/i18n';
import { readJsonBlock } from './lib/json-block';
import { reloadOnStaleBuild } from './lib/stale-build';

/** Sentry only when a DSN is configured (build or runtime setting); then monitoring loads. */
function sentryConfigured(): boolean {
  if (import.meta.env.VITE_SENTRY_DSN) return true;
  const config = readJsonBlock(WEB_CONFIG_ELEMENT_ID) as { sentryDsn?: unknown } | null | undefined;
  return typeof config?.sentryDsn === 'string' && config.sentryDsn !== '';
}

async function start() {
  const root = document.getElementById('root');
  if (!root) return;
  reloadOnStaleBuild();
  if (sentryConfigured()) void import('./lib/monitoring').then((m) => m.initMonitoring());
  const handoff = takeAuthHandoff();
  await initI18n();
  createRoot(root).render(
    <StrictMode>
      <AuthApp handoff={handoff} />
    </StrictMode>,
  );
}

void start();
