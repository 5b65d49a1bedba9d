// The supplier-documents module's only door: documents a supplier publishes to its dealers
// (not the files uploaded to a deal: those are deal attachments).
import type { ApiModule } from '../../plugins/api';
import { registerSupplierDocumentRoutes } from './supplier-documents.routes';

export const supplierDocumentsModule: ApiModule = {
  name: 'supplier-documents',
  register: registerSupplierDocumentRoutes,
};
