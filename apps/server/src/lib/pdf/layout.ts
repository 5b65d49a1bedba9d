import { fromScaled, toScaled } from '@slat/domain';

/**
 * A pdfmake document definition: plain data (it is sent to the worker thread as is). Images are
 * data URLs only; the worker reads no file and no URL on a document's behalf.
 */
export type PdfDocument = Record<string, unknown>;
export type PdfContent = Record<string, unknown> | string | PdfContent[];

/** Money in a PDF: two decimals, thousands grouped, the sign before the symbol ("-$1,234.50"). */
export function formatPdfMoney(value: string): string {
  const text = fromScaled(toScaled(value), 2);
  const negative = text.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}$${grouped}.${cents}`;
}

/** A percentage as entered, without trailing zeros ("10.00" → "10"). */
export function formatPercent(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

/** The company as its documents show it. */
export type PdfCompany = {
  name: string;
  address: string;
  phone: string;
  email: string;
  /** Dealer settings: the free text under the company's name. */
  details: string;
  /** The logo as a PNG or JPEG data URL, or null. */
  logo: string | null;
};

export type PdfCustomer = { name: string; email: string; phone: string };

/** One order line as a document shows it: sizes exactly as entered (the line's display strings). */
export type PdfLine = {
  windowGroupName: string;
  productName: string;
  brandName: string;
  quantity: number;
  width: string | null;
  height: string | null;
  options: { group: string; items: string[] }[];
  notes: string;
  siteMount: string;
};

export const PAGE = {
  pageSize: 'A4',
  pageMargins: [40, 48, 40, 56],
  defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15, color: '#1f2933' },
  styles: {
    title: { fontSize: 20, bold: true, color: '#102a43' },
    companyName: { fontSize: 13, bold: true },
    muted: { color: '#52606d' },
    small: { fontSize: 8, color: '#52606d' },
    group: { fontSize: 11, bold: true, margin: [0, 12, 0, 4], color: '#102a43' },
    tableHeader: { bold: true, fillColor: '#eef2f7' },
    sectionLabel: { bold: true, fontSize: 9, margin: [0, 10, 0, 2] },
    totalLabel: { alignment: 'right' },
    totalValue: { alignment: 'right' },
    grandTotal: { bold: true, fontSize: 11, alignment: 'right' },
  },
} as const;

/**
 * The table layout the worker registers (light rules between rows, none at the sides): layouts
 * and footers are functions, which cannot cross to the worker thread, so documents name them.
 */
export const TABLE_LAYOUT = 'slat';

/** "Quote 12 · Page 2 of 5" under every page (the worker makes the footer from this label). */
export const pageFooter = (label: string) => ({ slatFooter: label });

/**
 * An empty square for a tick by hand, centred in its cell. A new object every time: pdfmake
 * writes its layout into the nodes, so a node must not appear twice in a document.
 */
export function checkBox(): PdfContent {
  return {
    columns: [
      { text: '', width: '*' },
      {
        canvas: [{ type: 'rect', x: 0, y: 1, w: 10, h: 10, lineWidth: 0.8, lineColor: '#1f2933' }],
        width: 12,
      },
      { text: '', width: '*' },
    ],
  };
}

/** The window group's heading: its path as the dealer wrote it ("Home/Lounge/Left window" → "Home › Lounge › Left window"). */
export function groupHeading(name: string): string {
  const parts = name
    .split('/')
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length === 0 ? 'Other' : parts.join(' › ');
}

/** Lines grouped by window group, in the lines' order (they come in window order). */
export function groupLines<L extends { windowGroupName: string }>(lines: readonly L[]): [string, L[]][] {
  const groups = new Map<string, L[]>();
  for (const line of lines) {
    const group = groups.get(line.windowGroupName);
    if (group) group.push(line);
    else groups.set(line.windowGroupName, [line]);
  }
  return [...groups];
}

/** A line's options as "Control: Chain left", one per option group. */
export function optionsText(line: Pick<PdfLine, 'options'>): string[] {
  return line.options.map((o) => `${o.group}: ${o.items.join(', ')}`);
}

/** "1810 mm × 2100 mm", or the one size there is, or an em dash. */
export function sizeText(line: Pick<PdfLine, 'width' | 'height'>): string {
  if (line.width && line.height) return `${line.width} × ${line.height}`;
  return line.width ?? line.height ?? '—';
}

/** The company block: logo (if any) beside the name, address, phone, email and details text. */
export function companyBlock(company: PdfCompany): PdfContent {
  const text: PdfContent[] = [{ text: company.name, style: 'companyName' }];
  for (const line of [company.address, company.phone, company.email]) if (line) text.push(line);
  if (company.details) text.push({ text: company.details, style: 'muted', margin: [0, 4, 0, 0] });
  return company.logo
    ? {
        columns: [
          { image: 'logo', fit: [110, 60], width: 120 },
          { stack: text, width: '*' },
        ],
        columnGap: 10,
      }
    : { stack: text };
}

/** The document's images, named as the content refers to them. */
export function images(entries: Record<string, string | null>): Record<string, string> {
  return Object.fromEntries(Object.entries(entries).filter((e): e is [string, string] => e[1] !== null));
}

/** A totals row: label, amount (decimal string) and whether it is the grand total. */
export type TotalRow = [label: string, amount: string, grand?: boolean];

/** The totals, right-aligned under the lines, kept together on one page. */
export function totalsTable(rows: readonly TotalRow[]): PdfContent {
  return {
    columns: [
      { text: '', width: '*' },
      {
        width: 260,
        table: {
          widths: ['*', 100],
          body: rows.map(([label, amount, grand]) => [
            { text: label, style: grand ? 'grandTotal' : 'totalLabel' },
            { text: formatPdfMoney(amount), style: grand ? 'grandTotal' : 'totalValue' },
          ]),
        },
        layout: TABLE_LAYOUT,
      },
    ],
    unbreakable: true,
    margin: [0, 14, 0, 0],
  };
}
