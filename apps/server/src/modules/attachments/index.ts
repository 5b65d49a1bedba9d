// The attachments module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { documentRoutes } from '../deals/documents.routes';

export const attachmentsModule: ApiModule = { name: 'attachments', register: documentRoutes };
