// The contacts module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { contactRoutes } from './contacts.routes';

export const contactsModule: ApiModule = { name: 'contacts', register: contactRoutes };
