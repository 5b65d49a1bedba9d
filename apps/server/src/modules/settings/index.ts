// The settings module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { settingsRoutes } from './settings.routes';

export const settingsModule: ApiModule = { name: 'settings', register: settingsRoutes };
