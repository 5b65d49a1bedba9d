import { defineEndpoint, defineRawEndpoint } from '@slat/contracts';
import { z } from 'zod';
import { type ApiModule, rawRoute, route } from './api';

// Routes only for browser and API tests (SLAT_TEST_HOOKS=1 or the test harness), never in
// production. Their contracts live here, not in packages/contracts: no client may call them.

const setGitCommit = defineEndpoint({
  method: 'POST',
  path: '/test/git-commit',
  summary: 'Simulate a new deployment',
  // Public: a test hook, mounted only in tests.
  auth: 'public',
  csrf: false,
  hidden: true,
  body: z.object({ commit: z.string().min(1) }),
  response: z.object({ success: z.literal(true) }),
});

const boom = defineRawEndpoint({
  method: 'GET',
  path: '/test/boom',
  summary: 'An unexpected failure, for the error-reporting test',
  // Public: a test hook, mounted only in tests.
  auth: 'public',
  hidden: true,
  produces: 'application/json',
});

const bare = defineEndpoint({
  method: 'POST',
  path: '/test/bare',
  summary: 'The baseline for bench/auth.mjs: the same server and guards, no database work',
  // Public: a test hook, mounted only in tests.
  auth: 'public',
  csrf: false,
  hidden: true,
  response: z.object({ success: z.literal(true) }),
});

export function testHooksModule(hooks: { setGitCommit: (commit: string) => void }): ApiModule {
  return {
    name: 'test-hooks',
    register: (api) => {
      route(api, setGitCommit, async ({ body }) => {
        hooks.setGitCommit(body.commit);
        return { success: true as const };
      });
      rawRoute(api, boom, async () => {
        throw new Error('Deliberate failure for the error-reporting test');
      });
      route(api, bare, async () => ({ success: true as const }));
    },
  };
}
