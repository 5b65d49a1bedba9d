// The auth module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { authRoutes } from './auth.routes';

export const authModule: ApiModule = { name: 'auth', register: authRoutes };
