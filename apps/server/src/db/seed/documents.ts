import { sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db } from '../database';

/** A real, small PDF: a title, a subtitle and a few paragraphs. */
export function renderPdf(title: string, subtitle: string, paragraphs: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: 'Slat demo' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(22).text(title);
    doc.moveDown(0.3).fontSize(12).fillColor('#555').text(subtitle);
    doc.moveDown().fillColor('#000').fontSize(11);
    for (const p of paragraphs) doc.text(p).moveDown(0.6);
    doc.end();
  });
}

const DOCS = [
  {
    category: 'Brochure',
    name: (s: string) => `${s} product brochure`,
    body: (s: string) => [
      `${s} makes made-to-measure blinds, shutters and awnings for Australian homes and businesses.`,
      'Every product is cut to the millimetre, checked twice and delivered ready to install.',
      'Ask your dealer for fabric samples and colour swatches.',
    ],
  },
  {
    category: 'Price list',
    name: (s: string) => `${s} trade price list 2026`,
    body: (s: string) => [
      `Trade prices of ${s}, excluding GST, effective 1 July 2026.`,
      'Prices follow the width and drop grids of the online catalog; the next breakpoint up applies.',
      'Freight is quoted per order. Motorisation and premium fabrics are priced as options.',
    ],
  },
  {
    category: 'Warranty',
    name: (s: string) => `${s} warranty terms`,
    body: (s: string) => [
      `${s} warrants its products against defects in materials and workmanship for five years.`,
      'Motors and electronic controls carry a two-year warranty. Fabric fading is covered for three years.',
      'Claims are made through the dealer who sold the product, with the original order number.',
    ],
  },
] as const;

/** Brochures, price lists and warranty terms for every supplier that has none yet. */
export async function seedSupplierDocuments(db: Db): Promise<void> {
  const { rows: suppliers } = await db.execute<{ id: number; name: string }>(sql`
    SELECT m.id, m.name FROM manufacturers m
    WHERE NOT EXISTS (SELECT 1 FROM supplier_documents sd WHERE sd.manufacturer_id = m.id) ORDER BY m.id`);
  for (const [i, supplier] of suppliers.entries()) {
    for (const [j, d] of DOCS.entries()) {
      const pdf = await renderPdf(d.name(supplier.name), supplier.name, [...d.body(supplier.name)]);
      await db.execute(sql`
        INSERT INTO supplier_documents (manufacturer_id, category_id, name, filename, mime_type, content, created_at)
        SELECT ${supplier.id}, id, ${d.name(supplier.name)}, ${`${d
          .name(supplier.name)
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')}.pdf`},
               'application/pdf', ${pdf}, now() - make_interval(days => ${i * 7 + j * 2})
        FROM document_categories WHERE category = ${d.category}`);
    }
  }
}

const PEOPLE = [
  ['Dana Whitfield', 'dana@harbourblinds.example', ['Sales', 'Owner'], 'Runs the showroom on Saturdays.'],
  ['Marcus Lee', 'marcus@harbourblinds.example', ['Installer'], 'Van 2. Ladder certified.'],
  ['Priya Raman', 'priya@harbourblinds.example', ['Sales', 'Measure'], ''],
  ['Tom O’Brien', 'tom@harbourblinds.example', ['Installer', 'Motorisation'], 'Somfy and Rollease trained.'],
  ['Sophie van der Berg', 'sophie@harbourblinds.example', ['Office'], 'Accounts and supplier orders.'],
] as const;

export async function seedDemoPersonnel(db: Db, accountId: number): Promise<void> {
  const palette = ['#1971c2', '#2f9e44', '#e8590c', '#9c36b5', '#0c8599'];
  for (const [i, [name, email, labels, notes]] of PEOPLE.entries()) {
    await db.execute(sql`INSERT INTO people (account_id, name, email, labels, notes, badge_color)
      VALUES (${accountId}, ${name}, ${email}, ${JSON.stringify(labels)}::jsonb, ${notes}, ${palette[i % palette.length]!})`);
  }
}
