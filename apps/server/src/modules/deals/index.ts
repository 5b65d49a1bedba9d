// The deals module's only door: its routes (deals and their notes), and what other modules, the
// demo seed and the CLI may call.
import type { ApiModule } from '../../plugins/api';
import { registerDealRoutes } from './deals.routes';
import { registerNoteRoutes } from './notes.routes';

export {
  announceDealChange,
  createDeal,
  refreshDealAlerts,
  relate,
  requireDeal,
  requireEditableDeal,
  setFlag,
} from './deals.service';
export const dealsModule: ApiModule = { name: 'deals', register: registerDealRoutes };
export const notesModule: ApiModule = { name: 'notes', register: registerNoteRoutes };
