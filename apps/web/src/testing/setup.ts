import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

// The web project runs its files in one environment per worker (isolate: false in
// vitest.config.ts: a fresh jsdom and fresh imports per file took two thirds of its time). Each
// file still starts from fresh app modules (their module-level state: the toasts' store, the
// settings read from the page), and every test ends with no toast left in Mantine's store.
vi.resetModules();

// jsdom lacks the layout APIs Mantine reads
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.scrollIntoView ??= () => {};
// Mantine's autosize textarea listens for font loading
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

beforeAll(async () => {
  // Imported here, not above: the file's tests and this set-up must share one fresh i18n module.
  const { initI18n } = await import('../lib/i18n/i18n');
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
