import {
  archiveDealPayment,
  cancelDealPayment,
  createDealPayment,
  emailPaymentLink,
  getCardPaymentSettings,
  listDealPayments,
  unarchiveDealPayment,
  updateCardPaymentSettings,
  updateDealPayment,
} from '@slat/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../plugins/api';
import type { Services } from '../../services';
import * as payments from './payments.service';

// A deal's payments (manual and card requests) and the dealer's connected card account.
export function registerPaymentRoutes(app: FastifyInstance, { db, jobs, config }: Services): void {
  const deps: payments.PaymentDeps = { db, jobs, publicUrl: config.publicUrl };
  const mode = config.stripeConfigured ? ('stripe' as const) : ('test' as const);
  const actor = (s: { accountId: number; userId: number }) => ({ accountId: s.accountId, userId: s.userId });

  route(app, listDealPayments, async ({ session, params, query }) =>
    payments.listDealPayments(
      db,
      config.publicUrl,
      session().accountId,
      params.dealId,
      query.archived === '1',
    ),
  );
  route(app, createDealPayment, async ({ session, params, body }) =>
    payments.createDealPayment(deps, actor(session()), params.dealId, body),
  );
  route(app, updateDealPayment, async ({ session, params, body }) =>
    payments.updateDealPayment(deps, actor(session()), params.dealId, params.paymentId, body),
  );
  route(app, cancelDealPayment, async ({ session, params }) =>
    payments.cancelDealPayment(deps, actor(session()), params.dealId, params.paymentId),
  );
  route(app, archiveDealPayment, async ({ session, params }) =>
    payments.setDealPaymentArchived(deps, actor(session()), params.dealId, params.paymentId, true),
  );
  route(app, unarchiveDealPayment, async ({ session, params }) =>
    payments.setDealPaymentArchived(deps, actor(session()), params.dealId, params.paymentId, false),
  );
  route(app, emailPaymentLink, async ({ session, params, body }) =>
    payments.emailPaymentLink(deps, actor(session()), params.dealId, params.paymentId, body),
  );

  route(app, getCardPaymentSettings, async ({ session }) =>
    payments.cardPaymentSettings(db, session().accountId, mode),
  );
  route(app, updateCardPaymentSettings, async ({ session, body }) =>
    payments.setCardPaymentSettings(db, session().accountId, mode, body.accountId),
  );
}
