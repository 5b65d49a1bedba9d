import {
  type CustomerLink,
  type CustomerQuote,
  customerQuoteMessages,
  type PaymentSummary,
  paymentMessages,
  pricingMessages,
  quoteMessages,
} from '@slat/contracts';
import { fromScaled, toScaled } from '@slat/domain';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { MAIL_QUEUE } from '../../lib/jobs';
import { sizeText } from '../../lib/pdf/layout';
import { type Limit, limitAddress } from '../../lib/rate-limit';
import type { Services } from '../../services';
import { orderLinesOf } from '../order-contents/index';
import { dealPaymentTotals, requestCardPayment } from '../payments/index';
import { acceptQuote, quoteFile, quotePricing, shownPrice } from '../quotes/index';
import * as repo from './customer-quotes.repository';

/**
 * The customer's quote: what the customer sees and does on /customer-quote/{publicId} without
 * signing in (the quote, its payment summary, accept, pay), and the dealer's side of the link
 * (where it goes, mailing it, when it was opened). The public id is the only way in; an unknown
 * one answers exactly what a missing quote does.
 */

const quoteNotFound = () => notFound(customerQuoteMessages.notFoundTitle);
const conflict = (message: string) => new AppError('CONFLICT', message);
const iso = (value: Date | string) => new Date(value).toISOString();
const money = (scaled: bigint) => fromScaled(scaled, 2);
const max0 = (n: bigint) => (n < 0n ? 0n : n);

/** Per address: reading the page is cheap and frequent; accepting and paying are not. */
const readLimits = (services: Services, ip: string): Limit[] => [
  {
    key: `customer-quote:read:${limitAddress(ip)}`,
    max: services.config.publicReadsPerMinute,
    windowSeconds: 60,
  },
];
const actLimits = (ip: string): Limit[] => [
  { key: `customer-quote:act:${limitAddress(ip)}`, max: 10, windowSeconds: 60 },
];

export const customerQuoteUrl = (publicUrl: string, publicId: string) =>
  `${publicUrl}/customer-quote/${publicId}`;

type Shown = {
  /** The quote the page shows: the newest live revision of the one linked. */
  row: repo.CustomerQuoteRow;
  /** The newest revision's public id when the link was to an older one. */
  revisedTo: string | null;
  withdrawn: boolean;
};

/**
 * Which quote a link shows: the quote itself, or the newest revision of it that is not archived;
 * withdrawn when the quote is archived without a live newer revision, or its deal is archived.
 */
async function resolve(db: Db, publicId: string): Promise<Shown> {
  const linked = await repo.findByPublicId(db, publicId);
  if (!linked) throw quoteNotFound();
  const newest = linked.has_revision
    ? await repo.findNewestLiveRevision(db, linked.account_id, linked.id)
    : linked.is_archived
      ? undefined
      : { id: linked.id };
  if (!newest) return { row: linked, revisedTo: null, withdrawn: true };
  const row = newest.id === linked.id ? linked : await repo.findById(db, linked.account_id, newest.id);
  if (!row) throw quoteNotFound();
  return {
    row,
    revisedTo: row.id === linked.id ? null : row.public_id,
    withdrawn: row.is_archived || row.deal_is_archived,
  };
}

/** The quote's total and deposit: frozen at acceptance, or the live pricing of a draft. */
async function totalsOf(db: Db, row: repo.CustomerQuoteRow): Promise<{ total: string; deposit: string }> {
  const pricing = row.accepted_pricing ?? (await quotePricing(db, row.account_id, row.id)).pricing;
  return { total: pricing.sellGrandTotalIncTax, deposit: pricing.depositAmount };
}

async function present(db: Db, shown: Shown): Promise<CustomerQuote> {
  const { row } = shown;
  const [{ total, deposit }, lines] = await Promise.all([
    totalsOf(db, row),
    shown.withdrawn ? Promise.resolve([]) : orderLinesOf(db, row.account_id, row.order_id),
  ]);
  const accepted = row.status === 'ACCEPTED';
  return {
    id: row.public_id,
    isDepositRequired: toScaled(deposit) > 0n,
    order: {
      id: row.id,
      tuid: row.tuid,
      name: row.deal_name,
      total,
      depositAmount: deposit,
      createdAt: iso(row.created_at),
      convertedAt: row.accepted_at ? iso(row.accepted_at) : null,
    },
    quotePdf: { id: row.public_id, url: `/api/customerquote/${row.public_id}/pdf` },
    company: {
      id: row.company_id ?? 0,
      name: row.company_name ?? '',
      logoUrl: row.logo_public_id ? `/api/files/${row.logo_public_id}` : null,
    },
    currency: row.currency ?? 'USD',
    lines: lines.map((line) => ({
      room: line.windowGroupName,
      product: line.context.product.name,
      size: sizeText({ width: line.context.configuration.width, height: line.context.configuration.height }),
      quantity: line.quantity,
      price: shownPrice(line.sellPrice, line.isTaxable, row) ?? '',
    })),
    acceptedBy: accepted ? (row.signer_name ?? row.accepted_by_customer) : null,
    revisedTo: shown.revisedTo,
    withdrawn: shown.withdrawn,
    cardPayments: !shown.withdrawn && (row.card_account_id ?? '') !== '',
  };
}

