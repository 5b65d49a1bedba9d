import fs from 'node:fs';
import {
  estimatePurchaseOrderFreight,
  legacyPurchaseOrderPdf,
  purchaseOrderFile,
  purchaseOrderPdf,
  reopenPurchaseOrder,
  submitPurchaseOrder,
} from '@slat/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fieldError } from '../../lib/app-error';
import { contentDisposition } from '../../lib/content-disposition';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import * as pdfs from './purchase-order-pdfs.service';
import * as submit from './purchase-order-submit.service';
import { getPurchaseOrder } from './purchase-orders.service';

/** A stored PDF answered inline (the review's viewer frames it), only to its account, never cached. */
function sendPdf(reply: FastifyReply, file: Awaited<ReturnType<typeof pdfs.purchaseOrderFile>>) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-length', String(file.size))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition('inline', file.downloadName))
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN')
    .send(fs.createReadStream(file.fullPath));
}

// Submit, reopen, the freight estimate and the purchase-order PDFs (§7 Purchase orders).
export function registerPurchaseOrderSubmitRoutes(app: FastifyInstance, services: Services): void {
  const { db, files, jobs, purchaseOrderPdfs: maker } = services;
  const deps = { db, files };
  const actor = (s: { accountId: number; userId: number }) => ({ accountId: s.accountId, userId: s.userId });

  route(app, submitPurchaseOrder, async ({ session, params, body }) => {
    const who = actor(session());
    const id = await submit.submitOrder({ db, jobs }, who, params.id, body);
    return getPurchaseOrder(db, who.accountId, id);
  });
  route(app, reopenPurchaseOrder, async ({ session, params }) => {
    const who = actor(session());
    const id = await submit.reopenOrder(db, who, params.id);
    return getPurchaseOrder(db, who.accountId, id);
  });
  route(app, estimatePurchaseOrderFreight, async ({ session, params, body }) =>
    submit.estimateFreight(
      db,
      session().accountId,
      params.orderId,
      params.manufacturerId,
      body.shippingMethodId,
    ),
  );
  // Made by the PDF process in the server (decision 017), in this process in tests.
  route(app, purchaseOrderPdf, async ({ session, params, body }) => {
    const { url } = await maker.purchaseOrderPdf(session().accountId, params.id, body ?? {}, 'TEMPLATE');
    return { url };
  });
  // The fallback on 501: the built-in layout, the PDF itself.
  rawRoute(app, legacyPurchaseOrderPdf, async ({ session, query, reply }) => {
    const { accountId } = session();
    const order = await submit.orderSupplierOf(db, accountId, query.order_id);
    if (query.manufacturer_id !== undefined && query.manufacturer_id !== order.manufacturerId)
      throw fieldError('manufacturer_id', "This supplier is not the order's supplier");
    const { fileId } = await maker.purchaseOrderPdf(
      accountId,
      query.order_id,
      {
        requiredDate: query.required_date ?? null,
        shippingMethodId: query.shipping_method_id ?? null,
        shippingAddress: query.shipping_address ?? null,
        shippingInstructions: query.shipping_instructions ?? null,
      },
      'BUILT_IN',
    );
    return sendPdf(reply, await pdfs.purchaseOrderFile(deps, accountId, query.order_id, fileId));
  });
  rawRoute(app, purchaseOrderFile, async ({ session, params, reply }) =>
    sendPdf(reply, await pdfs.purchaseOrderFile(deps, session().accountId, params.id, params.fileId)),
  );
}
