/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_GIT_COMMIT: string;
  readonly VITE_SENTRY_DSN?: string;
  readonly VITE_POSTHOG_KEY?: string;
  readonly VITE_POSTHOG_HOST?: string;
  readonly VITE_OPTIONS_FRAME_BASE?: string;
  readonly VITE_GOOGLE_MAPS_API_KEY?: string;
}
