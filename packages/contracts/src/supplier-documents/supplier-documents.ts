import { z } from 'zod';
import { idParams } from '../common';
import { defineEndpoint, defineRawEndpoint } from '../endpoint';

export const supplierDocumentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  manufacturer_id: z.number().int(),
  manufacturer_name: z.string(),
  created_at: z.string(),
  url: z.string(),
  mime_type: z.string(),
});
export type SupplierDocument = z.infer<typeof supplierDocumentSchema>;

export const listSupplierDocuments = defineEndpoint({
  method: 'GET',
  path: '/old/manufacturer-documents',
  summary: 'Documents of the suppliers the dealer is linked to, newest first',
  auth: 'session',
  response: z.array(supplierDocumentSchema),
});

export const listLinkedManufacturers = defineEndpoint({
  method: 'GET',
  path: '/old/manufacturers',
  summary: 'The suppliers the dealer is linked to (id and name)',
  auth: 'session',
  response: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const documentCategoriesSelect = defineEndpoint({
  method: 'GET',
  path: '/old/product-document-categories/select',
  summary: 'Document categories (the Type filter)',
  auth: 'session',
  response: z.array(
    z.object({
      id: z.number().int(),
      category: z.string(),
      is_active: z.boolean(),
      sort_order: z.number().int(),
    }),
  ),
});

export const downloadSupplierDocument = defineRawEndpoint({
  method: 'GET',
  path: '/supplier-documents/:id/download',
  summary: 'Open a supplier document',
  produces: 'application/pdf',
  params: idParams,
});
