// The markup-overrides module's only door: a dealer's markup per product or category.
import type { ApiModule } from '../../plugins/api';
import { registerMarkupOverrideRoutes } from './markup-overrides.routes';

export const markupOverridesModule: ApiModule = {
  name: 'markup-overrides',
  register: registerMarkupOverrideRoutes,
};
