import { afterAll, describe, expect, it } from 'vitest';
import { formatPdfMoney, groupHeading, groupLines, sizeText } from './layout';
import { type QuotePdfData, quoteDocument } from './quote-document';
import { closePdfRenderer, renderPdf } from './renderer';
import { installSheetDocument, measureSheetDocument, type SiteSheetData } from './site-sheets';

const company = {
  name: 'Harbour Blinds',
  address: '1 Wharf St',
  phone: '02 9555 0142',
  email: 'a@b.test',
  details: '',
  logo: null,
};
const line = (windowGroupName: string, productName: string) => ({
  windowGroupName,
  productName,
  brandName: 'Coastline',
  quantity: 1,
  width: '36 3/8"',
  height: '1200 mm',
  options: [{ group: 'Control', items: ['Chain left'] }],
  notes: '',
  siteMount: 'Recess',
});
const lines = [line('Home/Lounge', 'Roller'), line('Home/Lounge', 'Sheer'), line('Home/Bed', 'Honeycomb')];
const site: SiteSheetData = {
  title: 'Measure sheet',
  company,
  customer: null,
  quote: { number: 7, date: '24 November 2026', dealName: 'Job', description: '' },
  site: { address: '', accessNotes: '' },
  lines,
};
const pricing = {
  sellTotalOrderLinesIncTax: '110.00',
  sellTotalOrderLinesExTax: '100.00',
  sellTotalTaxable: '110.00',
  sellTaxCalculated: '10.00',
  sellTaxOverride: null,
  sellTaxTotal: '10.00',
  sellGrandTotalExTax: '100.00',
  sellGrandTotalIncTax: '110.00',
  depositAmountCalculated: '55.00',
  depositAmountOverride: null,
  depositAmount: '55.00',
  isPricingValid: true,
  adjustments: [],
};
const quote: QuotePdfData = {
  title: 'Quote',
  company,
  bindingText: 'Terms',
  customer: { name: 'Casey', email: '', phone: '' },
  quote: {
    number: 7,
    revisionNumber: 1,
    date: '24 November 2026',
    dealName: 'Job',
    description: '',
    customerNotes: '',
  },
  taxMode: 'INCLUSIVE',
  taxPercentage: '10.00',
  lines: lines.map((l) => ({ ...l, price: '36.67' })),
  pricing,
  acceptance: null,
};

/** Every object node of a definition that is reached twice (pdfmake writes its layout into nodes). */
function sharedNodes(value: unknown, seen = new Set<object>(), shared: object[] = []): object[] {
  if (value === null || typeof value !== 'object') return shared;
  if (seen.has(value)) {
    shared.push(value);
    return shared;
  }
  seen.add(value);
  for (const child of Object.values(value)) sharedNodes(child, seen, shared);
  return shared;
}

const countBoxes = (value: unknown): number => JSON.stringify(value).split('"type":"rect"').length - 1;

describe('PDF documents', () => {
  it('use no node twice, so every check box and row is drawn', () => {
    for (const doc of [measureSheetDocument(site), installSheetDocument(site), quoteDocument(quote)])
      expect(sharedNodes(doc.content)).toEqual([]);
  });

  it('give the measure sheet one box per line and the install sheet two', () => {
    expect(countBoxes(measureSheetDocument(site).content)).toBe(3);
    expect(countBoxes(installSheetDocument(site).content)).toBe(6);
  });

  it('are plain data a worker thread can receive', () => {
    for (const doc of [measureSheetDocument(site), quoteDocument(quote)])
      expect(structuredClone(doc)).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});

describe('PDF text helpers', () => {
  it('writes money with two decimals, grouped, the sign first', () => {
    expect(formatPdfMoney('0')).toBe('$0.00');
    expect(formatPdfMoney('1234.5')).toBe('$1,234.50');
    expect(formatPdfMoney('1234567.891')).toBe('$1,234,567.89');
    expect(formatPdfMoney('-20')).toBe('-$20.00');
    expect(formatPdfMoney('999.995')).toBe('$1,000.00');
  });

  it('names window groups by their path and keeps sizes as entered', () => {
    expect(groupHeading('Home/Lounge/Left window')).toBe('Home › Lounge › Left window');
    expect(groupHeading('')).toBe('Other');
    expect(groupLines(lines).map(([g, ls]) => [g, ls.length])).toEqual([
      ['Home/Lounge', 2],
      ['Home/Bed', 1],
    ]);
    expect(sizeText({ width: '36 3/8"', height: '1200 mm' })).toBe('36 3/8" × 1200 mm');
    expect(sizeText({ width: null, height: '1200 mm' })).toBe('1200 mm');
    expect(sizeText({ width: null, height: null })).toBe('—');
  });
});

/** Each page's text of a rendered document. */
async function pageTexts(data: QuotePdfData): Promise<string[]> {
  const bytes = await renderPdf(quoteDocument(data));
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

const accepted: QuotePdfData['acceptance'] = {
  signerName: 'Riley Customer',
  recordedBy: 'Sam Staff',
  name: 'Sam Staff',
  date: '27 November 2026',
  signed: true,
  signature: null,
};

describe('The quote PDF', () => {
  afterAll(closePdfRenderer);

  it('keeps the total, the deposit and the balance on one page however many lines push them to a page end', async () => {
    const pagesOfTotals: number[] = [];
    for (let count = 19; count <= 25; count++) {
      const many = Array.from({ length: count }, (_, i) => ({
        ...line(`Home/Room ${Math.floor(i / 4) + 1}`, `Roller ${i + 1}`),
        price: '36.67',
      }));
      const pages = await pageTexts({ ...quote, lines: many, acceptance: accepted });
      const pageOf = (text: string) => pages.findIndex((p) => p.includes(text));
      const total = pageOf('Total (inc tax)');
      expect(total, `${count} lines`).toBeGreaterThanOrEqual(0);
      expect(pageOf('Deposit'), `${count} lines`).toBe(total);
      expect(pageOf('Balance on completion'), `${count} lines`).toBe(total);
      pagesOfTotals.push(total);
    }
    // The range reaches past a page end: the totals moved to the next page at some count.
    expect(new Set(pagesOfTotals).size).toBeGreaterThan(1);
  }, 60_000);

  it('says who signed and, apart, who recorded it', async () => {
    const text = (await pageTexts({ ...quote, acceptance: accepted })).join(' ');
    expect(text).toContain('Signed by Riley Customer on 27 November 2026');
    expect(text).toContain('Recorded by Sam Staff');
    const unsigned = (await pageTexts({ ...quote, acceptance: { ...accepted, signed: false } })).join(' ');
    expect(unsigned).toContain('Accepted without signature by Riley Customer on 27 November 2026');
    expect(unsigned).toContain('Recorded by Sam Staff');
  });
});
