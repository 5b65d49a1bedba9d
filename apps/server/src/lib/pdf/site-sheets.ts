import {
  checkBox,
  companyBlock,
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
  TABLE_LAYOUT,
} from './layout';

/** What the measure and install sheets show: the job, and each line exactly as entered. */
export type SiteSheetData = {
  title: string;
  company: PdfCompany;
  customer: PdfCustomer | null;
  quote: { number: number; date: string; dealName: string; description: string };
  /** The deal's site: where the measurer and installer go and how they get in. */
  site: { address: string; accessNotes: string };
  lines: PdfLine[];
};

/** The site address and access notes, full width under the customer and job: they can run long. */
function siteBlock(site: SiteSheetData['site']): PdfContent {
  return {
    margin: [0, 8, 0, 0],
    stack: [
      { text: 'Site', style: 'sectionLabel' },
      site.address ? { text: site.address, bold: true } : { text: 'No site address', style: 'muted' },
      ...(site.accessNotes ? [{ text: `Access: ${site.accessNotes}` }] : []),
    ],
  };
}

function header(data: SiteSheetData): PdfContent {
  const customer: PdfContent[] = [{ text: 'Customer', style: 'sectionLabel' }];
  if (data.customer) {
    customer.push({ text: data.customer.name, bold: true });
    for (const line of [data.customer.phone, data.customer.email]) if (line) customer.push(line);
  } else customer.push({ text: '—' });
  return [
    {
      columns: [
        { ...(companyBlock({ ...data.company, details: '' }) as object), width: '*' },
        {
          width: 180,
          stack: [
            { text: data.title, style: 'title', alignment: 'right' },
            { text: `Quote ${data.quote.number}`, bold: true, alignment: 'right', margin: [0, 4, 0, 0] },
            { text: data.quote.date, alignment: 'right', style: 'muted' },
          ],
        },
      ],
      columnGap: 16,
    },
    {
      columns: [
        { stack: customer },
        {
          stack: [
            { text: 'Job', style: 'sectionLabel' },
            data.quote.dealName,
            ...(data.quote.description ? [{ text: data.quote.description, style: 'muted' }] : []),
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 8, 0, 0],
    },
    siteBlock(data.site),
  ];
}

const headerCell = (text: string, extra: object = {}) => ({ text, style: 'tableHeader', ...extra });

/** The measure sheet: per window group, each product with its width, drop, mount and notes, and a box to tick. */
export function measureSheetDocument(data: SiteSheetData): PdfDocument {
  const groups = groupLines(data.lines).flatMap(([group, lines]) => [
    { text: groupHeading(group), style: 'group' },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: ['*', 64, 64, 84, 100, 40],
        body: [
          [
            headerCell('Product'),
            headerCell('Width'),
            headerCell('Drop'),
            headerCell('Mount'),
            headerCell('Notes'),
            headerCell('Checked', { alignment: 'center' }),
          ],
          ...lines.map((line) => [
            {
              stack: [
                { text: line.productName, bold: true },
                { text: `Qty ${line.quantity}`, style: 'small' },
              ],
            },
            line.width ?? '—',
            line.height ?? '—',
            line.siteMount || '—',
            line.notes,
            checkBox(),
          ]),
        ],
      },
      layout: TABLE_LAYOUT,
    },
  ]);
  return {
    ...PAGE,
    info: { title: `${data.title} ${data.quote.number}`, author: data.company.name },
    ...pageFooter(`Measure sheet · Quote ${data.quote.number}`),
    images: images({ logo: data.company.logo }),
    content: [header(data), ...groups, signOff(['Measured by', 'Date'])],
  };
}

/** The install sheet: per window group, each product with its size, options, mount and notes, and boxes to tick. */
export function installSheetDocument(data: SiteSheetData): PdfDocument {
  const groups = groupLines(data.lines).flatMap(([group, lines]) => [
    { text: groupHeading(group), style: 'group' },
    {
      table: {
        headerRows: 1,
        dontBreakRows: true,
        widths: ['*', 58, 58, 26, 84, 44, 44],
        body: [
          [
            headerCell('Product'),
            headerCell('Width'),
            headerCell('Drop'),
            headerCell('Qty', { alignment: 'right' }),
            headerCell('Mount'),
            headerCell('Installed', { alignment: 'center' }),
            headerCell('Checked', { alignment: 'center' }),
          ],
          ...lines.map((line) => [
            {
              stack: [
                { text: line.productName, bold: true },
                { text: line.brandName, style: 'small' },
                ...(line.options.length ? [{ text: optionsText(line).join(' · '), style: 'small' }] : []),
                ...(line.notes ? [{ text: line.notes, style: 'small', italics: true }] : []),
              ],
            },
            line.width ?? '—',
            line.height ?? '—',
            { text: String(line.quantity), alignment: 'right' },
            line.siteMount || '—',
            checkBox(),
            checkBox(),
          ]),
        ],
      },
      layout: TABLE_LAYOUT,
    },
  ]);
  return {
    ...PAGE,
    info: { title: `${data.title} ${data.quote.number}`, author: data.company.name },
    ...pageFooter(`Install sheet · Quote ${data.quote.number}`),
    images: images({ logo: data.company.logo }),
    content: [header(data), ...groups, signOff(['Installed by', 'Date', 'Customer signature'])],
  };
}

function signOff(labels: string[]): PdfContent {
  return {
    unbreakable: true,
    margin: [0, 24, 0, 0],
    columns: labels.map((label) => ({
      stack: [
        { text: ' ', margin: [0, 14, 0, 0] },
        { canvas: [{ type: 'line', x1: 0, y1: 0, x2: 140, y2: 0, lineWidth: 0.6 }] },
        { text: label, style: 'small' },
      ],
    })),
    columnGap: 16,
  };
}
