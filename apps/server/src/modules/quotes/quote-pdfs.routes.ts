import fs from 'node:fs';
import { downloadQuoteFile, getQuoteInstallPdf, getQuoteMeasurePdf, getQuotePdf } from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import * as pdfs from './quote-pdfs.service';

// The quote, measure and install PDFs and the quote's stored files.
export function registerQuotePdfRoutes(app: FastifyInstance, { db, files, pdfs: maker }: Services): void {
  const deps = { db, files };
  // Made by the PDF process in the server (decision 017), in this process in tests.
  route(app, getQuotePdf, async ({ session, params }) =>
    maker.quotePdf(session().accountId, params.id, 'QUOTE'),
  );
  route(app, getQuoteMeasurePdf, async ({ session, params }) =>
    maker.quotePdf(session().accountId, params.id, 'MEASURE'),
  );
  route(app, getQuoteInstallPdf, async ({ session, params }) =>
    maker.quotePdf(session().accountId, params.id, 'INSTALL'),
  );
  // Only the quote's own account; shown inline (the PDF viewer), never cached, never sniffed.
  rawRoute(app, downloadQuoteFile, async ({ session, params, reply }) => {
    const file = await pdfs.quoteFile(deps, session().accountId, params.id, params.fileId);
    reply
      .header('content-type', file.mimeType)
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('inline', file.downloadName));
    // A PDF is shown in the quote PDF viewer's frame, on this origin's pages: framed by its own
    // origin only (every other /api answer refuses framing).
    if (file.mimeType === 'application/pdf')
      reply
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
        .header('x-frame-options', 'SAMEORIGIN');
    return reply.send(fs.createReadStream(file.fullPath));
  });
}
