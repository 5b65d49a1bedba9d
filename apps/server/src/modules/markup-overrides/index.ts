// The markup-overrides module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { markupOverrideRoutes } from '../settings/markup-overrides.routes';

export const markupOverridesModule: ApiModule = { name: 'markup-overrides', register: markupOverrideRoutes };
