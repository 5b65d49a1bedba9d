import {
  companyBlock,
  formatPdfMoney,
  groupHeading,
  groupLines,
  images,
  optionsText,
  PAGE,
  type PdfCompany,
  type PdfContent,
  type PdfDocument,
  type PdfLine,
  pageFooter,
  sizeText,
  TABLE_LAYOUT,
  type TotalRow,
  totalsTable,
} from './layout';

/** A purchase-order line with its cost (the supplier's price, the line's total). */
export type PurchaseOrderPdfLine = PdfLine & { cost: string | null };

/** One line's difference from the order a revision replaces, as the supplier reads it. */
export type PurchaseOrderPdfChange = {
  kind: 'ADDED' | 'REMOVED' | 'CHANGED';
  windowGroupName: string;
  productName: string;
  fields: { field: string; before: string; after: string }[];
};

export type PurchaseOrderPdfData = {
  title: string;
  /** The dealer placing the order. */
  company: PdfCompany;
  supplier: { name: string; email: string };
  order: {
    number: number;
    revisionNumber: number;
    /** The day it was submitted (or today, for a preview), as printed. */
    date: string;
    sidemark: string;
    notes: string;
  };
  /** What the review chose; an internal workroom has no shipping method, address or freight. */
  delivery: {
    requiredDate: string;
    shippingMethod: string;
    address: string;
    instructions: string;
  };
  lines: PurchaseOrderPdfLine[];
  totals: { cost: string; freight: string | null; total: string };
  /** A revision's changes (null for an original order). */
  changes: PurchaseOrderPdfChange[] | null;
};

function header(data: PurchaseOrderPdfData): PdfContent {
  const { order } = data;
  const facts: PdfContent[] = [
    { text: data.title, style: 'title', alignment: 'right' },
    { text: `Order ${order.number}`, bold: true, alignment: 'right', margin: [0, 4, 0, 0] },
  ];
  if (order.revisionNumber > 1) facts.push({ text: `Revision ${order.revisionNumber}`, alignment: 'right' });
  facts.push({ text: order.date, alignment: 'right', style: 'muted' });
  return {
    columns: [
      { ...(companyBlock(data.company) as object), width: '*' },
      { stack: facts, width: 160 },
    ],
    columnGap: 16,
  };
}

const labelled = (label: string, value: string): PdfContent[] =>
  value ? [{ text: label, style: 'sectionLabel' }, value] : [];

function partiesBlock(data: PurchaseOrderPdfData): PdfContent {
  const supplier: PdfContent[] = [
    { text: 'Supplier', style: 'sectionLabel' },
    { text: data.supplier.name, bold: true },
  ];
  if (data.supplier.email) supplier.push(data.supplier.email);
  supplier.push(...labelled('Sidemark', data.order.sidemark));
  const d = data.delivery;
  const delivery: PdfContent[] = [
    { text: 'Required date', style: 'sectionLabel' },
    d.requiredDate || '—',
    ...labelled('Shipping method', d.shippingMethod),
    ...labelled('Delivery address', d.address),
    ...labelled('Shipping instructions', d.instructions),
  ];
  return { columns: [{ stack: supplier }, { stack: delivery }], columnGap: 16, margin: [0, 8, 0, 0] };
}

function productCell(line: PurchaseOrderPdfLine): PdfContent {
  const stack: PdfContent[] = [
    { text: line.productName, bold: true },
    { text: line.brandName, style: 'small' },
  ];
  const details = optionsText(line);
  if (line.siteMount) details.push(`Mount: ${line.siteMount}`);
  if (details.length) stack.push({ text: details.join(' · '), style: 'small' });
  if (line.notes) stack.push({ text: line.notes, style: 'small', italics: true });
  return { stack };
}

function linesTables(data: PurchaseOrderPdfData): PdfContent[] {
  return groupLines(data.lines).flatMap(([group, lines]) => [
    { text: groupHeading(group), style: 'group' },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: ['*', 120, 30, 80],
        body: [
          [
            { text: 'Product', style: 'tableHeader' },
            { text: 'Size', style: 'tableHeader' },
            { text: 'Qty', style: 'tableHeader', alignment: 'right' },
            { text: 'Cost', style: 'tableHeader', alignment: 'right' },
          ],
          ...lines.map((line) => [
            productCell(line),
            sizeText(line),
            { text: String(line.quantity), alignment: 'right' },
            { text: line.cost === null ? '—' : formatPdfMoney(line.cost), alignment: 'right' },
          ]),
        ],
      },
      layout: TABLE_LAYOUT,
    },
  ]);
}

function totals(data: PurchaseOrderPdfData): PdfContent {
  const rows: TotalRow[] = [['Products', data.totals.cost]];
  if (data.totals.freight !== null) rows.push(['Freight (estimate)', data.totals.freight]);
  rows.push(['Total (ex tax)', data.totals.total, true]);
  return totalsTable(rows);
}

const KIND_LABEL: Record<PurchaseOrderPdfChange['kind'], string> = {
  ADDED: 'Added',
  REMOVED: 'Removed',
  CHANGED: 'Changed',
};

/** What this revision changes against the order it replaces, first, so the supplier sees it at once. */
function changesBlock(data: PurchaseOrderPdfData): PdfContent[] {
  if (data.changes === null) return [];
  const title = { text: `Changes since revision ${data.order.revisionNumber - 1}`, style: 'group' };
  if (data.changes.length === 0) return [title, { text: 'No product changes.', style: 'muted' }];
  return [
    title,
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: [60, '*', '*'],
        body: [
          [
            { text: 'Change', style: 'tableHeader' },
            { text: 'Product', style: 'tableHeader' },
            { text: 'What changed', style: 'tableHeader' },
          ],
          ...data.changes.map((c) => [
            { text: KIND_LABEL[c.kind], bold: true },
            {
              stack: [
                { text: c.productName, bold: true },
                { text: groupHeading(c.windowGroupName), style: 'small' },
              ],
            },
            // "was … now …": the embedded Roboto has no arrow glyph.
            c.fields.length === 0
              ? { text: c.kind === 'ADDED' ? 'New product' : 'No longer ordered', style: 'muted' }
              : { stack: c.fields.map((f) => `${f.field}: was ${f.before}, now ${f.after}`) },
          ]),
        ],
      },
      layout: TABLE_LAYOUT,
    },
  ];
}

/** The purchase-order PDF: what the dealer orders from the supplier. */
export function purchaseOrderDocument(data: PurchaseOrderPdfData): PdfDocument {
  const content: PdfContent[] = [header(data), partiesBlock(data), ...changesBlock(data)];
  if (data.order.notes) content.push(...labelled('Notes', data.order.notes));
  content.push(...linesTables(data), totals(data));
  const label = `Order ${data.order.number}${data.order.revisionNumber > 1 ? ` revision ${data.order.revisionNumber}` : ''}`;
  return {
    ...PAGE,
    info: { title: `${data.title} ${data.order.number}`, author: data.company.name },
    ...pageFooter(label),
    images: images({ logo: data.company.logo }),
    content,
  };
}
