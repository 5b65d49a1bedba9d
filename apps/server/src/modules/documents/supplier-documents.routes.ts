import {
  documentCategoriesSelect,
  downloadSupplierDocument,
  listLinkedManufacturers,
  listSupplierDocuments,
  type SupplierDocument,
} from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../lib/app-error';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';

export function supplierDocumentRoutes(app: FastifyInstance, services: Services): void {
  const db = services.db;

  route(app, listSupplierDocuments, async ({ session }): Promise<SupplierDocument[]> => {
    const { rows } = await db.execute<{
      id: number;
      name: string;
      category: string;
      manufacturer_id: number;
      manufacturer_name: string;
      created_at: Date;
      mime_type: string;
    }>(sql`
      SELECT sd.id, sd.name, dc.category, m.id AS manufacturer_id, m.name AS manufacturer_name, sd.created_at, sd.mime_type
      FROM supplier_documents sd
      JOIN document_categories dc ON dc.id = sd.category_id
      JOIN manufacturers m ON m.id = sd.manufacturer_id
      JOIN manufacturer_customers mc ON mc.manufacturer_id = m.id AND mc.account_id = ${session().accountId}
      ORDER BY sd.created_at DESC, sd.id DESC`);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.category,
      manufacturer_id: r.manufacturer_id,
      manufacturer_name: r.manufacturer_name,
      created_at: new Date(r.created_at).toISOString(),
      url: `/api/supplier-documents/${r.id}/download`,
      mime_type: r.mime_type,
    }));
  });

  route(app, listLinkedManufacturers, async ({ session }) => {
    const { rows } = await db.execute<{ id: number; name: string }>(sql`
      SELECT m.id, m.name FROM manufacturers m
      JOIN manufacturer_customers mc ON mc.manufacturer_id = m.id AND mc.account_id = ${session().accountId}
      ORDER BY m.name`);
    return rows;
  });

  route(app, documentCategoriesSelect, async () => {
    const { rows } = await db.execute<{
      id: number;
      category: string;
      is_active: boolean;
      sort_order: number;
    }>(sql`SELECT id, category, is_active, sort_order FROM document_categories ORDER BY sort_order, id`);
    return rows;
  });

  // Opens in a new tab (inline), for dealers linked to the supplier only.
  rawRoute(app, downloadSupplierDocument, async ({ params, session, reply }) => {
    const { rows } = await db.execute<{ filename: string; mime_type: string; content: Buffer }>(sql`
        SELECT sd.filename, sd.mime_type, sd.content FROM supplier_documents sd
        JOIN manufacturer_customers mc ON mc.manufacturer_id = sd.manufacturer_id AND mc.account_id = ${session().accountId}
        WHERE sd.id = ${params.id}`);
    const doc = rows[0];
    if (!doc) throw notFound('Document not found');
    reply
      .header('content-type', doc.mime_type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=3600')
      .header(
        'content-disposition',
        `inline; filename="${doc.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
      );
    return reply.send(doc.content);
  });
}
