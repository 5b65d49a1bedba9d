// The workflows module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { workflowRoutes } from './workflows.routes';

export const workflowsModule: ApiModule = { name: 'workflows', register: workflowRoutes };
