import {
  type Contact,
  type ContactImportSummary,
  type ContactSummary,
  contactMessages,
} from '@slat/contracts';
import { contactsFromCsv, contactsFromVcard, contactsToCsv } from '@slat/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import type { Upload } from '../../lib/uploads';
import * as repo from './contacts.repository';

/** What the contact file import accepts (multipart field `file`). */
export const CONTACT_IMPORT_UPLOAD = { maxBytes: 5 * 1024 * 1024, extensions: ['csv', 'vcf'], field: 'file' };

/** What the list shows: the contacts matching `search`, in the order of `sort` (name by default). */
export type ContactListQuery = {
  search?: string | undefined;
  sort?: repo.ContactSort | undefined;
};

export type ContactQuery = ContactListQuery & { limit: number; offset: number };

function contactFilter(q: ContactListQuery): repo.ContactFilter {
  const text = q.search || undefined;
  // A search that looks like a phone number also matches phones written with other spacing.
  const phoneDigits = text && /^[\d\s()+-]{3,}$/.test(text) ? text.replace(/\D/g, '') : undefined;
  return { text, phoneDigits, sort: q.sort ?? 'name' };
}

export function searchContactsOf(
  db: Db,
  accountId: number,
  q: ContactQuery,
): Promise<{ total: number; data: ContactSummary[] }> {
  return repo.searchContactRows(db, accountId, { ...contactFilter(q), limit: q.limit, offset: q.offset });
}

/** An account has one contact per email: a taken one answers 409 on `email`. */
const emailTaken = () =>
  new AppError('CONFLICT', contactMessages.emailTaken, [
    { path: 'email', message: contactMessages.emailTaken },
  ]);

const isUniqueViolation = (error: unknown): boolean =>
  (error as { cause?: { code?: string } }).cause?.code === '23505' ||
  (error as { code?: string }).code === '23505';

/** A new contact; an email the account's contacts already have answers 409 on `email`. */
export async function addContact(
  db: Db,
  accountId: number,
  input: repo.ContactFields,
): Promise<ContactSummary> {
  const made = await repo.insertContact(db, accountId, input);
  if (!made) throw emailTaken();
  return made;
}

/**
 * A contact's name, email and phone, as typed; a foreign or missing id answers 404, an email another
 * of the account's contacts has answers 409 on `email` (the unique index decides, so two saves at
 * once cannot both take it).
 */
export async function editContact(
  db: Db,
  accountId: number,
  id: string,
  input: repo.ContactFields,
): Promise<Contact> {
  const done = await repo.updateContactFields(db, accountId, id, input).catch((error: unknown) => {
    throw isUniqueViolation(error) ? emailTaken() : error;
  });
  if (!done) throw notFound('Contact not found');
  return loadContact(db, accountId, id);
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

/**
 * The contacts the list shows (every page of its search, in its order) as CSV, with a byte order
 * mark so spreadsheets read UTF-8.
 */
export async function exportContactsCsv(db: Db, accountId: number, q: ContactListQuery): Promise<string> {
  return `\uFEFF${contactsToCsv(await repo.findContactsForExport(db, accountId, contactFilter(q)))}`;
}
