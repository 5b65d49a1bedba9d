// The workflows module's only door: its routes, and what other modules may call.
import type { ApiModule } from '../../plugins/api';
import { registerWorkflowRoutes } from './workflows.routes';

export { defaultWorkflows } from './default-workflows';
export { createWorkflowFromDocument, loadWorkflow, loadWorkflows } from './workflows.service';
export const workflowsModule: ApiModule = { name: 'workflows', register: registerWorkflowRoutes };
