// The deals module's only door: its routes (deals and their notes), and what other modules, the
// demo seed and the CLI may call.
import { DEAL_ALERTS_QUEUE, type Jobs } from '../../lib/jobs';
import type { ApiModule } from '../../plugins/api';
import type { Services } from '../../services';
import { registerDealRoutes } from './deals.routes';
import { refreshSupplierAlertCounts } from './deals.service';
import { registerNoteRoutes } from './notes.routes';

export {
  announceDealChange,
  createDeal,
  refreshDealAlerts,
  refreshSupplierAlertCounts,
  relate,
  requireDeal,
  requireEditableDeal,
  setFlag,
} from './deals.service';
export const dealsModule: ApiModule = { name: 'deals', register: registerDealRoutes };
export const notesModule: ApiModule = { name: 'notes', register: registerNoteRoutes };

/** Every 5 minutes: the board's stored alert counts follow the supplier alerts' deadlines. */
export const DEAL_ALERTS_CRON = '*/5 * * * *';

/** Works and schedules the refresh of supplier alert counts (createServices calls it once). */
export async function startDealJobs(services: Pick<Services, 'db'>, jobs: Jobs): Promise<void> {
  await jobs.work(DEAL_ALERTS_QUEUE, async () => {
    await refreshSupplierAlertCounts(services.db);
  });
  await jobs.boss.schedule(DEAL_ALERTS_QUEUE, DEAL_ALERTS_CRON, {}, { tz: 'UTC' });
}
