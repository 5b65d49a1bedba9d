import fs from 'node:fs';
import {
  archiveDealDocument,
  type DocumentRecord,
  downloadDealAttachment,
  listDealDocuments,
  MAX_UPLOAD_BYTES,
  UPLOAD_EXTENSIONS,
  uploadDocument,
  uploadMessages,
} from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { fieldError, notFound } from '../../lib/app-error';
import { readUpload } from '../../lib/uploads';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import { requireEditableDeal } from './deals.service';

type DocRow = {
  id: number;
  account_id: number;
  name: string;
  filename: string;
  mime_type: string;
  size: number;
  type: string;
  created_at: Date;
  direct_upload: boolean;
  archived_at: Date | null;
  deal_id: number | null;
};

const toDocument = (r: DocRow): DocumentRecord => ({
  id: r.id,
  account_id: r.account_id,
  name: r.name,
  filename: r.filename,
  extension: r.filename.includes('.') ? r.filename.split('.').pop()!.toLowerCase() : '',
  mime_type: r.mime_type,
  size: r.size,
  type: r.type,
  url: `/api/documents/${r.id}/download`,
  created_at: new Date(r.created_at).toISOString(),
  direct_upload: r.direct_upload,
  archived: r.archived_at !== null,
});

async function documents(
  db: Db,
  accountId: number,
  where: { dealId?: number; id?: number; archived?: boolean },
) {
  const { rows } = await db.execute<DocRow & { storage_path: string }>(sql`
    SELECT d.id, d.account_id, d.name, f.filename, f.mime_type, f.size, d.type, d.created_at, d.direct_upload,
           d.archived_at, d.deal_id, f.storage_path
    FROM documents d JOIN files f ON f.id = d.file_id
    WHERE d.account_id = ${accountId}
      AND (${where.dealId ?? null}::int IS NULL OR d.deal_id = ${where.dealId ?? null}::int)
      AND (${where.id ?? null}::int IS NULL OR d.id = ${where.id ?? null}::int)
      AND (${where.archived ?? null}::boolean IS NULL OR (d.archived_at IS NOT NULL) = ${where.archived ?? null}::boolean)
    ORDER BY d.created_at DESC, d.id DESC`);
  return rows;
}

export function documentRoutes(app: FastifyInstance, services: Services): void {
  const db = services.db;

  route(app, uploadDocument, async ({ session, request }) => {
    const s = session();
    const upload = await readUpload(request, {
      maxBytes: MAX_UPLOAD_BYTES,
      extensions: UPLOAD_EXTENSIONS,
      field: 'document',
    });
    const name = (upload.fields.friendly_name ?? '').trim() || upload.filename.replace(/\.[^.]+$/, '');
    if (!name) throw fieldError('friendly_name', uploadMessages.nameRequired);
    let dealId: number | null = null;
    if (upload.fields.model !== undefined || upload.fields.model_id !== undefined) {
      if (upload.fields.model !== 'deal') throw fieldError('model', "Only 'deal' attachments are supported");
      dealId = Number(upload.fields.model_id);
      if (!Number.isInteger(dealId) || dealId <= 0) throw fieldError('model_id', 'A deal id is required');
      await requireEditableDeal(db, s.accountId, dealId);
    }
    const saved = await services.files.save(s.accountId, upload);
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO documents (account_id, file_id, deal_id, name, type, direct_upload, created_by)
      VALUES (${s.accountId}, ${saved.id}, ${dealId}, ${name.slice(0, 200)}, ${(upload.fields.friendly_type ?? 'attachment').slice(0, 50) || 'attachment'},
              ${upload.fields.directUpload !== 'false'}, ${s.userId})
      RETURNING id`);
    const [doc] = await documents(db, s.accountId, { id: rows[0]!.id });
    return { data: toDocument(doc!) };
  });

  route(app, listDealDocuments, async ({ session, params, query }) => {
    const s = session();
    const { rows } = await db.execute(
      sql`SELECT 1 FROM deals WHERE id = ${params.dealId} AND account_id = ${s.accountId}`,
    );
    if (rows.length === 0) throw notFound('Deal not found');
    const list = await documents(db, s.accountId, {
      dealId: params.dealId,
      ...(query.archived === 'true' ? {} : { archived: false }),
    });
    return { data: list.map(toDocument) };
  });

  route(app, archiveDealDocument, async ({ session, params }) => {
    const s = session();
    await requireEditableDeal(db, s.accountId, params.dealId);
    const [doc] = await documents(db, s.accountId, { dealId: params.dealId, id: params.documentId });
    if (!doc) throw notFound('Document not found');
    await db.execute(
      sql`UPDATE documents SET archived_at = coalesce(archived_at, now()) WHERE id = ${doc.id}`,
    );
    const [after] = await documents(db, s.accountId, { id: doc.id });
    return { data: toDocument(after!) };
  });

  // Downloads: only the owning account, always as an attachment, never sniffed into HTML.
  rawRoute(app, downloadDealAttachment, async ({ params, session, reply }) => {
    const [doc] = await documents(db, session().accountId, { id: params.id });
    const file = doc ? await services.files.path(doc.storage_path) : undefined;
    if (!doc || !file || !fs.existsSync(file)) throw notFound('Document not found');
    const ascii = doc.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
    reply
      .header('content-type', doc.mime_type)
      .header('content-length', String(doc.size))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header(
        'content-disposition',
        `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.filename)}`,
      );
    return reply.send(fs.createReadStream(file));
  });
}
