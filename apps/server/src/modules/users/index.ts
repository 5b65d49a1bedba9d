// The users module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { userRoutes } from './users.routes';

export const usersModule: ApiModule = { name: 'users', register: userRoutes };
