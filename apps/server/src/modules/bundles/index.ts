// The bundles module's only door: the bundles a dealer sees and subscribes to.
import type { ApiModule } from '../../plugins/api';
import { registerBundleRoutes } from './bundles.routes';

export const bundlesModule: ApiModule = { name: 'bundles', register: registerBundleRoutes };
