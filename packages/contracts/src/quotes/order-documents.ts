import { z } from 'zod';
import { documentSchema } from '../attachments/attachments';
import { idParam, idSchema } from '../common';
import { defineEndpoint } from '../endpoint';

/** Documents attached to an order (a quote's externalId or a purchase order's id). */
const orderParams = z.object({ orderId: idParam() });

export const listOrderDocuments = defineEndpoint({
  method: 'GET',
  path: '/old/quotes/:orderId/documents',
  summary: "An order's attached documents, newest first",
  auth: 'session',
  params: orderParams,
  response: z.object({ data: z.array(documentSchema) }),
});

export const attachOrderDocuments = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:orderId/documents',
  summary: 'Attach uploaded documents (ids from POST /old/documents) to an order',
  auth: 'session',
  params: orderParams,
  body: z.object({
    data: z.array(idSchema).min(1).max(50),
    category: z.string().max(100).nullish(),
    directUpload: z.boolean().optional(),
    is_image_upload: z.boolean().optional(),
    model: z.string().max(50).optional(),
    model_id: idSchema.optional(),
    type: z.string().max(50).optional(),
  }),
  response: z.object({ data: z.array(documentSchema) }),
});

export const archiveOrderDocument = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:orderId/documents/:documentId',
  summary: 'Archive an attached document (`_method: DELETE`)',
  auth: 'session',
  params: z.object({ orderId: idParam(), documentId: idParam() }),
  body: z.object({ _method: z.literal('DELETE') }),
  response: z.object({ success: z.literal(true) }),
});
