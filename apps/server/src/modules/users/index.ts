// The users module's only door: the signed-in user's own details.
import type { ApiModule } from '../../plugins/api';
import { registerUserRoutes } from './users.routes';

export const usersModule: ApiModule = { name: 'users', register: registerUserRoutes };
