import fs from 'node:fs';
import {
  archiveDealDocument,
  downloadDealAttachment,
  listDealDocuments,
  MAX_UPLOAD_BYTES,
  UPLOAD_EXTENSIONS,
  updateDocument,
  uploadDocument,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition';
import { readUpload } from '../../lib/uploads';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import * as attachments from './attachments.service';

// Deal attachments: the API calls them documents (/old/documents, /deals/:dealId/documents).
export function registerAttachmentRoutes(app: FastifyInstance, { db, files }: Services): void {
  route(app, uploadDocument, async ({ session, request }) => {
    const s = session();
    const upload = await readUpload(request, {
      maxBytes: MAX_UPLOAD_BYTES,
      extensions: UPLOAD_EXTENSIONS,
      field: 'document',
    });
    return attachments.uploadAttachment(db, files, s.accountId, s.userId, upload);
  });

  route(app, updateDocument, async ({ session, params, body }) =>
    attachments.updateAttachment(db, files, session().accountId, params.id, body),
  );

  route(app, listDealDocuments, async ({ session, params, query }) =>
    attachments.listDealAttachments(db, files, session().accountId, params.dealId, query.archived === 'true'),
  );

  route(app, archiveDealDocument, async ({ session, params }) =>
    attachments.archiveAttachment(db, files, session().accountId, params.dealId, params.documentId),
  );

  // Downloads: only the owning account, always as an attachment, never sniffed into HTML.
  rawRoute(app, downloadDealAttachment, async ({ params, session, reply }) => {
    const file = await attachments.attachmentFile(db, files, session().accountId, params.id);
    reply
      .header('content-type', file.mimeType)
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', contentDisposition('attachment', file.filename));
    return reply.send(fs.createReadStream(file.fullPath));
  });
}
