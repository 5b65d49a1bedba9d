import fs from 'node:fs';
import {
  supplierAcknowledgeOrder,
  supplierGetOrder,
  supplierListOrders,
  supplierListStatuses,
  supplierOrderHistory,
  supplierOrderPdf,
  supplierRotateToken,
  supplierUpdateOrder,
  supplierWhoAmI,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { contentDisposition } from '../../lib/content-disposition';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import * as api from './supplier-api.service';

// The supplier API (auth 'supplier'): the guard has resolved the bearer credential to `supplier()`.
export function registerSupplierApiRoutes(app: FastifyInstance, services: Services): void {
  const { db, jobs, files } = services;

  route(app, supplierListOrders, async ({ supplier, query }) => api.listOrders(db, supplier(), query));
  route(app, supplierGetOrder, async ({ supplier, params }) => api.getOrder(db, supplier(), params.id));
  route(app, supplierAcknowledgeOrder, async ({ supplier, params, body }) =>
    api.acknowledgeSupplierOrder(db, jobs, supplier(), params.id, body),
  );
  route(app, supplierUpdateOrder, async ({ supplier, params, body }) =>
    api.updateSupplierOrder(db, jobs, supplier(), params.id, body),
  );
  route(app, supplierOrderHistory, async ({ supplier, params, query }) =>
    api.orderHistory(db, supplier(), params.id, query.page),
  );
  route(app, supplierListStatuses, async ({ supplier }) => api.listStatuses(db, supplier()));
  route(app, supplierRotateToken, async ({ supplier }) => api.rotateToken(db, supplier()));
  route(app, supplierWhoAmI, async ({ supplier }) => api.whoAmI(supplier()));

  // The purchase order's PDF as it was sent, through the file store; never cached.
  rawRoute(app, supplierOrderPdf, async ({ supplier, params, reply }) => {
    const pdf = await api.pdfFileOf(db, supplier(), params.id);
    const file = (await files.findMany(pdf.accountId, [pdf.fileId])).get(pdf.fileId);
    if (!file || !(await fs.promises.stat(file.fullPath).catch(() => null))) throw notFound('File not found');
    const name = `Purchase order ${pdf.tuid}${pdf.revisionNumber > 1 ? ` revision ${pdf.revisionNumber}` : ''}.pdf`;
    return reply
      .header('content-type', file.mimeType)
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('inline', name))
      .header('content-security-policy', "default-src 'none'")
      .send(fs.createReadStream(file.fullPath));
  });
}
