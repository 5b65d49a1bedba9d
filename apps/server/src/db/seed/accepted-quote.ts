import { and, eq, sql } from 'drizzle-orm';
import type { FileStore } from '../../modules/files/index';
import { acceptQuote, ensureAcceptedDocument } from '../../modules/quotes/index';
import type { Db } from '../database';
import { dealerSettings, pdfTemplates } from '../schema';
import { drawnSignaturePng } from './signature';

/**
 * The demo's PDFs and its accepted quote: the four PDF templates (quote, measure and
 * install sheets, purchase order), the company's texts the quote prints, and one quote accepted with a drawn
 * signature and its frozen PDF — made through the quotes module's own accept, then rendered at
 * once (the seed runs before the job queue starts). Call after the quotes.
 */
export async function seedDemoAcceptance(
  db: Db,
  accountId: number,
  userId: number,
  files: FileStore,
): Promise<void> {
  await db
    .insert(pdfTemplates)
    .values(
      ['QUOTE', 'MEASURE', 'INSTALL', 'PURCHASE_ORDER'].map((type) => ({ accountId, type: type as 'QUOTE' })),
    )
    .onConflictDoNothing();
  await db.insert(dealerSettings).values({ accountId }).onConflictDoNothing();
  await db
    .update(dealerSettings)
    .set({
      companyDetails: 'ABN 51 824 753 556 · Licensed window furnishing installers · Showroom open Mon–Sat',
      bindingText:
        'This quote is valid for 30 days. Your signature accepts the products, sizes and prices above; ' +
        'a deposit secures your order and the balance is due on installation. Made-to-measure products ' +
        'cannot be returned once manufacture has started.',
    })
    .where(and(eq(dealerSettings.accountId, accountId), eq(dealerSettings.companyDetails, '')));

  // The first clean quote on a deal the customer has signed for (an InProgress status) of the
  // first workflow: the accepted one the Ready to Order list and the frozen PDF show.
  const { rows } = await db.execute<{ id: number; contact_name: string | null }>(sql`
    SELECT q.id, c.name AS contact_name FROM deal_quotes q
      JOIN deals d ON d.id = q.deal_id
      LEFT JOIN contacts c ON c.id = d.contact_id AND c.account_id = d.account_id
      JOIN workflows w ON w.id = d.workflow_id
      JOIN workflow_statuses s ON s.id = d.status_id
     WHERE q.account_id = ${accountId} AND NOT q.is_archived AND NOT d.is_archived AND q.status = 'DRAFT'
       AND s.phase = 'InProgress'
       AND EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = q.order_id)
       AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = q.order_id AND l.errors <> '[]'::jsonb)
     ORDER BY w.sort_order, w.id, s.sort_order, d.tuid, q.id
     LIMIT 1`);
  const quoteId = rows[0]?.id;
  if (quoteId === undefined) return;
  await acceptQuote(
    { db, files, jobs: null },
    {
      accountId,
      userId,
      ipAddress: '203.0.113.24',
      userAgent:
        'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    },
    quoteId,
    {
      signature: `data:image/png;base64,${drawnSignaturePng().toString('base64')}`,
      signerName: rows[0]?.contact_name ?? 'The customer',
    },
  );
  await ensureAcceptedDocument({ db, files }, accountId, quoteId);
}
