// The personnel module's only door: its routes for app.ts, and what other modules may call.
import type { ApiModule } from '../../plugins/api';
import { registerPersonnelRoutes } from './personnel.routes';

export const personnelModule: ApiModule = { name: 'personnel', register: registerPersonnelRoutes };
