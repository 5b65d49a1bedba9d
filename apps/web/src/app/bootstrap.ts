import type { QueryClient } from '@tanstack/react-query';
import type { AnyRoute } from '@tanstack/react-router';
import { setSessionErrorListener } from '../lib/api/client';
import { initFeatureFlags } from '../lib/feature-flags';
import { initI18n } from '../lib/i18n/i18n';
import { initMonitoring } from '../lib/monitoring';
import { nextTask } from '../lib/next-task';
import {
  listenForOptionsFrameExpiry,
  markSessionExpired,
  optionsFrameOrigin,
  setSessionExpiredListener,
} from '../lib/session/session-expiry';
import { seedFirstData, takeOverFirstScreen } from './first-data';
import { createQueryClient } from './query-client';
import { type AppRouter, createAppRouter } from './router';

/**
 * Everything the app needs before its first render. `takesOver`: the server rendered this page's
 * first screen (decision 039): its calls' answers go into the cache and the viewport it rendered
 * for is the first render's, so that render repeats the server's exactly.
 */
export async function bootstrap(): Promise<{
  queryClient: QueryClient;
  router: AppRouter;
  takesOver: boolean;
}> {
  void initMonitoring();
  void initFeatureFlags();
  await initI18n();
  // each step its own task (nextTask): on a phone each is tens of ms, together one long task
  await nextTask();
  const queryClient = createQueryClient();
  seedFirstData(queryClient);
  const takesOver = takeOverFirstScreen(queryClient);
  await nextTask();
  const router = createAppRouter(queryClient);
  // The page's code (lazy route chunks) loads while the session is restored, not after: on a
  // phone's slow network that is one round of requests fewer before the page shows.
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId];
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined); // the navigation reports it
  }

  // A 401/419 on any call while signed in: the session has expired.
  setSessionErrorListener(() => markSessionExpired());
  setSessionExpiredListener(() => {
    // a full page load to the sign-in document: nothing of the signed-in session stays in memory
    void router.navigate({
      to: '/login',
      search: { returnUrl: router.state.location.href },
      reloadDocument: true,
    });
  });
  listenForOptionsFrameExpiry(window, optionsFrameOrigin());
  if (takesOver) {
    // the first render must find the page's code and the router's state as the server had them,
    // so that it draws the page the server drew rather than a loading state over it
    await router.load();
    await nextTask();
  }
  return { queryClient, router, takesOver };
}
