// The settings module's only door: account settings, the main company, dealer settings and
// logo, the dealer's settings per supplier, and the providers.
import type { ApiModule } from '../../plugins/api';
import { registerSettingsRoutes } from './settings.routes';

export const settingsModule: ApiModule = { name: 'settings', register: registerSettingsRoutes };
