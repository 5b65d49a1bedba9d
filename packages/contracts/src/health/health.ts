import { z } from 'zod';
import { defineRawEndpoint } from '../endpoint';

/** Served at /health.json (outside /api): the commit the running build was made from. */
export const healthResponseSchema = z.object({ GIT_COMMIT: z.string() });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const getApiDocument = defineRawEndpoint({
  method: 'GET',
  path: '/docs',
  summary: 'This OpenAPI document',
  // Public: the API's description holds no data; clients are written against it.
  auth: 'public',
  hidden: true,
  produces: 'application/json',
});
