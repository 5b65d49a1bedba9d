import { z } from 'zod';
import { defineRawEndpoint } from '../endpoint';

/** Served at /health.json (outside /api): the commit the running build was made from. */
export const healthResponseSchema = z.object({ GIT_COMMIT: z.string() });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const getApiDocument = defineRawEndpoint({
  method: 'GET',
  path: '/docs/json',
  summary: 'This OpenAPI document',
  // Public: the API's description holds no data; clients are written against it.
  auth: 'public',
  hidden: true,
  produces: 'application/json',
});

export const getApiReference = defineRawEndpoint({
  method: 'GET',
  path: '/docs',
  summary: 'The API reference: a browsable page over the OpenAPI document',
  // Public: the page shows the public document; calls made from it carry the reader's own session.
  auth: 'public',
  hidden: true,
  produces: 'text/html',
});

/** A script, style sheet or icon of the API reference page (the file names the page links to). */
export const apiReferenceAssetParamsSchema = z.strictObject({
  file: z.string().regex(/^[a-z0-9-]+\.(?:js|css|png)$/),
});

export const getApiReferenceAsset = defineRawEndpoint({
  method: 'GET',
  path: '/docs/assets/:file',
  summary: 'A script, style sheet or icon of the API reference page',
  // Public: the page's own files, the same for everyone.
  auth: 'public',
  hidden: true,
  params: apiReferenceAssetParamsSchema,
  produces: 'application/javascript',
});
