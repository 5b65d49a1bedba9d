import { archiveOrderDocument, attachOrderDocuments, listOrderDocuments } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as orderDocuments from './order-documents.service';

// Documents attached to an order (§7 Documents): a quote's (its externalId) or a purchase order's.
export function registerOrderDocumentRoutes(app: FastifyInstance, { db, files }: Services): void {
  route(app, listOrderDocuments, async ({ session, params }) =>
    orderDocuments.listOrderDocuments(db, files, session().accountId, params.orderId),
  );
  route(app, attachOrderDocuments, async ({ session, params, body }) =>
    orderDocuments.attachOrderDocuments(db, files, session().accountId, params.orderId, body),
  );
  route(app, archiveOrderDocument, async ({ session, params }) =>
    orderDocuments.archiveOrderDocument(db, session().accountId, params.orderId, params.documentId),
  );
}
