// The branding module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { brandingRoutes } from './branding.routes';

export const brandingModule: ApiModule = { name: 'branding', register: brandingRoutes };
