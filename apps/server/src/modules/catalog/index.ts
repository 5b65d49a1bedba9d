// The catalog module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { catalogRoutes } from './catalog.routes';

export const catalogModule: ApiModule = { name: 'catalog', register: catalogRoutes };
