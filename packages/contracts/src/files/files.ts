import { z } from 'zod';
import { defineRawEndpoint } from '../endpoint';

/** A stored file's public id: 192 random bits, base64url. */
export const filePublicIdSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

export const downloadFile = defineRawEndpoint({
  method: 'GET',
  path: '/files/:publicId',
  summary: 'An uploaded file (a dealer logo) by its random public id',
  // Public: quote PDFs and customer pages show the dealer's logo; the 192-bit id is the capability.
  auth: 'public',
  produces: 'application/octet-stream',
  params: z.object({ publicId: filePublicIdSchema }),
});
