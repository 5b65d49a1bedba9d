// The bundles module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { bundleRoutes } from './bundles.routes';

export const bundlesModule: ApiModule = { name: 'bundles', register: bundleRoutes };
