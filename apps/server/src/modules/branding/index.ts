// The branding module's only door: the public branding route, and the branding app.ts writes
// into the sign-in document.
import type { ApiModule } from '../../plugins/api';
import { registerBrandingRoutes } from './branding.routes';

export { findBranding, withBranding } from './branding.service';
export const brandingModule: ApiModule = { name: 'branding', register: registerBrandingRoutes };
