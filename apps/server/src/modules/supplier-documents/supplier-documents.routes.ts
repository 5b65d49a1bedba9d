import {
  documentCategoriesSelect,
  downloadSupplierDocument,
  listLinkedManufacturers,
  listSupplierDocuments,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import * as supplierDocuments from './supplier-documents.service';

export function registerSupplierDocumentRoutes(app: FastifyInstance, { db }: Services): void {
  route(app, listSupplierDocuments, async ({ session }) =>
    supplierDocuments.listSupplierDocumentsFor(db, session().accountId),
  );
  route(app, listLinkedManufacturers, async ({ session }) =>
    supplierDocuments.listLinkedSuppliers(db, session().accountId),
  );
  route(app, documentCategoriesSelect, async () => supplierDocuments.listDocumentCategories(db));

  // Opens in a new tab (inline), for dealers linked to the supplier only.
  rawRoute(app, downloadSupplierDocument, async ({ params, session, reply }) => {
    const doc = await supplierDocuments.openSupplierDocument(db, session().accountId, params.id);
    reply
      .header('content-type', doc.mime_type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header('content-disposition', contentDisposition('inline', doc.filename));
    return reply.send(doc.content);
  });
}
