import { z } from 'zod';

// Build-time configuration (Vite env). The server does not expose runtime config to the web yet.
const envSchema = z.object({
  VITE_GIT_COMMIT: z.string().min(1).default('development'),
  VITE_SENTRY_DSN: z.url().optional(),
  VITE_POSTHOG_KEY: z.string().min(1).optional(),
  VITE_POSTHOG_HOST: z.url().optional(),
  VITE_OPTIONS_FRAME_BASE: z.url().optional(),
  VITE_GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
});

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

function readEnv() {
  const raw = import.meta.env;
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
    sentryDsn: e.VITE_SENTRY_DSN,
    posthogKey: e.VITE_POSTHOG_KEY,
    posthogHost: e.VITE_POSTHOG_HOST ?? 'https://us.i.posthog.com',
    optionsFrameBase: e.VITE_OPTIONS_FRAME_BASE,
    /** Address autocomplete: the Google Places adapter only when a key is built in. */
    googleMapsApiKey: e.VITE_GOOGLE_MAPS_API_KEY,
    dev: import.meta.env.DEV,
  };
}

export const env = readEnv();