/**
 * GET /customerquote/{id}: the quote the link shows. The first open is recorded on it once, unless
 * it is the dealer's own (signed in to the quote's account) looking at the link before sending it.
 */
export async function customerQuote(
  services: Services,
  publicId: string,
  viewer: { ip: string; accountId: number | null },
): Promise<CustomerQuote> {
  await services.rateLimiter.take(readLimits(services, viewer.ip));
  const shown = await resolve(services.db, publicId);
  if (shown.row.customer_opened_at === null && viewer.accountId !== shown.row.account_id)
    await services.db.transaction(async (tx) => {
      if (await repo.lockQuoteOrder(tx, shown.row.account_id, shown.row.id))
        await repo.markOpened(tx, shown.row.account_id, shown.row.id);
    });
  return present(services.db, shown);
}

const SUMMARY_STATUS = { REQUESTED: 'PENDING', PAID: 'SUCCEEDED', CANCELLED: 'FAILED' } as const;

/**
 * GET /customerquote/{id}/payments: the deal's payments for this quote (or a quote it revises, or
 * no quote in particular), what is received and the balance of the quote's total.
 */
export async function paymentSummary(
  services: Services,
  publicId: string,
  ip: string,
): Promise<PaymentSummary> {
  await services.rateLimiter.take(readLimits(services, ip));
  const { row, withdrawn } = await resolve(services.db, publicId);
  // A withdrawn quote asks nothing of the customer: no rows, nothing owed.
  if (withdrawn) return { id: row.public_id, totalReceived: '0.00', balance: '0.00', payments: [] };
  const payments = await repo.findQuotePayments(services.db, row.account_id, row.deal_id, row.id);
  const received = payments
    .filter((p) => p.status === 'PAID')
    .reduce((sum, p) => sum + toScaled(p.amount), 0n);
  const { total } = await totalsOf(services.db, row);
  return {
    id: row.public_id,
    totalReceived: money(received),
    balance: money(max0(toScaled(total) - received)),
    payments: payments.map((p) => ({
      date: p.transacted_at ?? iso(p.created_at).slice(0, 10),
      paymentMethod: p.type === 'STRIPE' ? 'Card' : p.reference || 'Manual',
      amount: fromScaled(toScaled(p.amount), 2),
      status: SUMMARY_STATUS[p.status],
    })),
  };
}

/** GET /customerquote/{id}/pdf: the quote PDF the dealer's 'quote' PDF is (the frozen one once accepted). */
export async function customerQuotePdf(services: Services, publicId: string, ip: string) {
  await services.rateLimiter.take(readLimits(services, ip));
  const { row, withdrawn } = await resolve(services.db, publicId);
  if (withdrawn) throw quoteNotFound();
  const { url } = await services.pdfs.quotePdf(row.account_id, row.id, 'QUOTE');
  // The maker answers the dealer's URL of the stored file; its last segment is the file's id.
  const fileId = Number(/\/files\/(\d+)$/.exec(url)?.[1]);
  if (!Number.isInteger(fileId)) throw quoteNotFound();
  const file = await quoteFile(services, row.account_id, row.id, fileId);
  return { ...file, downloadName: `Quote ${row.tuid}.pdf` };
}

/**
 * POST /customerquote/{id}/accept: the dealer's acceptance (signature, signer, address, user agent,
 * frozen pricing, the PDF job) with the customer as acceptor. A second accept, or 20 at once,
 * answers the accepted quote: one acceptance, never an error for the customer's double tap.
 */
export async function acceptAsCustomer(
  services: Services,
  publicId: string,
  input: { signerName: string; signature: string },
  who: { ip: string; userAgent: string },
): Promise<CustomerQuote> {
  await services.rateLimiter.take(actLimits(who.ip));
  const shown = await resolve(services.db, publicId);
  if (shown.withdrawn) throw conflict(customerQuoteMessages.withdrawn);
  const { row } = shown;
  if (row.status !== 'ACCEPTED') {
    try {
      await acceptQuote(
        { db: services.db, files: services.files, jobs: services.jobs },
        {
          accountId: row.account_id,
          userId: null,
          customerName: input.signerName,
          ipAddress: who.ip,
          userAgent: who.userAgent,
        },
        row.id,
        { signature: input.signature, signerName: input.signerName },
      );
    } catch (error) {
      const already = error instanceof AppError && error.message === pricingMessages.alreadyAccepted;
      // Archived while the customer signed: the same answer as a withdrawn link.
      if (error instanceof AppError && error.message === quoteMessages.readOnly)
        throw conflict(customerQuoteMessages.withdrawn);
      if (!already) throw error;
    }
  }
  const after = await repo.findById(services.db, row.account_id, row.id);
  if (!after) throw quoteNotFound();
  return present(services.db, { ...shown, row: after });
}

