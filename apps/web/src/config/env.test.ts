import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.getElementById('slat-config')?.remove();
  vi.resetModules();
});

describe('web configuration', () => {
  it('takes the runtime settings the server writes into index.html', async () => {
    const block = document.createElement('script');
    block.id = 'slat-config';
    block.type = 'application/json';
    block.textContent = JSON.stringify({
      sentryDsn: 'https://key@sentry.example/1',
      posthogKey: 'phc_runtime',
      posthogHost: null,
      optionsFrameBase: 'https://options.example',
      googleMapsApiKey: null,
    });
    document.head.append(block);
    const { env } = await import('./env');
    expect(env).toMatchObject({
      sentryDsn: 'https://key@sentry.example/1',
      posthogKey: 'phc_runtime',
      posthogHost: 'https://us.i.posthog.com',
      optionsFrameBase: 'https://options.example',
    });
  });

  it('ignores a malformed block and falls back to the build settings', async () => {
    const block = document.createElement('script');
    block.id = 'slat-config';
    block.type = 'application/json';
    block.textContent = '{not json';
    document.head.append(block);
    const { env } = await import('./env');
    expect(env.posthogKey).toBeUndefined();
  });
});
