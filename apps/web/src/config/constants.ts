/** Business constants of foundation §9 and the shell rules of §2. */

export const TOAST_AUTO_CLOSE_MS = 5_000;
export const TOAST_HIDE_ANIMATION_MS = 500;

export const VERSION_POLL_INTERVAL_MS = 300_000;

export const QUERY_CRITERIA_DEBOUNCE_MS = 300;
export const PROGRESS_BAR_DELAY_MS = 500;
export const ADDRESS_SEARCH_DEBOUNCE_MS = 500;

export const CONTACTS_PAGE_SIZE = 50;
export const CONTACTS_SEARCH_PAGE_SIZE = 100;
export const CONTACTS_SEARCH_DEBOUNCE_MS = 400;

/** Widths in px: very small < 448, small < 768, medium < 1280, large >= 1280. */
export const BREAKPOINTS = { verySmall: 448, small: 768, medium: 1280 } as const;

/** The sign-in document's pages (auth.html, decision 006): reached from the SPA by a full load. */
export const LOGIN_PATH = '/login';
export const RESET_PASSWORD_PATH = '/reset-password';

/** Every local-storage key the web app owns. */
export const STORAGE_KEYS = {
  sessionExpired: 'slat.sessionExpired',
  signedIn: 'slat.signedIn',
  language: 'slat.language',
  devFlags: 'slat.devFlags',
  /** Session storage (this tab): the SPA tells the sign-in page a restore failed. */
  restoreError: 'slat.restoreError',
  /** Session storage (this tab): the sign-in page is to end the session it was sent by. */
  loggingOut: 'slat.loggingOut',
  /** Test hook: a shorter version-check interval in ms (browser tests). */
  versionPollMs: 'slat.versionPollMs',
} as const;
