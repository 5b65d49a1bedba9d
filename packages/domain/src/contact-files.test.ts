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

  it('reads any of the three line ends, mixed, a BOM, ragged rows, and stray quotes inside a field', () => {
    expect(parseCsv('\uFEFFName,Phone\r\nA,1\nB\rC,3,extra\r\n\r\n , \nsay "hi",2')).toEqual([
      ['Name', 'Phone'],
      ['A', '1'],
      ['B'],
      ['C', '3', 'extra'],
      ['say "hi"', '2'],
    ]);
  });

  it('keeps the rows before a quote that is never closed, the rest of the file in its last field', () => {
    expect(parseCsv('Name,Phone\nA,1\n"B,2\nC,3\n')).toEqual([['Name', 'Phone'], ['A', '1'], ['B,2\nC,3\n']]);
  });

  it('quotes commas, quotes and every kind of line break, and nothing else', () => {
    expect(
      contactsToCsv([
        { name: 'Smith, Jo', email: 'a"b', phone: 'x\ry' },
        { name: 'Line\nbreak', email: ' spaced ', phone: '' },
      ]),
    ).toBe('Name,Email,Phone\r\n"Smith, Jo","a""b","x\ry"\r\n"Line\nbreak", spaced ,\r\n');
    expect(contactsToCsv([])).toBe('Name,Email,Phone\r\n');
  });

  it('neutralises cells a spreadsheet would run as formulas with a quote, phones included, and reads them back', () => {
    const contacts = [
      { name: '=HYPERLINK("http://x","y")', email: '@SUM(1)', phone: '+61 2 9999 0000' },
      { name: '-2+3', email: '', phone: '\t=1' },
      { name: "'=already quoted", email: "'plain", phone: "'" },
    ];
    const csv = contactsToCsv(contacts);
    expect(csv).toBe(
      [
        'Name,Email,Phone',
        '"\'=HYPERLINK(""http://x"",""y"")","\'@SUM(1)","\'+61 2 9999 0000"',
        '"\'-2+3",,"\'\t=1"',
        `"''=already quoted",'plain,'`,
        '',
      ].join('\r\n'),
    );
    expect(
      parseCsv(csv)
        .flat()
        .filter((cell) => /^[=+\-@\t\r]/.test(cell)),
    ).toEqual([]);
    expect(contactsFromCsv(csv).map(({ name, email, phone }) => ({ name, email, phone }))).toEqual([
      contacts[0],
      { ...contacts[1], phone: '=1' },
      contacts[2],
    ]);
  });

  it('leaves every exported cell starting with something a spreadsheet reads as text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 12 }), { minLength: 3, maxLength: 3 }),
        ([name, email, phone]) => {
          const cells = parseCsv(contactsToCsv([{ name: name!, email: email!, phone: phone! }])).flat();
          expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
        },
      ),
    );
  });
});

describe('vCard', () => {
  const vcard = (version: string, ...lines: string[]) =>
    ['BEGIN:VCARD', `VERSION:${version}`, ...lines, 'END:VCARD'].join('\r\n');

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

  it('reads vCard 2.1 as Outlook and old phones write it: bare types, soft line breaks', () => {
    const text = vcard(
      '2.1',
      'N;LANGUAGE=en-au:Bennett;Olivia',
      'TEL;WORK;VOICE:(02) 9999 0000',
      'EMAIL;PREF;INTERNET:olivia@example.com',
      'NOTE;ENCODING=QUOTED-PRINTABLE:one=0D=0A=',
      'two',
    );
    expect(contactsFromVcard(text)).toEqual([
      { line: 1, name: 'Olivia Bennett', email: 'olivia@example.com', phone: '(02) 9999 0000', errors: [] },
    ]);
  });

  it('unescapes text, takes the first non-empty value, and strips a tel: URI', () => {
    const text = vcard(
      '4.0',
      'FN:Smith\\, Jo\\; the\\nsecond',
      'EMAIL:',
      'EMAIL;TYPE=work:second@example.com',
      'TEL;VALUE=uri:tel:+61-2-9999-0000',
    ).replace(/\r\n/g, '\n');
    expect(contactsFromVcard(text)).toEqual([
      {
        line: 1,
        name: 'Smith, Jo; the second',
        email: 'second@example.com',
        phone: '+61-2-9999-0000',
        errors: [],
      },
    ]);
  });

  it('flags a card it cannot read and still reads the others; text outside cards is ignored', () => {
    const cards = ['FN:One', 'FN;X="open:Two', 'FN:Three'].map((fn) => vcard('3.0', fn));
    const rows = contactsFromVcard(['junk', ...cards].join('\r\n'));
    expect(rows.map((r) => [r.line, r.name, r.errors.length])).toEqual([
      [1, 'One', 0],
      [2, '', 1],
      [3, 'Three', 0],
    ]);
    expect(rows[1]?.errors[0]).toMatch(/^This card could not be read: /);
    expect(contactsFromVcard('not a vCard at all')).toEqual([]);
  });
});
