import type { QuotePricing } from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import {
  companyBlock,
  formatPdfMoney,
  formatPercent,
  groupHeading,
  groupLines,
  images,
  optionsText,
  PAGE,
  type PdfCompany,
  type PdfContent,
  type PdfCustomer,
  type PdfDocument,
  type PdfLine,
  pageFooter,
  sizeText,
  TABLE_LAYOUT,
  type TotalRow,
  totalsTable,
} from './layout';

/** A quote line with its price as the quote shows it (inc tax in INCLUSIVE mode, ex tax in EXCLUSIVE). */
export type QuotePdfLine = PdfLine & { price: string | null };

export type QuotePdfData = {
  title: string;
  company: PdfCompany;
  /** Dealer settings: the terms the customer accepts by signing. */
  bindingText: string;
  customer: PdfCustomer | null;
  quote: {
    number: number;
    revisionNumber: number;
    date: string;
    dealName: string;
    description: string;
    customerNotes: string;
  };
  taxMode: 'INCLUSIVE' | 'EXCLUSIVE';
  taxPercentage: string;
  lines: QuotePdfLine[];
  pricing: QuotePricing;
  /**
   * Once accepted: who signed (asked in the accept dialog; null on older acceptances), the staff
   * member who recorded it (null when the customer accepted themselves), the name to show when
   * no signer was asked, when, and the signature (a PNG data URL; null without one, or when a
   * stored one could not be read although `signed`).
   */
  acceptance: {
    signerName: string | null;
    recordedBy: string | null;
    name: string;
    date: string;
    signed: boolean;
    signature: string | null;
  } | null;
};

function header(data: QuotePdfData): PdfContent {
  const { quote } = data;
  const facts: PdfContent[] = [
    { text: data.title, style: 'title', alignment: 'right' },
    { text: `Quote ${quote.number}`, bold: true, alignment: 'right', margin: [0, 4, 0, 0] },
  ];
  if (quote.revisionNumber > 1) facts.push({ text: `Revision ${quote.revisionNumber}`, alignment: 'right' });
  facts.push({ text: quote.date, alignment: 'right', style: 'muted' });
  return {
    columns: [
      { ...(companyBlock(data.company) as object), width: '*' },
      { stack: facts, width: 160 },
    ],
    columnGap: 16,
  };
}

function customerBlock(data: QuotePdfData): PdfContent {
  const lines: PdfContent[] = [{ text: 'Prepared for', style: 'sectionLabel' }];
  if (data.customer) {
    lines.push({ text: data.customer.name, bold: true });
    for (const line of [data.customer.email, data.customer.phone]) if (line) lines.push(line);
  } else lines.push({ text: data.quote.dealName, bold: true });
  const about: PdfContent[] = [{ text: 'Job', style: 'sectionLabel' }, data.quote.dealName];
  if (data.quote.description) about.push({ text: data.quote.description, style: 'muted' });
  return { columns: [{ stack: lines }, { stack: about }], columnGap: 16, margin: [0, 8, 0, 0] };
}

function productCell(line: QuotePdfLine): PdfContent {
  const stack: PdfContent[] = [
    { text: line.productName, bold: true },
    { text: line.brandName, style: 'small' },
  ];
  const details = optionsText(line);
  if (line.siteMount) details.push(`Mount: ${line.siteMount}`);
  // One run of small text that wraps: a line's rows stay short, so a page holds more of them.
  if (details.length) stack.push({ text: details.join(' · '), style: 'small' });
  if (line.notes) stack.push({ text: line.notes, style: 'small', italics: true });
  return { stack };
}

function linesTables(data: QuotePdfData): PdfContent[] {
  const priceLabel = data.taxMode === 'INCLUSIVE' ? 'Price (inc tax)' : 'Price (ex tax)';
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
            { text: priceLabel, style: 'tableHeader', alignment: 'right' },
          ],
          ...lines.map((line) => [
            productCell(line),
            sizeText(line),
            { text: String(line.quantity), alignment: 'right' },
            { text: line.price === null ? '—' : formatPdfMoney(line.price), alignment: 'right' },
          ]),
        ],
      },
      layout: TABLE_LAYOUT,
    },
  ]);
}

/** The totals per the tax mode (DESIGN §5): what the customer pays, the tax in it, the deposit. */
function totals(data: QuotePdfData): PdfContent {
  const p = data.pricing;
  const rate = formatPercent(data.taxPercentage);
  const rows: TotalRow[] = [];
  if (data.taxMode === 'EXCLUSIVE') {
    rows.push(['Subtotal (ex tax)', p.sellTotalOrderLinesExTax]);
    for (const a of p.adjustments) rows.push([a.label, a.amountExTax]);
    rows.push([`Tax (${rate}%)`, p.sellTaxTotal]);
    rows.push(['Total (inc tax)', p.sellGrandTotalIncTax, true]);
  } else {
    rows.push(['Subtotal (inc tax)', p.sellTotalOrderLinesIncTax]);
    for (const a of p.adjustments) rows.push([a.label, a.amountIncTax]);
    rows.push(['Total (inc tax)', p.sellGrandTotalIncTax, true]);
    rows.push([`Includes tax (${rate}%) of`, p.sellTaxTotal]);
  }
  rows.push(['Deposit', p.depositAmount]);
  rows.push([
    'Balance on completion',
    fromScaled(toScaled(p.sellGrandTotalIncTax) - toScaled(p.depositAmount), 2),
  ]);
  return totalsTable(rows);
}

function acceptanceBlock(data: QuotePdfData): PdfContent {
  const a = data.acceptance;
  if (!a)
    return {
      unbreakable: true,
      stack: [
        { text: 'Acceptance', style: 'sectionLabel' },
        {
          columns: [
            { text: 'Signature: ______________________________', width: '*' },
            { text: 'Date: ________________', width: 160 },
          ],
          margin: [0, 18, 0, 0],
        },
      ],
    };
  const stack: PdfContent[] = [{ text: 'Accepted', style: 'sectionLabel' }];
  if (a.signature) stack.push({ image: 'signature', fit: [216, 68], margin: [0, 4, 0, 4] });
  else if (a.signed) stack.push({ text: 'The signature image could not be shown.', style: 'muted' });
  const who = a.signerName ?? a.name;
  stack.push({
    text: !a.signed
      ? `Accepted without signature by ${who} on ${a.date}`
      : a.signerName
        ? `Signed by ${a.signerName} on ${a.date}`
        : `Accepted by ${a.name} on ${a.date}`,
    bold: true,
  });
  // Who recorded it, apart from who signed (a staff member; none when the customer accepted alone).
  if (a.signerName && a.recordedBy) stack.push({ text: `Recorded by ${a.recordedBy}`, style: 'muted' });
  return { unbreakable: true, stack };
}

/** The quote PDF. */
export function quoteDocument(data: QuotePdfData): PdfDocument {
  const content: PdfContent[] = [header(data), customerBlock(data)];
  if (data.quote.customerNotes)
    content.push({ text: data.quote.customerNotes, margin: [0, 10, 0, 0], style: 'muted' });
  content.push(...linesTables(data), totals(data));
  if (data.bindingText)
    content.push({ text: 'Terms', style: 'sectionLabel' }, { text: data.bindingText, style: 'muted' });
  content.push({ ...(acceptanceBlock(data) as object), margin: [0, 14, 0, 0] });
  return {
    ...PAGE,
    info: { title: `${data.title} ${data.quote.number}`, author: data.company.name },
    ...pageFooter(`Quote ${data.quote.number}`),
    images: images({ logo: data.company.logo, signature: data.acceptance?.signature ?? null }),
    content,
  };
}
