// The card checkout's only door: the public payment calls, the provider's webhook, the test
// checkout, the cancel hook and the daily reconciliation of the provider's sessions with payments.

import { CARD_RECONCILE_QUEUE, type Jobs } from '../../lib/jobs';
import type { ApiModule } from '../../plugins/api';
import type { Services } from '../../services';
import { registerCheckoutRoutes } from './checkout.routes';
import { providerOf, reconcileCardPayments } from './checkout.service';

export type { CardProvider, ProviderSession } from './card-provider';
export {
  expireOpenSessionOf,
  handleWebhook,
  providerOf,
  type ReconciliationReport,
  reconcileCardPayments,
} from './checkout.service';
export { StripeProvider } from './stripe-provider';
export { TestCheckoutProvider } from './test-checkout-provider';

export const checkoutModule: ApiModule = { name: 'checkout', register: registerCheckoutRoutes };

/** Every day at 03:17 UTC, after the night's late payments have settled. */
export const RECONCILE_CRON = '17 3 * * *';

/** Works and schedules the daily reconciliation (createServices calls it once). */
export async function startCheckoutJobs(services: Services, jobs: Jobs): Promise<void> {
  await jobs.work(CARD_RECONCILE_QUEUE, async () => {
    const report = await reconcileCardPayments(services.db, providerOf(services), new Date());
    if (report.failed.length > 0)
      services.errors.capture(
        new Error(`Card reconciliation could not list the sessions of ${report.failed.join(', ')}`),
        { method: 'JOB', url: CARD_RECONCILE_QUEUE, requestId: CARD_RECONCILE_QUEUE },
      );
  });
  // One run a minute at most, whichever process's cron check hands it on and however late: the
  // queue's hand-off of one tick can land in the next tick's minute on a busy machine.
  await jobs.boss.schedule(
    CARD_RECONCILE_QUEUE,
    RECONCILE_CRON,
    {},
    { tz: 'UTC', singletonKey: CARD_RECONCILE_QUEUE, singletonSeconds: 60 },
  );
}
