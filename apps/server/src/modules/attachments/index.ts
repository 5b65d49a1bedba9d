// The attachments module's only door: files uploaded to a deal (SQL table `documents`, API paths
// /old/documents and /deals/:dealId/documents), stored through the file store.
import type { ApiModule } from '../../plugins/api';
import { registerAttachmentRoutes } from './attachments.routes';

export { attachmentRecords } from './attachments.service';

export const attachmentsModule: ApiModule = { name: 'attachments', register: registerAttachmentRoutes };
