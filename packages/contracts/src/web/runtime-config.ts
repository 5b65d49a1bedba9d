import { z } from 'zod';

/**
 * Browser-safe settings the server puts into index.html (a JSON block with id `slat-config`), so
 * POSTHOG_KEY, SENTRY_DSN, GOOGLE_MAPS_API_KEY and OPTIONS_FRAME_BASE take effect without a rebuild.
 */
export const webRuntimeConfigSchema = z.object({
  sentryDsn: z.string().nullable(),
  posthogKey: z.string().nullable(),
  posthogHost: z.string().nullable(),
  optionsFrameBase: z.string().nullable(),
  googleMapsApiKey: z.string().nullable(),
});
export type WebRuntimeConfig = z.infer<typeof webRuntimeConfigSchema>;
