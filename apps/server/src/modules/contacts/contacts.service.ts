import type { Contact, ContactImportSummary, ContactSummary } from '@slat/contracts';
import { contactsFromCsv, contactsFromVcard, contactsToCsv } from '@slat/domain';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import type { Upload } from '../../lib/uploads';
import * as repo from './contacts.repository';

/** What the contact file import accepts (multipart field `file`). */
export const CONTACT_IMPORT_UPLOAD = { maxBytes: 5 * 1024 * 1024, extensions: ['csv', 'vcf'], field: 'file' };

export type ContactQuery = {
  search?: string | undefined;
  sort?: repo.ContactSort | undefined;
  limit: number;
  offset: number;
};

export function searchContactsOf(
  db: Db,
  accountId: number,
  q: ContactQuery,
): Promise<{ total: number; data: ContactSummary[] }> {
  const text = q.search || undefined;
  // A search that looks like a phone number also matches phones written with other spacing.
  const phoneDigits = text && /^[\d\s()+-]{3,}$/.test(text) ? text.replace(/\D/g, '') : undefined;
  return repo.searchContactRows(db, accountId, {
    text,
    phoneDigits,
    sort: q.sort ?? 'name',
    limit: q.limit,
    offset: q.offset,
  });
}

export const addContact = (db: Db, accountId: number, input: repo.ContactFields): Promise<ContactSummary> =>
  repo.insertContact(db, accountId, input);

/** A contact of the account with its related deals; a foreign or missing id answers 404. */
export async function loadContact(db: Db, accountId: number, id: string): Promise<Contact> {
  const c = await repo.findContact(db, accountId, id);
  if (!c) throw notFound('Contact not found');
  const deals = await repo.findRelatedDeals(db, accountId, c.id);
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

export async function updateContactExternalData(
  db: Db,
  accountId: number,
  id: string,
  input: repo.ExternalFields,
): Promise<Contact> {
  await loadContact(db, accountId, id);
  await repo.updateExternalFields(db, accountId, id, input);
  return loadContact(db, accountId, id);
}

/** Reads the uploaded file, decides per row (create, merge by email, skip), and applies it when asked. */
export async function importContactFile(
  db: Db,
  accountId: number,
  upload: Upload,
  apply: boolean,
): Promise<ContactImportSummary> {
  const text = upload.buffer.toString('utf8');
  const parsed = upload.extension === 'vcf' ? contactsFromVcard(text) : contactsFromCsv(text);
  const emails = parsed.map((r) => r.email.toLowerCase()).filter(Boolean);
  const known = await repo.findContactIdsByEmail(db, accountId, emails);
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
        await repo.fillMissingContactFields(tx, accountId, id, r);
      } else {
        const made = await repo.insertContact(tx, accountId, r);
        if (key) ids.set(key, made.id);
      }
    }
  });
  return summary;
}

/** All the account's contacts as CSV (with a byte order mark, so spreadsheets read UTF-8). */
export async function exportContactsCsv(db: Db, accountId: number): Promise<string> {
  return `\uFEFF${contactsToCsv(await repo.findContactsForExport(db, accountId))}`;
}
