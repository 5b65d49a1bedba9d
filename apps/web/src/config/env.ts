import { WEB_CONFIG_ELEMENT_ID, type WebRuntimeConfig, webRuntimeConfigSchema } from '@slat/contracts';
import { z } from 'zod';
import { readJsonBlock } from '../lib/json-block';

// Build-time configuration (Vite env), overridden by the runtime settings the server writes into
// index.html (POSTHOG_KEY, SENTRY_DSN, … take effect without a rebuild).
const envSchema = z.object({
  VITE_GIT_COMMIT: z.string().min(1).default('development'),
  VITE_SENTRY_DSN: z.url().optional(),
  VITE_POSTHOG_KEY: z.string().min(1).optional(),
  VITE_POSTHOG_HOST: z.url().optional(),
  VITE_OPTIONS_FRAME_BASE: z.url().optional(),
  VITE_GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
});

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The server's JSON block in index.html; absent in unit tests and the Vite dev server. */
function runtimeConfig(): Partial<WebRuntimeConfig> {
  const parsed = webRuntimeConfigSchema.safeParse(readJsonBlock(WEB_CONFIG_ELEMENT_ID));
  return parsed.success ? parsed.data : {};
}

function readEnv() {
  const raw = import.meta.env;
  const runtime = runtimeConfig();
  const parsed = envSchema.safeParse({
    VITE_GIT_COMMIT: blankToUndefined(raw.VITE_GIT_COMMIT),
    VITE_SENTRY_DSN: blankToUndefined(raw.VITE_SENTRY_DSN),
    VITE_POSTHOG_KEY: blankToUndefined(raw.VITE_POSTHOG_KEY),
    VITE_POSTHOG_HOST: blankToUndefined(raw.VITE_POSTHOG_HOST),
    VITE_OPTIONS_FRAME_BASE: blankToUndefined(raw.VITE_OPTIONS_FRAME_BASE),
    VITE_GOOGLE_MAPS_API_KEY: blankToUndefined(raw.VITE_GOOGLE_MAPS_API_KEY),
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid web build configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    gitCommit: e.VITE_GIT_COMMIT,
    sentryDsn: runtime.sentryDsn ?? e.VITE_SENTRY_DSN,
    posthogKey: runtime.posthogKey ?? e.VITE_POSTHOG_KEY,
    posthogHost: runtime.posthogHost ?? e.VITE_POSTHOG_HOST ?? 'https://us.i.posthog.com',
    optionsFrameBase: runtime.optionsFrameBase ?? e.VITE_OPTIONS_FRAME_BASE,
    /** Address autocomplete: the Google Places adapter only when a key is configured. */
    googleMapsApiKey: runtime.googleMapsApiKey ?? e.VITE_GOOGLE_MAPS_API_KEY,
    dev: import.meta.env.DEV,
  };
}

export const env = readEnv();
