import { afterEach, describe, expect, it, vi } from 'vitest';
import { flagsReady, initFeatureFlags, isFlagOn } from './feature-flags';

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('feature flags from PostHog (a key configured)', () => {
  it('asks PostHog’s flags endpoint with the project key and publishes what it answers', async () => {
    // the client's queued events (a flag read is reported) wait on timers this test ends unfired
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const calls: { url: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : {} });
        const flags = {
          Personnel: { key: 'Personnel', enabled: true },
          QuotePriceBreakdown: { key: 'QuotePriceBreakdown', enabled: false },
        };
        return new Response(JSON.stringify(String(url).includes('/flags') ? { flags } : {}), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    await initFeatureFlags('phc_test_key');
    await flagsReady();
    const asked = calls.find((c) => c.url.includes('/flags/'));
    expect(asked?.url.startsWith('https://us.i.posthog.com/flags/')).toBe(true);
    expect(asked?.body.token).toBe('phc_test_key');
    expect(typeof asked?.body.distinct_id).toBe('string');
    expect(isFlagOn('Personnel')).toBe(true);
    expect(isFlagOn('QuotePriceBreakdown')).toBe(false);
  });
});
