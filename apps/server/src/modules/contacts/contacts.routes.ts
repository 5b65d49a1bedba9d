import { type Contact, createContact, getContact, searchContacts } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error';
import { route } from '../../plugins/api';
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

  route(app, getContact, async ({ session, params }): Promise<Contact> => {
    const s = session();
    const { rows } = await db.execute<{
      id: string;
      name: string;
      email: string;
      phone: string;
      external_link: string | null;
      provider_schema: string | null;
      external_data: unknown;
    }>(sql`SELECT id, name, email, phone, external_link, provider_schema, external_data
           FROM contacts WHERE id = ${params.id} AND account_id = ${s.accountId}`);
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
      WHERE d.contact_id = ${c.id} AND d.account_id = ${s.accountId} ORDER BY d.tuid DESC`);
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
  });
}
