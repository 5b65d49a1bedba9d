// The supplier-documents module's only door (to be reshaped into routes → service → repository).
import type { ApiModule } from '../../plugins/api';
import { supplierDocumentRoutes } from '../documents/supplier-documents.routes';

export const supplierDocumentsModule: ApiModule = {
  name: 'supplier-documents',
  register: supplierDocumentRoutes,
};
