import fs from 'node:fs';
import { downloadFile } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { contentDisposition } from '../../lib/content-disposition';
import { rawRoute } from '../../plugins/api';
import type { Services } from '../../services';

export function registerFileRoutes(app: FastifyInstance, services: Services): void {
  // Uploaded files (logos now; documents later) by their random public id. Public: quote PDFs and
  // customer pages show the logo; the 192-bit id is the capability.
  rawRoute(app, downloadFile, async ({ params, reply }) => {
    const file = await services.files.find(params.publicId);
    if (!file || !fs.existsSync(file.fullPath)) throw notFound('File not found');
    reply
      .header('content-type', file.mimeType)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition('inline', file.filename));
    return reply.send(fs.createReadStream(file.fullPath));
  });
}
