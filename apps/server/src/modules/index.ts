// Every feature module served under /api, in registration order. A new module adds its folder
// (routes → service → repository, an index.ts as its only door) and one line here.
import type { ApiModule } from '../plugins/api';
import { appointmentsModule } from './appointments/index';
import { attachmentsModule } from './attachments/index';
import { authModule } from './auth/index';
import { brandingModule } from './branding/index';
import { bundlesModule } from './bundles/index';
import { calendarModule } from './calendar/index';
import { catalogModule } from './catalog/index';
import { checkoutModule } from './checkout/index';
import { contactsModule } from './contacts/index';
import { customerQuotesModule } from './customer-quotes/index';
import { dealsModule, notesModule } from './deals/index';
import { filesModule } from './files/index';
import { markupOverridesModule } from './markup-overrides/index';
import { orderDocumentsModule, orderLinesModule } from './order-contents/index';
import { paymentsModule } from './payments/index';
import { personnelModule } from './personnel/index';
import { purchaseOrdersModule } from './purchase-orders/index';
import {
  quoteAcceptModule,
  quotePdfsModule,
  quotePricingModule,
  quotesModule,
  quoteUpdatesModule,
} from './quotes/index';
import { settingsModule } from './settings/index';
import { supplierDocumentsModule } from './supplier-documents/index';
import { supplierOrdersModule } from './supplier-orders/index';
import { usersModule } from './users/index';
import { workflowsModule } from './workflows/index';

export const apiModules: readonly ApiModule[] = [
  authModule,
  usersModule,
  brandingModule,
  catalogModule,
  settingsModule,
  markupOverridesModule,
  bundlesModule,
  workflowsModule,
  dealsModule,
  contactsModule,
  personnelModule,
  supplierDocumentsModule,
  notesModule,
  appointmentsModule,
  attachmentsModule,
  calendarModule,
  filesModule,
  quotesModule,
  orderLinesModule,
  orderDocumentsModule,
  quoteUpdatesModule,
  quotePricingModule,
  quoteAcceptModule,
  quotePdfsModule,
  paymentsModule,
  checkoutModule,
  customerQuotesModule,
  purchaseOrdersModule,
  supplierOrdersModule,
];
