import { z } from 'zod';
import { idParam, idParams, idSchema } from '../common';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';

export const uploadMessages = {
  inProgress: 'Upload is still in progress. Please wait for all uploads to finish before closing',
  nameRequired: 'Document name is required',
} as const;

export const UPLOAD_EXTENSIONS = [
  'jpg',
  'jpeg',
  'png',
  'pdf',
  'doc',
  'docx',
  'csv',
  'txt',
  'xls',
  'xlsx',
  'msg',
] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** The spec's Document shape (snake_case, as the legacy calls answer it). */
export const documentSchema = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  name: z.string(),
  filename: z.string(),
  extension: z.string(),
  mime_type: z.string(),
  size: z.number().int(),
  type: z.string(),
  url: z.string(),
  created_at: z.string(),
  direct_upload: z.boolean(),
  archived: z.boolean(),
});
export type DocumentRecord = z.infer<typeof documentSchema>;

export const uploadDocument = defineEndpoint({
  method: 'POST',
  path: '/old/documents',
  summary:
    'Upload a document (multipart: `document` file, `friendly_name`, `friendly_type`, `model`=deal and `model_id` to attach it to a deal). The spec extensions, at most 25 MB, content checked.',
  auth: 'session',
  response: z.object({ data: documentSchema }),
});

export const updateDocument = defineEndpoint({
  method: 'POST',
  path: '/old/documents/:id',
  summary:
    "Edit a document (`_method: PUT`): rename it (`name`) and file it under a category (`document_category_id` from /old/product-document-categories/select, null for none; the category's name becomes its `type`)",
  auth: 'session',
  params: idParams,
  body: z.object({
    _method: z.literal('PUT'),
    name: z.string().trim().min(1, uploadMessages.nameRequired).max(200).optional(),
    document_category_id: idSchema.nullable().optional(),
  }),
  response: z.object({ data: documentSchema }),
});

export const listDealDocuments = defineEndpoint({
  method: 'GET',
  path: '/deals/:dealId/documents',
  summary: "A deal's attachments, newest first (archived ones with ?archived=true)",
  auth: 'session',
  params: z.object({ dealId: idParam() }),
  query: z.object({ archived: z.enum(['true', 'false']).default('false') }),
  response: z.object({ data: z.array(documentSchema) }),
});

export const archiveDealDocument = defineEndpoint({
  method: 'POST',
  path: '/deals/:dealId/documents/:documentId/archive',
  summary: 'Archive an attachment',
  auth: 'session',
  params: z.object({
    dealId: idParam(),
    documentId: idParam(),
  }),
  response: z.object({ data: documentSchema }),
});

export const downloadDealAttachment = defineRawEndpoint({
  method: 'GET',
  path: '/documents/:id/download',
  summary: 'Download a document',
  produces: 'application/octet-stream',
  params: idParams,
});
