// The deals module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { dealRoutes } from './deals.routes';

export const dealsModule: ApiModule = { name: 'deals', register: dealRoutes };

import { noteRoutes } from './notes.routes';
export const notesModule: ApiModule = { name: 'notes', register: noteRoutes };
