import fs from 'node:fs';
import {
  acceptCustomerQuote,
  getCustomerLink,
  getCustomerQuote,
  getCustomerQuotePayments,
  getCustomerQuotePdf,
  payCustomerQuote,
  sendQuoteToCustomer,
} from '@slat/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentDisposition } from '../../lib/content-disposition';
import { rawRoute, route } from '../../plugins/api';
import type { Services } from '../../services';
import * as customerQuotes from './customer-quotes.service';

// Public answers are about one customer's quote: never kept by a browser or a proxy (errors too).
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

// The customer's quote page (public, by the quote's random id) and the dealer's side of its link.
export function registerCustomerQuoteRoutes(app: FastifyInstance, services: Services): void {
  route(app, getCustomerQuote, async ({ params, request, reply }) => {
    noStore(reply);
    return customerQuotes.customerQuote(services, params.id, {
      ip: request.ip,
      accountId: request.session?.accountId ?? null,
    });
  });
  route(app, getCustomerQuotePayments, async ({ params, request, reply }) => {
    noStore(reply);
    return customerQuotes.paymentSummary(services, params.id, request.ip);
  });
  rawRoute(app, getCustomerQuotePdf, async ({ params, request, reply }) => {
    noStore(reply);
    const file = await customerQuotes.customerQuotePdf(services, params.id, request.ip);
    reply
      .header('content-type', file.mimeType)
      .header('content-length', String(file.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition('inline', file.downloadName));
    return reply.send(fs.createReadStream(file.fullPath));
  });
  route(app, acceptCustomerQuote, async ({ params, body, request, reply }) => {
    noStore(reply);
    return customerQuotes.acceptAsCustomer(services, params.id, body, {
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
    });
  });
  route(app, payCustomerQuote, async ({ params, body, request, reply }) => {
    noStore(reply);
    return customerQuotes.payAsCustomer(services, params.id, body.choice, request.ip);
  });
  route(app, getCustomerLink, async ({ session, params }) =>
    customerQuotes.customerLink(services, session().accountId, params.id),
  );
  route(app, sendQuoteToCustomer, async ({ session, params, body }) =>
    customerQuotes.sendToCustomer(services, session().accountId, params.id, body),
  );
}
