import {
  type Contact,
  type ContactImportSummary,
  createContact,
  exportContacts,
  getContact,
  importContacts,
  previewContactImport,
  searchContacts,
  updateContactExternal,
} from '@slat/contracts';
import { contactsFromCsv, contactsFromVcard, contactsToCsv } from '@slat/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { readUpload } from '../../lib/uploads';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export function contactRoutes(app: FastifyInstance, services: Services): void {
  const db = services.db;

  route(app, searchContacts, async ({ session, body }) => {
    const s = session();
    const text = body.filters.search || undefined;
    const search = text ? `%${escapeLike(text)}%` : null;
    // A search that looks like a phone number also matches phones written with other spacing.
    const digits = text && /^[\d\s()+-]{3,}$/.test(text) ? `%${text.replace(/\D/g, '')}%` : null;
    const where = sql`account_id = ${s.accountId} AND (${search}::text IS NULL
      OR name ILIKE ${search} OR email ILIKE ${search} OR phone ILIKE ${search}
      OR (${digits}::text IS NOT NULL AND regexp_replace(phone, '\\D', '', 'g') LIKE ${digits}))`;
    const sort = body.sort ?? 'name';
    const column = sql.raw(sort.replace('-', ''));
    const direction = sql.raw(sort.startsWith('-') ? 'DESC' : 'ASC');
    const { rows } = await db.execute<{ id: string; name: string; email: string; phone: string }>(sql`
      SELECT id, name, email, phone FROM contacts WHERE ${where}
      ORDER BY lower(${column}) ${direction}, id LIMIT ${body.pagination.limit} OFFSET ${body.pagination.offset}`);
    const { rows: total } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM contacts WHERE ${where}`,
    );
    return { total: total[0]?.n ?? 0, data: rows };
  });

  route(app, createContact, async ({ session, body }) => {
    const { rows } = await db.execute<{ id: string; name: string; email: string; phone: string }>(sql`
      INSERT INTO contacts (account_id, name, email, phone)
      VALUES (${session().accountId}, ${body.name}, ${body.email}, ${body.phone})
      RETURNING id, name, email, phone`);
    return rows[0]!;
  });

  route(app, getContact, async ({ session, params }) => loadContact(db, session().accountId, params.id));

  route(app, updateContactExternal, async ({ session, params, body }) => {
    const s = session();
    await loadContact(db, s.accountId, params.id);
    await db.execute(sql`
      UPDATE contacts SET
        external_link = CASE WHEN ${body.externalLink !== undefined} THEN ${body.externalLink ?? null} ELSE external_link END,
        provider_schema = CASE WHEN ${body.providerSchema !== undefined} THEN ${body.providerSchema ?? null} ELSE provider_schema END,
        external_data = CASE WHEN ${body.externalData !== undefined} THEN ${JSON.stringify(body.externalData ?? null)}::jsonb ELSE external_data END
      WHERE id = ${params.id} AND account_id = ${s.accountId}`);
    return loadContact(db, s.accountId, params.id);
  });

  route(app, previewContactImport, async ({ session, request }) =>
    planImport(db, session().accountId, request, false),
  );
  route(app, importContacts, async ({ session, request }) =>
    planImport(db, session().accountId, request, true),
  );

  rawRoute(app, exportContacts, async ({ session, reply }) => {
    const { rows } = await db.execute<{ name: string; email: string; phone: string }>(sql`
        SELECT name, email, phone FROM contacts WHERE account_id = ${session().accountId} ORDER BY lower(name), id`);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="contacts.csv"')
      .header('cache-control', 'private, no-store');
    return `\uFEFF${contactsToCsv(rows)}`;
  });
}

/** Reads the uploaded file, decides per row (create, merge by email, skip), and applies it when asked. */
async function planImport(
  db: Db,
  accountId: number,
  request: FastifyRequest,
  apply: boolean,
): Promise<ContactImportSummary> {
  const upload = await readUpload(request, {
    maxBytes: 5 * 1024 * 1024,
    extensions: ['csv', 'vcf'],
    field: 'file',
  });
  const text = upload.buffer.toString('utf8');
  const parsed = upload.extension === 'vcf' ? contactsFromVcard(text) : contactsFromCsv(text);
  const emails = parsed.map((r) => r.email.toLowerCase()).filter(Boolean);
  const { rows: existing } = await db.execute<{ id: string; email: string }>(sql`
    SELECT id, lower(email) AS email FROM contacts WHERE account_id = ${accountId} AND lower(email) = ANY(${sql.param(emails)}::text[])`);
  const known = new Map(existing.map((e) => [e.email, e.id]));
  const seen = new Set<string>();
  const rows = parsed.map((r) => {
    const key = r.email.toLowerCase();
    const action: 'create' | 'merge' | 'skip' =
      r.errors.length > 0 ? 'skip' : key && (known.has(key) || seen.has(key)) ? 'merge' : 'create';
    if (key && action !== 'skip') seen.add(key);
    return { ...r, action };
  });
  const summary = {
    rows,
    created: rows.filter((r) => r.action === 'create').length,
    merged: rows.filter((r) => r.action === 'merge').length,
    skipped: rows.filter((r) => r.action === 'skip').length,
  };
  if (!apply) return summary;
  await db.transaction(async (tx) => {
    const ids = new Map(known);
    for (const r of rows) {
      if (r.action === 'skip') continue;
      const key = r.email.toLowerCase();
      const id = key ? ids.get(key) : undefined;
      if (id) {
        // A merge fills what the contact lacks; it never overwrites what the dealer already has.
        await tx.execute(sql`UPDATE contacts SET phone = CASE WHEN phone = '' THEN ${r.phone} ELSE phone END,
          name = CASE WHEN name = '' THEN ${r.name} ELSE name END WHERE id = ${id}`);
      } else {
        const { rows: made } = await tx.execute<{ id: string }>(sql`
          INSERT INTO contacts (account_id, name, email, phone) VALUES (${accountId}, ${r.name}, ${r.email}, ${r.phone}) RETURNING id`);
        if (key) ids.set(key, made[0]!.id);
      }
    }
  });
  return summary;
}

async function loadContact(db: Db, accountId: number, id: string): Promise<Contact> {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    email: string;
    phone: string;
    external_link: string | null;
    provider_schema: string | null;
    external_data: unknown;
  }>(sql`SELECT id, name, email, phone, external_link, provider_schema, external_data
         FROM contacts WHERE id = ${id} AND account_id = ${accountId}`);
  const c = rows[0];
  if (!c) throw notFound('Contact not found');
  const { rows: deals } = await db.execute<{
    id: number;
    tuid: number;
    status: string;
    description: string;
    workflow_slug: string;
  }>(sql`
    SELECT d.id, d.tuid, s.name AS status, d.description, w.slug AS workflow_slug
    FROM deals d JOIN workflow_statuses s ON s.id = d.status_id JOIN workflows w ON w.id = d.workflow_id
    WHERE d.contact_id = ${c.id} AND d.account_id = ${accountId} ORDER BY d.tuid DESC`);
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    externalLink: c.external_link,
    providerSchema: c.provider_schema,
    externalData: c.external_data ?? null,
    relatedDeals: deals.map((d) => ({
      id: d.id,
      tuid: d.tuid,
      status: d.status,
      customer: c.name,
      description: d.description,
      workflowSlug: d.workflow_slug,
    })),
  };
}
