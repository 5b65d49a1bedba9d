/** Contact import and export formats: CSV (RFC 4180) and vCard 3/4. Pure functions. */

/** `line`: the row's line in a CSV file (header is line 1), or the card's position in a vCard file. */
export type ImportedContact = { line: number; name: string; email: string; phone: string; errors: string[] };

/** Parses CSV text into rows of fields: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

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
    const get = (k: number) => (k >= 0 ? (r[k] ?? '').trim() : '');
    const full = get(name) || [get(first), get(last)].filter(Boolean).join(' ');
    return check({ line: i + 2, name: full, email: get(email), phone: get(phone) });
  });
}

/** Contacts from vCard text (one or more BEGIN:VCARD … END:VCARD blocks; folded lines joined). */
export function contactsFromVcard(text: string): ImportedContact[] {
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .replace(/\n[ \t]/g, '')
    .split(/\r?\n/);
  const out: ImportedContact[] = [];
  let current: { line: number; name: string; email: string; phone: string; n: string } | undefined;
  for (const raw of lines) {
    const line = raw.trim();
    const upper = line.toUpperCase();
    if (upper === 'BEGIN:VCARD') current = { line: out.length + 1, name: '', email: '', phone: '', n: '' };
    else if (upper === 'END:VCARD' && current) {
      const fromN = current.n.split(';').slice(0, 2).reverse().filter(Boolean).join(' ');
      out.push(
        check({
          line: current.line,
          name: current.name || fromN,
          email: current.email,
          phone: current.phone,
        }),
      );
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const key = line.slice(0, colon).split(';')[0]!.split('.').pop()!.toUpperCase();
      const value = line
        .slice(colon + 1)
        .replace(/\\,/g, ',')
        .replace(/\\;/g, ';')
        .replace(/\\n/gi, ' ')
        .trim();
      if (key === 'FN') current.name = value;
      else if (key === 'N') current.n = value;
      else if (key === 'EMAIL' && !current.email) current.email = value;
      else if (key === 'TEL' && !current.phone) current.phone = value.replace(/^tel:/i, '');
    }
  }
  return out;
}

const csvField = (v: string) => (/[",\r\n]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** CSV of contacts; fields that a spreadsheet would read as formulas are quoted. */
export function contactsToCsv(contacts: readonly { name: string; email: string; phone: string }[]): string {
  const lines = [
    'Name,Email,Phone',
    ...contacts.map((c) => [c.name, c.email, c.phone].map(csvField).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
