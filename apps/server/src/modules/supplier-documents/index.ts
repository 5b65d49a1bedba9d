// The supplier-documents module's only door: documents a supplier publishes to its dealers
// (not the files uploaded to a deal: those are deal attachments).
import type { ApiModule } from '../../plugins/api';
import { registerSupplierDocumentRoutes } from './supplier-documents.routes';

export const supplierDocumentsModule: ApiModule = {
  name: 'supplier-documents',
  register: registerSupplierDocumentRoutes,
};

/** For other modules: the name of an active document category (a document's `type` when filed under it). */
export { activeDocumentCategoryName } from './supplier-documents.service';
