import type { ContactSummary } from '@slat/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

export type ContactFields = { name: string; email: string; phone: string };

export type ContactRow = ContactSummary & {
  external_link: string | null;
  provider_schema: string | null;
  external_data: unknown;
};

export type RelatedDealRow = {
  id: number;
  tuid: number;
  status: string;
  description: string;
  workflow_slug: string;
};

export type ContactSort = 'name' | '-name' | 'email' | '-email' | 'phone' | '-phone';

/** Which contacts a list shows, and in what order. */
export type ContactFilter = {
  /** Matches name, email or phone (case-insensitive, as a substring). */
  text?: string | undefined;
  /** Also matches phones whose digits contain these digits (other spacing). */
  phoneDigits?: string | undefined;
  sort: ContactSort;
};

export type ContactSearch = ContactFilter & { limit: number; offset: number };

export type ExternalFields = {
  externalLink?: string | null | undefined;
  providerSchema?: string | null | undefined;
  externalData?: unknown;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/** The account's contacts the filter matches (a WHERE condition). */
function matching(accountId: number, q: ContactFilter) {
  const search = q.text ? `%${escapeLike(q.text)}%` : null;
  const digits = q.phoneDigits ? `%${q.phoneDigits}%` : null;
  return sql`account_id = ${accountId} AND (${search}::text IS NULL
    OR name ILIKE ${search} OR email ILIKE ${search} OR phone ILIKE ${search}
    OR (${digits}::text IS NOT NULL AND regexp_replace(phone, '\\D', '', 'g') LIKE ${digits}))`;
}

/** The filter's order: the sorted column, case-insensitive, then id (a stable order for paging). */
function ordered(q: ContactFilter) {
  const column = sql.raw(q.sort.replace('-', ''));
  const direction = sql.raw(q.sort.startsWith('-') ? 'DESC' : 'ASC');
  return sql`ORDER BY lower(${column}) ${direction}, id`;
}

/** One page of the account's contacts matching the search, and how many match in all. */
export async function searchContactRows(
  db: Db,
  accountId: number,
  q: ContactSearch,
): Promise<{ total: number; data: ContactSummary[] }> {
  const where = matching(accountId, q);
  const { rows } = await db.execute<ContactSummary>(sql`
    SELECT id, name, email, phone FROM contacts WHERE ${where}
    ${ordered(q)} LIMIT ${q.limit} OFFSET ${q.offset}`);
  const { rows: total } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM contacts WHERE ${where}`,
  );
  return { total: total[0]?.n ?? 0, data: rows };
}

/** The account's contacts are unique by email where they have one (migration 0010). */
const ON_EMAIL = sql.raw(`ON CONFLICT (account_id, lower(email)) WHERE email <> ''`);

/** A new contact; none when the account already has a contact with its email. */
export async function insertContact(
  db: Db,
  accountId: number,
  c: ContactFields,
): Promise<ContactSummary | undefined> {
  const { rows } = await db.execute<ContactSummary>(sql`
    INSERT INTO contacts (account_id, name, email, phone)
    VALUES (${accountId}, ${c.name}, ${c.email}, ${c.phone})
    ${ON_EMAIL} DO NOTHING
    RETURNING id, name, email, phone`);
  return rows[0];
}

/**
 * An imported contact, in one statement: a new contact, or a merge into the account's contact
 * with its email, which fills what that contact lacks (name, phone) and never overwrites what the
 * dealer already has. `created` tells which (a row just inserted has no xmax; one updated by
 * ON CONFLICT carries the updating transaction's lock in it).
 */
export async function upsertImportedContact(
  db: Db,
  accountId: number,
  c: ContactFields,
): Promise<{ id: string; created: boolean }> {
  const { rows } = await db.execute<{ id: string; created: boolean }>(sql`
    INSERT INTO contacts (account_id, name, email, phone)
    VALUES (${accountId}, ${c.name}, ${c.email}, ${c.phone})
    ${ON_EMAIL} DO UPDATE SET
      name = CASE WHEN contacts.name = '' THEN EXCLUDED.name ELSE contacts.name END,
      phone = CASE WHEN contacts.phone = '' THEN EXCLUDED.phone ELSE contacts.phone END
    RETURNING id, (xmax = 0) AS created`);
  return rows[0]!;
}

export async function findContact(db: Db, accountId: number, id: string): Promise<ContactRow | undefined> {
  const { rows } = await db.execute<ContactRow>(sql`
    SELECT id, name, email, phone, external_link, provider_schema, external_data
    FROM contacts WHERE id = ${id} AND account_id = ${accountId}`);
  return rows[0];
}

/** The account's deals of a contact, newest number first. */
export async function findRelatedDeals(
  db: Db,
  accountId: number,
  contactId: string,
): Promise<RelatedDealRow[]> {
  const { rows } = await db.execute<RelatedDealRow>(sql`
    SELECT d.id, d.tuid, s.name AS status, d.description, w.slug AS workflow_slug
    FROM deals d JOIN workflow_statuses s ON s.id = d.status_id JOIN workflows w ON w.id = d.workflow_id
    WHERE d.contact_id = ${contactId} AND d.account_id = ${accountId} ORDER BY d.tuid DESC`);
  return rows;
}

/** A contact's name, email and phone; none when the account has no contact with this id. */
export async function updateContactFields(
  db: Db,
  accountId: number,
  id: string,
  c: ContactFields,
): Promise<{ id: string } | undefined> {
  const { rows } = await db.execute<{ id: string }>(sql`
    UPDATE contacts SET name = ${c.name}, email = ${c.email}, phone = ${c.phone}
    WHERE id = ${id} AND account_id = ${accountId} RETURNING id`);
  return rows[0];
}

/** Sets the external fields that were sent (`undefined` keeps a column, `null` clears it). */
export async function updateExternalFields(
  db: Db,
  accountId: number,
  id: string,
  f: ExternalFields,
): Promise<void> {
  await db.execute(sql`
    UPDATE contacts SET
      external_link = CASE WHEN ${f.externalLink !== undefined} THEN ${f.externalLink ?? null} ELSE external_link END,
      provider_schema = CASE WHEN ${f.providerSchema !== undefined} THEN ${f.providerSchema ?? null} ELSE provider_schema END,
      external_data = CASE WHEN ${f.externalData !== undefined} THEN ${JSON.stringify(f.externalData ?? null)}::jsonb ELSE external_data END
    WHERE id = ${id} AND account_id = ${accountId}`);
}

/** The ids of the account's contacts with these emails, by lower-case email. */
export async function findContactIdsByEmail(
  db: Db,
  accountId: number,
  emails: string[],
): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ id: string; email: string }>(sql`
    SELECT id, lower(email) AS email FROM contacts WHERE account_id = ${accountId} AND lower(email) = ANY(${sql.param(emails)}::text[])`);
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** Every contact of the account the filter matches, in the list's order, for the CSV export. */
export async function findContactsForExport(
  db: Db,
  accountId: number,
  q: ContactFilter,
): Promise<ContactFields[]> {
  const { rows } = await db.execute<ContactFields>(sql`
    SELECT name, email, phone FROM contacts WHERE ${matching(accountId, q)} ${ordered(q)}`);
  return rows;
}
