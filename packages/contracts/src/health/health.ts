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

/** One file of the API reference page, at a fixed path (no path parameter: the page names each). */
const apiReferenceFile = (file: string, summary: string, produces: string) =>
  defineRawEndpoint({
    method: 'GET',
    path: `/docs/assets/${file}`,
    summary,
    // Public: the page's own files, the same for everyone.
    auth: 'public',
    hidden: true,
    produces,
  });

export const getSwaggerUiScript = apiReferenceFile(
  'swagger-ui-bundle.js',
  "Swagger UI's script (swagger-ui-dist)",
  'text/javascript',
);
export const getSwaggerUiStyles = apiReferenceFile('swagger-ui.css', "Swagger UI's style sheet", 'text/css');
export const getSwaggerUiIcon = apiReferenceFile('favicon-32x32.png', "Swagger UI's icon", 'image/png');
export const getApiReferenceScript = apiReferenceFile(
  'api-reference.js',
  'The script that starts Swagger UI over /api/docs/json',
  'text/javascript',
);
