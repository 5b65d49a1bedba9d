// The contacts module's only door: the dealer's contacts (search, edit, import and export).
import type { ApiModule } from '../../plugins/api';
import { registerContactRoutes } from './contacts.routes';

export const contactsModule: ApiModule = { name: 'contacts', register: registerContactRoutes };
