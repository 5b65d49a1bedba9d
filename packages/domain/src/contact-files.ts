/**
 * Contact import and export formats: CSV (RFC 4180, read with csv-parse, written with
 * csv-stringify) and vCard 2.1/3/4 (read with ical.js). Pure functions. Decision 008.
 */
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ICAL from 'ical.js';

/** `line`: the row's line in a CSV file (header is line 1), or the card's position in a vCard file. */
export type ImportedContact = { line: number; name: string; email: string; phone: string; errors: string[] };

const readCsv = (text: string): string[][] =>
  parse(text, {
    bom: true,
    // Any of the three line ends, even mixed in one file (spreadsheets and editors differ).
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    // A stray quote inside an unquoted field is kept as text, not an error.
    relax_quotes: true,
  });

/** Parses CSV text into rows of fields: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  let rows: string[][];
  try {
    rows = readCsv(text);
  } catch (error) {
    // A quote left open runs to the end of the file: the rows read so far stay, and the last
    // field holds the rest, for the preview to show.
    if (!(error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED')) throw error;
    rows = readCsv(`${text}"`);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/**
 * CSV injection (OWASP): a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@`, tab or CR
 * as a formula (`=HYPERLINK(…)`, DDE). The export writes such a cell with a single quote before it,
 * so it is shown as text, phone numbers like `+61 2 9999 0000` included; a cell that already
 * starts with quotes before one of those gets one more, so that the import can take exactly one
 * off and every cell reads back as it was.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;
const neutralise = (cell: string) => (FORMULA_START.test(cell) ? `'${cell}` : cell);
/** The cell `neutralise` was given. */
const restore = (cell: string) => (NEUTRALISED.test(cell) ? cell.slice(1) : cell);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function check(c: Omit<ImportedContact, 'errors'>): ImportedContact {
  const errors: string[] = [];
  if (!c.name) errors.push('Name is required');
  if (c.email && !EMAIL.test(c.email)) errors.push(`'${c.email}' is not a valid email address`);
  return { ...c, errors };
}

/** Contacts from a CSV with a header row naming name (or first/last name), email and phone columns. */
export function contactsFromCsv(text: string): ImportedContact[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const col = (...names: string[]) => header.findIndex((h) => names.includes(h.trim().toLowerCase()));
  const name = col('name', 'full name', 'fullname', 'display name');
  const first = col('first name', 'firstname', 'given name');
  const last = col('last name', 'lastname', 'surname', 'family name');
  const email = col('email', 'e-mail', 'email address');
  const phone = col('phone', 'mobile', 'phone number', 'telephone');
  return rows.map((r, i) => {
    // A cell the export neutralised (`'=…`, `'+61 …`) reads back as it was.
    const get = (k: number) => (k >= 0 ? restore(r[k] ?? '').trim() : '');
    const full = get(name) || [get(first), get(last)].filter(Boolean).join(' ');
    return check({ line: i + 2, name: full, email: get(email), phone: get(phone) });
  });
}

/** Each BEGIN:VCARD … END:VCARD block, so that one card the parser refuses does not lose the others. */
const CARD = /^BEGIN:VCARD\r?$[\s\S]*?^END:VCARD\r?$/gim;

/**
 * What vCard 2.1 writes and ical.js (vCard 3/4) refuses: bare type parameters (`TEL;CELL;VOICE:`,
 * which 3.0 spells `TEL;TYPE=CELL;TYPE=VOICE:`) and lines that are not properties at all.
 */
function toVcard3(card: string): string {
  return card
    .split(/\r?\n/)
    .filter((line) => /^[ \t]/.test(line) || line.includes(':'))
    .map((line) =>
      /^[ \t]/.test(line)
        ? line
        : line.replace(/^[^:]*/, (head) => head.replace(/;(?=[^;=]*(;|$))/g, ';TYPE=')),
    )
    .join('\r\n');
}

/**
 * A text value on one line. ical.js leaves `\;` escaped in single-valued vCard properties
 * (kewisch/ical.js#173), where RFC 6350 3.4 allows the escape.
 */
const plain = (value: unknown) =>
  String(value ?? '')
    .replace(/\\;/g, ';')
    .replace(/\r?\n/g, ' ')
    .trim();

function contactFromCard(card: ICAL.Component, line: number): ImportedContact {
  const first = (name: string) =>
    card
      .getAllProperties(name)
      .map((p) => plain(p.getFirstValue()))
      .find(Boolean) ?? '';
  const n = card.getFirstPropertyValue('n');
  const [family = '', given = ''] = (Array.isArray(n) ? n : [n]).map(plain);
  return check({
    line,
    name: first('fn') || [given, family].filter(Boolean).join(' '),
    email: first('email'),
    phone: first('tel').replace(/^tel:/i, ''),
  });
}

/** Contacts from vCard text (one or more BEGIN:VCARD … END:VCARD blocks; folded lines joined). */
export function contactsFromVcard(text: string): ImportedContact[] {
  return Array.from(text.matchAll(CARD), ([card], i) => {
    try {
      return contactFromCard(new ICAL.Component(ICAL.parse(toVcard3(card))), i + 1);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return {
        line: i + 1,
        name: '',
        email: '',
        phone: '',
        errors: [`This card could not be read: ${reason}`],
      };
    }
  });
}

/** CSV of contacts; cells a spreadsheet would run as formulas are neutralised and quoted. */
export function contactsToCsv(contacts: readonly { name: string; email: string; phone: string }[]): string {
  return stringify(
    contacts.map((c) => [c.name, c.email, c.phone].map(neutralise)),
    {
      header: true,
      columns: ['Name', 'Email', 'Phone'],
      record_delimiter: 'windows',
      quote_record_delimiter: true,
      quoted_match: NEUTRALISED,
    },
  );
}
