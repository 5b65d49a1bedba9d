import type { Contact, ContactImportSummary, ContactSummary } from '@slat/contracts';
import { contactsFromCsv, contactsFromVcard, contactsToCsv } from '@slat/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
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

/** An account has one contact per email (an import merges into it rather than adding another). */
const DUPLICATE_EMAIL = 'A contact with this email already exists';

/** A new contact; an email the account's contacts already have answers 409 on `email`. */
export async function addContact(
  db: Db,
  accountId: number,
  input: repo.ContactFields,
): Promise<ContactSummary> {
  const made = await repo.insertContact(db, accountId, input);
  if (!made) throw new AppError('CONFLICT', DUPLICATE_EMAIL, [{ path: 'email', message: DUPLICATE_EMAIL }]);
  return made;
}

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

type ImportRow = ContactImportSummary['rows'][number];

const summarise = (rows: ImportRow[]): ContactImportSummary => ({
  rows,
  created: rows.filter((r) => r.action === 'create').length,
  merged: rows.filter((r) => r.action === 'merge').length,
  skipped: rows.filter((r) => r.action === 'skip').length,
});

/**
 * Reads the uploaded file and decides per row (create, merge by email, skip); when asked, applies
 * it and answers what was done, which a parallel import of the same rows may have changed.
 */
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
  const rows = parsed.map((r): ImportRow => {
    const key = r.email.toLowerCase();
    const action: ImportRow['action'] =
      r.errors.length > 0 ? 'skip' : key && (known.has(key) || seen.has(key)) ? 'merge' : 'create';
    if (key && action !== 'skip') seen.add(key);
    return { ...r, action };
  });
  if (!apply) return summarise(rows);
  return summarise(await db.transaction((tx) => applyImport(tx, accountId, rows)));
}

/**
 * Writes the rows that are not skipped, each as an upsert on the account's email (a row whose email
 * another import has just created merges into that contact), and answers every row with what was
 * done. The rows go in order of email, the order every import takes the email index's locks in, so
 * parallel imports wait for each other rather than deadlock.
 */
async function applyImport(tx: Db, accountId: number, rows: ImportRow[]): Promise<ImportRow[]> {
  const done = [...rows];
  const order = rows
    .map((r, i) => ({ key: r.email.toLowerCase(), i }))
    .filter(({ i }) => rows[i]!.action !== 'skip')
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
  for (const { i } of order) {
    const { created } = await repo.upsertImportedContact(tx, accountId, rows[i]!);
    done[i] = { ...rows[i]!, action: created ? 'create' : 'merge' };
  }
  return done;
}

/** All the account's contacts as CSV (with a byte order mark, so spreadsheets read UTF-8). */
export async function exportContactsCsv(db: Db, accountId: number): Promise<string> {
  return `\uFEFF${contactsToCsv(await repo.findContactsForExport(db, accountId))}`;
}