/**
 * POST /customerquote/{id}/pay: after accepting, the customer pays the deposit (less what is
 * received) or the balance by card. The amount is the server's and never above what a card request
 * may ask (the balance less open card requests). A repeated choice reuses the open card request of
 * this quote for the same amount (or, when everything left is requested already, the newest one),
 * so a double click (or 20 at once) makes one payment.
 */
export async function payAsCustomer(
  services: Services,
  publicId: string,
  choice: 'DEPOSIT' | 'BALANCE',
  ip: string,
): Promise<{ paymentId: string; checkoutUrl: string }> {
  await services.rateLimiter.take(actLimits(ip));
  const { row, withdrawn } = await resolve(services.db, publicId);
  if (withdrawn) throw conflict(customerQuoteMessages.withdrawn);
  if (row.status !== 'ACCEPTED') throw conflict(customerQuoteMessages.payNeedsAcceptance);
  if ((row.card_account_id ?? '') === '') throw conflict(paymentMessages.cardPaymentsOff);
  const accountId = row.account_id;
  const paymentId = await services.db.transaction(async (tx) => {
    await repo.lockQuotePay(tx, row.id);
    const totals = await dealPaymentTotals(tx, accountId, row.deal_id);
    // The deal's accepted quote is the one its payments are counted against: it must be this one.
    if (totals.acceptedQuote?.id !== row.id || totals.balance === null || totals.requestableByCard === null)
      throw conflict(customerQuoteMessages.payNeedsAcceptance);
    const received = toScaled(totals.received);
    const wanted =
      choice === 'DEPOSIT'
        ? max0(toScaled(totals.acceptedQuote.depositAmount) - received)
        : toScaled(totals.balance);
    const open = await repo.findOpenCardRequests(tx, accountId, row.id);
    const same = open.find((p) => toScaled(p.amount) === wanted);
    if (same) return same.public_id;
    const requestable = toScaled(totals.requestableByCard);
    const amount = wanted < requestable ? wanted : requestable;
    if (amount <= 0n) {
      // All that is left is requested already: the customer pays the newest open request.
      const newest = open.at(-1);
      if (newest && wanted > 0n) return newest.public_id;
      throw conflict(customerQuoteMessages.nothingToPay);
    }
    const payment = await requestCardPayment(tx, {
      accountId,
      dealId: row.deal_id,
      dealQuoteId: row.id,
      amount: money(amount),
      description: `${choice === 'DEPOSIT' ? 'Deposit' : 'Balance'} for quote ${row.tuid}`,
      createdBy: null,
    });
    return payment.publicId;
  });
  return { paymentId, checkoutUrl: `/checkout/${paymentId}` };
}

// ── The dealer's side ──────────────────────────────────────────────────────────────────────

function linkOf(publicUrl: string, row: repo.CustomerLinkRow): CustomerLink {
  return {
    url: customerQuoteUrl(publicUrl, row.public_id),
    sentAt: row.sent_to_customer_at ? iso(row.sent_to_customer_at) : null,
    sentToEmail: row.sent_to_email,
    openedAt: row.customer_opened_at ? iso(row.customer_opened_at) : null,
  };
}

/** GET /deal-quotes/{id}/customer-link: 404 for another account's quote. */
export async function customerLink(
  services: Services,
  accountId: number,
  quoteId: number,
): Promise<CustomerLink> {
  const row = await repo.findLink(services.db, accountId, quoteId);
  if (!row) throw notFound('Quote not found');
  return linkOf(services.config.publicUrl, row);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * POST /deal-quotes/{id}/send-to-customer: mails the link through the job queue, enqueued in the
 * same transaction that records when and to whom, so the record exists exactly when the mail does.
 * 409 for an archived quote or deal (its link says withdrawn).
 */
export async function sendToCustomer(
  services: Services,
  accountId: number,
  quoteId: number,
  input: { email: string; message: string },
): Promise<CustomerLink> {
  const found = await repo.findLink(services.db, accountId, quoteId);
  if (!found) throw notFound('Quote not found');
  if (found.is_archived || found.deal_is_archived) throw conflict(quoteMessages.readOnly);
  const company = found.company_name || 'us';
  const link = customerQuoteUrl(services.config.publicUrl, found.public_id);
  const intro = `Here is your quote ${found.tuid} for ${found.deal_name} from ${company}. You can read it, accept it and pay online:`;
  const note = input.message ? `${input.message}\n\n` : '';
  const sent = await services.db.transaction(async (tx) => {
    if (!(await repo.lockQuoteOrder(tx, accountId, quoteId))) throw notFound('Quote not found');
    const row = await repo.markSent(tx, accountId, quoteId, input.email);
    if (!row) throw notFound('Quote not found');
    await services.jobs.send(
      MAIL_QUEUE,
      {
        to: input.email,
        subject: `Your quote ${found.tuid} from ${company}`,
        text: `${note}${intro}\n\n${link}\n`,
        html: `${input.message ? `<p>${escapeHtml(input.message).replace(/\n/g, '<br>')}</p>` : ''}<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">View your quote</a></p>`,
        link,
      },
      tx,
    );
    return row;
  });
  return linkOf(services.config.publicUrl, sent);
}
