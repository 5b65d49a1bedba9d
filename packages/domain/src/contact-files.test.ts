import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactsFromCsv, contactsFromVcard, contactsToCsv, parseCsv } from './contact-files';

describe('CSV', () => {
  it('parses quotes, commas, doubled quotes and line breaks inside fields', () => {
    expect(parseCsv('a,"b, c","say ""hi""\nthere"\r\n1,2,3\n')).toEqual([
      ['a', 'b, c', 'say "hi"\nthere'],
      ['1', '2', '3'],
    ]);
  });

  it('reads contacts by header names, joining first and last names, and flags bad rows with their line', () => {
    const rows = contactsFromCsv(
      'First Name,Last Name,E-mail,Mobile\nOlivia,Bennett,olivia@example.com,0412 345 678\n,,nope,\n',
    );
    expect(rows).toEqual([
      { line: 2, name: 'Olivia Bennett', email: 'olivia@example.com', phone: '0412 345 678', errors: [] },
      {
        line: 3,
        name: '',
        email: 'nope',
        phone: '',
        errors: ['Name is required', "'nope' is not a valid email address"],
      },
    ]);
  });

  it('round-trips any contacts through export and import', () => {
    const text = fc.string({ maxLength: 20 }).map((s) => s.replace(/\r/g, ''));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: text.filter((s) => s.trim() === s && s !== ''),
            email: fc.constant(''),
            phone: text.map((s) => s.trim()),
          }),
          { maxLength: 10 },
        ),
        (contacts) => {
          const back = contactsFromCsv(contactsToCsv(contacts)).map(({ name, email, phone }) => ({
            name,
            email,
            phone,
          }));
          expect(back).toEqual(contacts.filter((c) => c.name || c.phone));
        },
      ),
    );
  });

  it('quotes fields a spreadsheet would run as formulas', () => {
    expect(contactsToCsv([{ name: '=HYPERLINK("x")', email: '', phone: '+61 2' }])).toBe(
      'Name,Email,Phone\r\n"=HYPERLINK(""x"")",,"+61 2"\r\n',
    );
  });
});

describe('vCard', () => {
  it('reads FN (or N), the first EMAIL and TEL, across folded lines and several cards', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Jack Nguyen',
      'EMAIL;TYPE=INTERNET:jack@',
      ' example.com',
      'TEL;TYPE=CELL:0423 456 789',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:4.0',
      'N:Chen;William;;;',
      'item1.EMAIL:will@example.com',
      'END:VCARD',
    ].join('\r\n');
    expect(contactsFromVcard(text)).toEqual([
      { line: 1, name: 'Jack Nguyen', email: 'jack@example.com', phone: '0423 456 789', errors: [] },
      { line: 2, name: 'William Chen', email: 'will@example.com', phone: '', errors: [] },
    ]);
  });
});
