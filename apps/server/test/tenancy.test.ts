import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineEndpoint } from '@slat/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { dealNotes, deals } from '../src/db/schema';
import { type ApiRoute, route } from '../src/plugins/api';
import { createTestApp, type TestApp, TestClient, uploadAs } from './harness';
import { changedKeys, createTenant, PDF, storeFingerprint, type Tenant } from './tenancy-fixtures';

// The tenant-isolation matrix, generated from the route table (`app.apiRoutes`): every /api route
// with an id in its path is called by dealer B with dealer A's ids (and every mix of A's and B's
// ids) → 404, nothing stored changes, A's data reads the same; every id-like field of a body or
// query, set to A's id by B, is refused or ignored; no list B reads shows A's rows. A route this
// file cannot fill fails the run until the tables below are taught about it.

// ——— How to fill each path parameter with a tenant's real id ———
// Keys: `<three segments before it>/:<param>`, `<two segments before it>/:<param>` or
// `<segment before it>/:<param>` (for the ambiguous `:id` and `:fileId`), or `:<param>`.
const idFor: Record<string, (f: Tenant) => string | number> = {
  'deals/:id': (f) => f.deal.id,
  ':dealId': (f) => f.deal.id,
  ':relatedDealId': (f) => f.relatedDeal.id,
  ':flagId': (f) => f.flag.id,
  ':noteId': (f) => f.note.id,
  'events/:id': (f) => f.event.id,
  ':documentId': (f) => f.attachment.id,
  'documents/:id': (f) => f.attachment.id,
  'contacts/:id': (f) => f.contact.id,
  'personnel/:id': (f) => f.person.id,
  'workflows/:id': (f) => f.importedWorkflow.id,
  'markup-overrides/:id': (f) => f.markupOverride.id,
  'bundles/:id': (f) => f.bundle.id,
  'products/:id': (f) => f.product.id,
  ':manufacturerId': (f) => f.supplier.id,
  'supplier-documents/:id': (f) => f.supplierDocument.id,
  ':publicId': (f) => f.logo.publicId,
  ':file': (f) => f.feed.file,
  'deal-quotes/:id': (f) => f.quote.id,
  ':fileId': (f) => f.quotePdf.fileId,
  ':orderId': (f) => f.order.id,
  ':externalId': (f) => f.order.id,
  ':windowId': (f) => f.orderWindow.id,
  ':windowId/products/:id': (f) => f.orderLine.id,
  ':productId': (f) => f.orderLine.id,
  'payments/:paymentId': (f) => f.payment.id,
  'payment/:paymentId': (f) => f.cardPayment.publicId,
  ':sessionId': (f) => f.checkoutSession.sessionId,
  'customerquote/:id': (f) => f.customerQuote.publicId,
  'purchaseorder/:id': (f) => f.purchaseOrder.id,
  'quotes/:id': (f) => f.purchaseOrder.id,
  'order/:orderId': (f) => f.purchaseOrder.id,
  'purchaseorder/:id/files/:fileId': (f) => f.purchaseOrderPdf.fileId,
  'manufacturer/:id': (f) => f.supplier.id,
  'manufacturerorders/:mid': (f) => f.supplierOrder.id,
  'offline-manufacturer-orders/:mid': (f) => f.offlineSupplierOrder.id,
};

// Routes with an id that are capabilities, not account-scoped: anyone holding the secret id may
// read them. For these the matrix asserts instead that B's session adds nothing.
const capabilities: Record<string, string> = {
  'GET /api/files/:publicId':
    'public by design: the 192-bit public id is the capability (logos on quote PDFs and customer pages)',
  'GET /api/calendar/:file':
    'public by design: the 256-bit feed token is the credential (calendar apps send no cookie)',
  'GET /api/public/payment/:paymentId': 'public by design: the customer pays by a link holding a 244-bit id',
  'GET /api/public/payment/:paymentId/session/:sessionId':
    "the checkout return page's status read, by the same link",
  'GET /api/customerquote/:id': "public by design: the customer's quote link holds a 244-bit id",
  'GET /api/customerquote/:id/payments': "the customer quote page's payment summary, by the same link",
  'GET /api/customerquote/:id/pdf': "the customer quote page's PDF, by the same link",
};

// What a made-up secret answers on a capability (404 unless the spec says otherwise).
const forgedStatus: Record<string, number> = {
  // Foundation §6/§8: an unknown payment answers 401 and the page shows its not-found message.
  'GET /api/public/payment/:paymentId': 401,
  'GET /api/public/payment/:paymentId/session/:sessionId': 401,
};

// Public calls that change state, addressed by a random id: the customer's accept and pay, and
// the checkout's session calls. No session is involved, so there is nothing of B's to mix in;
// their one effect under 20 concurrent calls and their refusals are proven in checkout.test.ts and
// customer-quote.test.ts.
const publicWrites: Record<string, string> = {
  'POST /api/public/payment/:paymentId/create-session': 'one open session per payment: checkout.test.ts',
  'POST /api/public/test-checkout/:sessionId/complete':
    'the test checkout paying its session: checkout.test.ts',
  'POST /api/customerquote/:id/accept': 'one acceptance however many arrive: customer-quote.test.ts',
  'POST /api/customerquote/:id/pay': 'one payment however many arrive: customer-quote.test.ts',
};

// A valid body for each route that takes one, built from the tenant that owns the route's last id
// (so a flag's value belongs to that flag). Checked against the route's contract before use.
const intruder = 'Intruder';
const bodies: Record<string, (f: Tenant) => unknown> = {
  'PUT /api/deals/:id': (f) => ({ name: intruder, description: intruder, contactId: f.contact.id }),
  'POST /api/deals/:id/move': (f) => ({
    dealId: f.deal.id,
    currentStatusId: f.deal.statusId,
    targetStatusId: f.workflow.statuses[1]!.id,
    belowId: null,
    workflowId: f.deal.workflowId,
  }),
  'POST /api/deals/:id/status': (f) => ({
    currentStatusId: f.deal.statusId,
    statusId: f.workflow.statuses[1]!.id,
  }),
  'POST /api/deals/:id/flags/:flagId': (f) => ({ valueId: f.flag.valueId }),
  'POST /api/deals/:id/related': (f) => ({ relatedDealId: f.relatedDeal.id }),
  'POST /api/deals/:dealId/notes': () => ({ content: intruder }),
  'PUT /api/deals/:dealId/notes/:noteId': () => ({ content: intruder }),
  'POST /api/deals/:dealId/events': () => ({
    title: intruder,
    temporalData: { date: { date: '2026-12-01' } },
  }),
  'POST /api/events/:id': () => ({ title: intruder, temporalData: { date: { date: '2026-12-01' } } }),
  'POST /api/contacts/:id/update': () => ({
    externalLink: 'https://intruder.example/',
    providerSchema: intruder,
    externalData: { by: intruder },
  }),
  'PUT /api/contacts/:id': () => ({ name: intruder, email: 'intruder@example.test', phone: '' }),
  'PUT /api/personnel/:id/update': () => ({ name: intruder, email: 'intruder@example.test' }),
  'PUT /api/workflows/:id/update': () => ({ name: intruder, isActive: false }),
  'PUT /api/old/account-settings/dealer-portal/markup-overrides/:id': (f) => ({
    overrideType: 'CATEGORY',
    selectedId: f.categories[0]!.id,
    adjustmentType: 'PERCENT_MARK_UP',
    adjustmentValue: '99',
  }),
  'POST /api/bundles/:id/subscribe': () => ({ templateValues: {} }),
  'POST /api/old/account-settings/manufacturer/:manufacturerId/customer-settings': (f) => ({
    default_shipping_method_id: f.supplier.shippingMethodId,
  }),
  'POST /api/old/quotes/:orderId/windows': (f) => ({ order_windows: [{ order_id: f.order.id }] }),
  'PUT /api/old/quotes/:orderId/windows/:windowId': () => ({ name: intruder }),
  'POST /api/old/quotes/:orderId/windows/:windowId': () => ({ _method: 'DELETE' }),
  'POST /api/old/quotes/:orderId/windows/:windowId/products': (f) => ({ product_id: f.product.id }),
  'PUT /api/old/quotes/:orderId/windows/:windowId/products/:id': () => ({ notes: intruder, quantity: 2 }),
  'POST /api/old/quotes/:orderId/windows/:windowId/products/:id': () => ({ _method: 'DELETE' }),
  'POST /api/old/quotes/:orderId/windows/copy-and-paste': (f) => ({ order_window_id: f.orderWindow.id }),
  'POST /api/old/quotes/:orderId/windows/recalculate': () => ({}),
  'POST /api/deals/:dealId/quotes/legacy/add': () => ({ description: intruder, customerNotes: intruder }),
  'POST /api/deal-quotes/:id/update': () => ({ description: intruder, customerNotes: intruder }),
  'POST /api/deal-quotes/:id/clone': () => ({ description: intruder }),
  'POST /api/deal-quotes/:id/accept': () => ({ acceptWithoutSignature: true }),
  'POST /api/deal-quotes/:id/send-to-customer': () => ({ email: 'intruder@example.test' }),
  'POST /api/deals/:dealId/payments': () => ({ type: 'MANUAL', status: 'REQUESTED', amount: '5' }),
  'PUT /api/deals/:dealId/payments/:paymentId': () => ({ status: 'REQUESTED', amount: '6' }),
  'POST /api/deals/:dealId/payments/:paymentId/email-link': () => ({ email: 'intruder@example.test' }),
  'PUT /api/deal-quotes/:id/pricing': (f) => ({
    lastUpdatedAt: f.quote.lastUpdatedAt,
    depositAmountOverride: '1',
    adjustments: [{ label: intruder, amountIncTax: '-1', taxType: 'NONE' }],
  }),
  'POST /api/old/quotes/:externalId/manage-prices/apply-override-total': (f) => ({
    override_total: '1',
    notes: intruder,
    lastUpdatedAt: f.quote.lastUpdatedAt,
  }),
  'POST /api/old/quotes/:orderId/documents': (f) => ({ data: [f.attachment.id] }),
  'POST /api/old/quotes/:orderId/documents/:documentId': () => ({ _method: 'DELETE' }),
  'POST /api/old/documents/:id': () => ({ _method: 'PUT', name: intruder }),
  'POST /api/old/quotes/:id/update-details': () => ({ sidemark: intruder, details: intruder }),
  'POST /api/old/quotes/:id/clone': () => ({ sidemark: intruder }),
  'POST /api/old/quotes/:id/convert': (f) => ({
    required_date: '2100-01-01',
    shipping_method_id: f.supplier.shippingMethodId,
    shipping_address: intruder,
  }),
  'POST /api/order/:orderId/manufacturer/:manufacturerId/freight': (f) => ({
    shippingMethodId: f.supplier.shippingMethodId,
  }),
  'POST /api/purchaseorder/:id/pdf': () => ({}),
  'POST /api/purchaseorder/:id/offline-manufacturer-orders/upsert': (f) => ({
    id: f.offlineSupplierOrder.id,
    manufacturerId: f.supplier.id,
    notes: intruder,
  }),
  'POST /api/purchaseorder/:id/manufacturerorders/:mid/link/revoke': () => ({}),
  'POST /api/purchaseorder/:id/manufacturerorders/:mid/link/renew': () => ({}),
  // Reads sent as POST (no CSRF): they take part in the snapshot and the list checks.
  'POST /api/contacts': () => ({}),
  'POST /api/purchaseorder': () => ({}),
};

// Required queries of list routes, filled with the caller's own ids.
const queries: Record<string, (f: Tenant) => string> = {
  'GET /api/deals': (f) => `workflowId=${f.workflow.id}&archived=all`,
  'GET /api/deals/stream': (f) => `workflowId=${f.workflow.id}`,
  'GET /api/branding': () => 'host=slat.test',
  'GET /api/old/orders/generate-pdf': (f) => `order_id=${f.purchaseOrder.id}`,
  'GET /api/old/trackers': (f) => `id=${f.supplierOrder.id}`,
};

// Routes left out of the list checks, with the reason.
const notLists: Record<string, string> = {
  'GET /api/deals/stream': 'an event stream: the live-board test below opens it on A’s workflow as B',
  'GET /api/test/boom': 'a test hook (throws on purpose), never mounted in production',
};

// ——— Foreign references inside bodies and queries ———
// Every id-like field (`id`, `…Id`, `…_id`) of a body or query schema, and of the multipart forms,
// set by B to A's id with everything else B's own and valid: 'refused' (400/404/409, nothing stored
// changes) or 'ignored' (2xx, A's data unchanged, nothing of A's in the answer).
type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  form?: Record<string, string>;
};
type Ref =
  | { expect: 'refused' | 'ignored'; call: (a: Tenant, b: Tenant) => Omit<Call, 'method'> }
  | { skip: string };
const dealBody = (b: Tenant, extra: object) => ({ workflowId: b.workflow.id, name: intruder, ...extra });
const moveBody = (b: Tenant, extra: object) => ({
  url: `/api/deals/${b.deal.id}/move`,
  body: {
    dealId: b.deal.id,
    currentStatusId: b.deal.statusId,
    targetStatusId: b.workflow.statuses[1]!.id,
    belowId: null,
    workflowId: b.workflow.id,
    ...extra,
  },
});
const lineBody = (b: Tenant, extra: object) => ({
  url: `/api/old/quotes/${b.order.id}/windows/${b.orderWindow.id}/products`,
  body: { product_id: b.product.id, ...extra },
});
const markupBody = (extra: object) => ({ adjustmentType: 'PERCENT_MARK_UP', adjustmentValue: '5', ...extra });
const offlineUpsert = (b: Tenant, extra: object) => ({
  url: `/api/purchaseorder/${b.purchaseOrder.id}/offline-manufacturer-orders/upsert`,
  body: { manufacturerId: b.supplier.id, notes: intruder, ...extra },
});
const refs: Record<string, Ref> = {
  'GET /api/old/trackers id': {
    expect: 'refused',
    call: (a) => ({ url: `/api/old/trackers?id=${a.supplierOrder.id}` }),
  },
  'POST /api/purchaseorder/:id/offline-manufacturer-orders/upsert id': {
    expect: 'refused',
    call: (a, b) => offlineUpsert(b, { id: a.offlineSupplierOrder.id }),
  },
  'POST /api/purchaseorder/:id/offline-manufacturer-orders/upsert manufacturerId': {
    expect: 'refused',
    call: (a, b) => offlineUpsert(b, { manufacturerId: a.supplier.id }),
  },
  'POST /api/purchaseorder/:id/offline-manufacturer-orders/upsert shippingMethodId': {
    expect: 'refused',
    call: (a, b) => offlineUpsert(b, { shippingMethodId: a.supplier.shippingMethodId }),
  },
  'GET /api/deals workflowId': {
    expect: 'refused',
    call: (a) => ({ url: `/api/deals?workflowId=${a.workflow.id}` }),
  },
  'GET /api/deals statusId': {
    expect: 'ignored',
    call: (a, b) => ({ url: `/api/deals?workflowId=${b.workflow.id}&statusId=${a.deal.statusId}` }),
  },
  'GET /api/deals/stream workflowId': { skip: 'the live-board stream test below opens A’s workflow as B' },
  'POST /api/deals/:dealId/payments dealQuoteId': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/deals/${b.deal.id}/payments`,
      body: { type: 'MANUAL', status: 'REQUESTED', amount: '5', dealQuoteId: a.quote.id },
    }),
  },
  'PUT /api/account-settings/card-payments accountId': {
    skip: "the card provider's account id (acct_…), not one of ours: each dealer names its own",
  },
  'POST /api/deals workflowId': {
    expect: 'refused',
    call: (a, b) => ({ url: '/api/deals', body: dealBody(b, { workflowId: a.workflow.id }) }),
  },
  'POST /api/deals statusId': {
    expect: 'refused',
    call: (a, b) => ({ url: '/api/deals', body: dealBody(b, { statusId: a.workflow.statuses[1]!.id }) }),
  },
  'POST /api/deals contactId': {
    expect: 'refused',
    call: (a, b) => ({ url: '/api/deals', body: dealBody(b, { contactId: a.contact.id }) }),
  },
  'PUT /api/deals/:id contactId': {
    expect: 'refused',
    call: (a, b) => ({ url: `/api/deals/${b.deal.id}`, body: { name: intruder, contactId: a.contact.id } }),
  },
  'POST /api/deals/:id/move dealId': {
    expect: 'refused',
    call: (a, b) => moveBody(b, { dealId: a.deal.id }),
  },
  'POST /api/deals/:id/move currentStatusId': {
    expect: 'refused',
    call: (a, b) => moveBody(b, { currentStatusId: a.deal.statusId }),
  },
  'POST /api/deals/:id/move targetStatusId': {
    expect: 'refused',
    call: (a, b) => moveBody(b, { targetStatusId: a.workflow.statuses[1]!.id }),
  },
  'POST /api/deals/:id/move belowId': {
    expect: 'refused',
    call: (a, b) => moveBody(b, { belowId: a.relatedDeal.id }),
  },
  'POST /api/deals/:id/move workflowId': {
    expect: 'refused',
    call: (a, b) => moveBody(b, { workflowId: a.workflow.id }),
  },
  'POST /api/deals/:id/status currentStatusId': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/deals/${b.deal.id}/status`,
      body: { currentStatusId: a.deal.statusId, statusId: b.workflow.statuses[1]!.id },
    }),
  },
  'POST /api/deals/:id/status statusId': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/deals/${b.deal.id}/status`,
      body: { currentStatusId: b.deal.statusId, statusId: a.workflow.statuses[1]!.id },
    }),
  },
  'POST /api/deals/:id/flags/:flagId valueId': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/deals/${b.deal.id}/flags/${b.flag.id}`,
      body: { valueId: a.flag.valueId },
    }),
  },
  'POST /api/deals/:id/related relatedDealId': {
    expect: 'refused',
    call: (a, b) => ({ url: `/api/deals/${b.deal.id}/related`, body: { relatedDealId: a.deal.id } }),
  },
  'POST /api/old/documents model_id': {
    expect: 'refused',
    call: (a) => ({
      url: '/api/old/documents',
      form: { friendly_name: intruder, model: 'deal', model_id: String(a.deal.id) },
    }),
  },
  'POST /api/old/documents/:id document_category_id': {
    skip: 'document categories are reference data every account shares: no dealer has ids of its own',
  },
  'POST /api/old/account-settings/dealer-portal companyLogoDocumentId': {
    expect: 'refused',
    call: (a) => ({
      url: '/api/old/account-settings/dealer-portal',
      body: { companyLogoDocumentId: a.logo.fileId },
    }),
  },
  'POST /api/old/account-settings/manufacturer/:manufacturerId/customer-settings default_shipping_method_id':
    {
      expect: 'refused',
      call: (a, b) => ({
        url: `/api/old/account-settings/manufacturer/${b.supplier.id}/customer-settings`,
        body: { default_shipping_method_id: a.supplier.shippingMethodId },
      }),
    },
  'POST /api/old/account-settings/dealer-portal/markup-overrides selectedId': {
    expect: 'refused',
    call: (a) => ({
      url: '/api/old/account-settings/dealer-portal/markup-overrides',
      body: markupBody({ overrideType: 'PRODUCT', selectedId: a.product.id }),
    }),
  },
  'POST /api/old/account-settings/dealer-portal/markup-overrides id': {
    expect: 'ignored',
    call: (a, b) => ({
      url: '/api/old/account-settings/dealer-portal/markup-overrides',
      body: markupBody({
        id: a.markupOverride.id,
        overrideType: 'CATEGORY',
        selectedId: b.categories[2]!.id,
      }),
    }),
  },
  'PUT /api/old/account-settings/dealer-portal/markup-overrides/:id selectedId': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/account-settings/dealer-portal/markup-overrides/${b.markupOverride.id}`,
      body: markupBody({ overrideType: 'PRODUCT', selectedId: a.product.id }),
    }),
  },
  'PUT /api/old/account-settings/dealer-portal/markup-overrides/:id id': {
    expect: 'ignored',
    call: (a, b) => ({
      url: `/api/old/account-settings/dealer-portal/markup-overrides/${b.markupOverride.id}`,
      body: markupBody({
        id: a.markupOverride.id,
        overrideType: 'CATEGORY',
        selectedId: b.categories[0]!.id,
      }),
    }),
  },
  'POST /api/account/web-settings/DEAL_WORKFLOWS workflows[].workflowId': {
    expect: 'refused',
    call: (a) => ({
      url: '/api/account/web-settings/DEAL_WORKFLOWS',
      body: { workflows: [{ workflowId: a.workflow.id, presetFilters: [] }] },
    }),
  },
  'POST /api/old/quotes/:orderId/windows order_windows[].order_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/quotes/${b.order.id}/windows`,
      body: { order_windows: [{ order_id: a.order.id }] },
    }),
  },
  'POST /api/old/quotes/:orderId/windows/:windowId/products order_id': {
    expect: 'refused',
    call: (a, b) => lineBody(b, { order_id: a.order.id }),
  },
  'POST /api/old/quotes/:orderId/windows/:windowId/products order_window_id': {
    expect: 'refused',
    call: (a, b) => lineBody(b, { order_window_id: a.orderWindow.id }),
  },
  'POST /api/old/quotes/:orderId/windows/:windowId/products product_id': {
    expect: 'refused',
    call: (a, b) => lineBody(b, { product_id: a.product.id }),
  },
  'POST /api/old/quotes/:orderId/windows/:windowId/products brand_id': {
    expect: 'refused',
    call: (a, b) => lineBody(b, { brand_id: a.product.brandId }),
  },
  'POST /api/old/quotes/:orderId/windows/:windowId/products category_id': {
    expect: 'refused',
    // Categories are shared; another one than the product's is refused the same way.
    call: (a, b) => lineBody(b, { category_id: a.categories.find((c) => c.id !== b.product.categoryId)!.id }),
  },
  'POST /api/old/quotes/:orderId/windows/copy-and-paste order_window_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/quotes/${b.order.id}/windows/copy-and-paste`,
      body: { order_window_id: a.orderWindow.id },
    }),
  },
  'POST /api/old/quotes/:orderId/windows/recalculate order_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/quotes/${b.order.id}/windows/recalculate`,
      body: { order_id: a.order.id },
    }),
  },
  'POST /api/personnel/create id': {
    expect: 'ignored',
    call: (a) => ({
      url: '/api/personnel/create',
      body: { id: a.person.id, name: intruder, email: 'intruder@example.test' },
    }),
  },
  'POST /api/old/quotes/:orderId/documents model_id': {
    expect: 'ignored',
    call: (a, b) => ({
      url: `/api/old/quotes/${b.order.id}/documents`,
      body: { data: [b.attachment.id], model: 'deal', model_id: a.deal.id },
    }),
  },
  'POST /api/purchaseorder filters.manufacturerId': {
    expect: 'ignored',
    call: (a) => ({ url: '/api/purchaseorder', body: { filters: { manufacturerId: a.supplier.id } } }),
  },
  'POST /api/old/quotes manufacturer_id': {
    expect: 'refused',
    call: (a) => ({ url: '/api/old/quotes', body: { manufacturer_id: a.supplier.id, sidemark: intruder } }),
  },
  'POST /api/old/quotes company_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: '/api/old/quotes',
      body: { manufacturer_id: b.supplier.id, company_id: a.dealer.companyId, sidemark: intruder },
    }),
  },
  'POST /api/old/quotes employee_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: '/api/old/quotes',
      body: { manufacturer_id: b.supplier.id, employee_id: a.dealer.userId, sidemark: intruder },
    }),
  },
  'POST /api/old/quotes/:id/update-details company_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/quotes/${b.purchaseOrder.id}/update-details`,
      body: { company_id: a.dealer.companyId, sidemark: intruder },
    }),
  },
  'POST /api/old/quotes/:id/update-details employee_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/quotes/${b.purchaseOrder.id}/update-details`,
      body: { employee_id: a.dealer.userId, sidemark: intruder },
    }),
  },
  // Not id-named fields (`…_ids`, `ids`), taught all the same: they name another dealer's rows.
  'POST /api/old/quotes/:id/clone order_window_ids[]': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/quotes/${b.purchaseOrder.id}/clone`,
      body: { order_window_ids: [a.purchaseOrder.windowId] },
    }),
  },
  'POST /api/old/orders/archive/1 ids[]': {
    expect: 'ignored',
    call: (a) => ({ url: '/api/old/orders/archive/1', body: { ids: [a.purchaseOrder.id] } }),
  },
  'POST /api/old/orders/archive/0 ids[]': {
    expect: 'ignored',
    call: (a) => ({ url: '/api/old/orders/archive/0', body: { ids: [a.purchaseOrder.id] } }),
  },
  'POST /api/deal-quotes/convert quoteId': {
    expect: 'refused',
    call: (a, b) => ({
      url: '/api/deal-quotes/convert',
      body: { quoteId: a.quote.id, manufacturerId: b.supplier.id },
    }),
  },
  'POST /api/old/quotes/:id/convert shipping_method_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/quotes/${b.purchaseOrder.id}/convert`,
      body: {
        required_date: '2100-01-01',
        shipping_method_id: a.supplier.shippingMethodId,
        shipping_address: intruder,
      },
    }),
  },
  'POST /api/order/:orderId/manufacturer/:manufacturerId/freight shippingMethodId': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/order/${b.purchaseOrder.id}/manufacturer/${b.supplier.id}/freight`,
      body: { shippingMethodId: a.supplier.shippingMethodId },
    }),
  },
  'POST /api/purchaseorder/:id/pdf shippingMethodId': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/purchaseorder/${b.purchaseOrder.id}/pdf`,
      body: { shippingMethodId: a.supplier.shippingMethodId },
    }),
  },
  'GET /api/old/orders/generate-pdf order_id': {
    expect: 'refused',
    call: (a) => ({ url: `/api/old/orders/generate-pdf?order_id=${a.purchaseOrder.id}` }),
  },
  'GET /api/old/orders/generate-pdf manufacturer_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/orders/generate-pdf?order_id=${b.purchaseOrder.id}&manufacturer_id=${a.supplier.id}`,
    }),
  },
  'GET /api/old/orders/generate-pdf shipping_method_id': {
    expect: 'refused',
    call: (a, b) => ({
      url: `/api/old/orders/generate-pdf?order_id=${b.purchaseOrder.id}&shipping_method_id=${a.supplier.shippingMethodId}`,
    }),
  },
  'POST /api/deal-quotes/convert manufacturerId': {
    expect: 'refused',
    call: (a, b) => ({
      url: '/api/deal-quotes/convert',
      body: { quoteId: b.quote.id, manufacturerId: a.supplier.id },
    }),
  },
  'PUT /api/personnel/:id/update id': {
    expect: 'ignored',
    call: (a, b) => ({
      url: `/api/personnel/${b.person.id}/update`,
      body: { id: a.person.id, name: intruder, email: 'intruder-2@example.test' },
    }),
  },
};

// Multipart routes (no body schema to walk): the id-like form fields each one reads.
const multipartIdFields: Record<string, string[]> = {
  'POST /api/old/documents': ['model_id'],
  'POST /api/old/account-settings/dealer-portal/logo': [],
  'POST /api/workflows/schema/import': [],
  'POST /api/contacts/import/preview': [],
  'POST /api/contacts/import': [],
};

// Tables a request may change without storing anything (sessions are touched once a minute).
const volatileTables: Record<string, string> = {
  sessions: 'a request may push its own session’s expiry forward',
  rate_limits: 'counters of requests, not data',
};

// ——— Helpers ———

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
const ID_KEY = /^(id|.*Id|.*_id)$/;

function fillerFor(url: string, param: string): ((f: Tenant) => string | number) | undefined {
  const segments = url.split('/');
  const at = segments.indexOf(`:${param}`);
  const [threeBefore, twoBefore, before] = [segments[at - 3], segments[at - 2], segments[at - 1]];
  return (
    idFor[`${threeBefore}/${twoBefore}/${before}/:${param}`] ??
    idFor[`${twoBefore}/${before}/:${param}`] ??
    idFor[`${before}/:${param}`] ??
    idFor[`:${param}`]
  );
}

/** The route's URL with each param taken from the given tenant (one per param, in order). */
function fill(url: string, owners: Tenant[]): string {
  let i = 0;
  return url.replace(/:([A-Za-z]+)/g, (_, param: string) =>
    encodeURIComponent(String(fillerFor(url, param)!(owners[i++]!))),
  );
}

type ZodDef = {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  out?: unknown;
  element?: unknown;
  options?: unknown[];
  valueType?: unknown;
  left?: unknown;
  right?: unknown;
};
const defOf = (schema: unknown) => (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;

/** Paths of the id-like fields of a zod schema: `workflowId`, `workflows[].workflowId`. */
function idFields(schema: unknown, at = ''): string[] {
  const def = defOf(schema);
  if (!def) return [];
  const found = new Set<string>();
  const walk = (s: unknown, p: string) => {
    for (const f of idFields(s, p)) found.add(f);
  };
  if (def.type === 'object') {
    for (const [key, value] of Object.entries(def.shape ?? {})) {
      const p = at ? `${at}.${key}` : key;
      if (ID_KEY.test(key)) found.add(p);
      walk(value, p);
    }
  } else if (def.type === 'array') walk(def.element, `${at}[]`);
  else if (def.type === 'record') walk(def.valueType, `${at}.*`);
  else if (def.type === 'union') for (const o of def.options ?? []) walk(o, at);
  else if (def.type === 'intersection') for (const o of [def.left, def.right]) walk(o, at);
  else if (def.type === 'pipe') for (const o of [def.in, def.out]) walk(o, at);
  else if (def.innerType) walk(def.innerType, at);
  return [...found];
}

/** Whether a list's query has a free-text `search`. */
function searchable(r: ApiRoute): boolean {
  const shape = defOf(r.contract.query)?.shape;
  return !!shape && 'search' in shape;
}

/** Whether the answer mentions any of the tenant's own strings (case-insensitive). */
function leaked(res: LightMyRequestResponse, owner: Tenant): string[] {
  const text = `${JSON.stringify(res.headers)}\n${res.body}`.toLowerCase();
  return owner.tokens.filter((token) => text.includes(token.toLowerCase()));
}

const isStream = (r: ApiRoute) => 'produces' in r.contract && r.contract.produces === 'text/event-stream';
const isRead = (r: ApiRoute) =>
  !isStream(r) &&
  (r.method === 'GET' || (r.method === 'POST' && !r.contract.csrf && r.contract.auth === 'session'));

function errorCode(res: LightMyRequestResponse): string | undefined {
  try {
    return res.json<{ error?: { code?: string } }>().error?.code;
  } catch {
    return undefined;
  }
}

function normalize(res: LightMyRequestResponse): string {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json')) return res.body;
  if (type.startsWith('text/calendar')) return res.body.replace(/^DTSTAMP:.*$/gm, 'DTSTAMP:…');
  if (type.startsWith('text/')) return res.body;
  return `${type} sha256:${createHash('sha256').update(res.rawPayload).digest('hex')}`;
}

async function send(client: TestClient, call: Call): Promise<LightMyRequestResponse> {
  if (call.form)
    return uploadAs(
      client,
      call.url,
      { field: 'document', filename: 'intruder.pdf', content: PDF },
      call.form,
    );
  return client.request(call.method, call.url, call.body);
}

// ——— The run ———

/**
 * A copy of a tenant whose ids name nothing: every number under an `id`/`…Id` key becomes one
 * past any serial this test can reach, and every UUID a fresh one; the same id always maps to the
 * same ghost, so ids that must agree (a deal's status and its workflow's statuses) still do.
 */
function ghostOf(tenant: Tenant): Tenant {
  const numbers = new Map<number, number>();
  const uuids = new Map<string, string>();
  const isIdKey = (key: string) => key === 'id' || /Id$|_id$/.test(key);
  const walk = (value: unknown, key: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => walk(item, key));
    if (value && typeof value === 'object' && !(value instanceof TestClient))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (!isIdKey(key)) return value;
    if (typeof value === 'number') {
      if (!numbers.has(value)) numbers.set(value, 2_000_000_000 + numbers.size);
      return numbers.get(value);
    }
    if (typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)) {
      if (!uuids.has(value)) uuids.set(value, randomUUID());
      return uuids.get(value);
    }
    return value;
  };
  return walk(tenant, '') as Tenant;
}

let t: TestApp;
let app: FastifyInstance;
let A: Tenant;
let B: Tenant;
let fingerprint: () => Promise<Record<string, string>>;
const count = {
  routes: 0,
  foreignCalls: 0,
  capabilityCalls: 0,
  refCalls: 0,
  listCalls: 0,
  listsWithRowsOfA: 0,
  checks: 0,
};
const started = Date.now();

beforeAll(async () => {
  // The matrix reads A's public pages hundreds of times from one address: not the per-address limit's test.
  t = await createTestApp({ env: { SLAT_PUBLIC_READS_PER_MINUTE: '100000' } });
  app = t.app;
  A = await createTenant(t, 'A');
  B = await createTenant(t, 'B');
  fingerprint = await storeFingerprint(t, volatileTables);
});
afterAll(async () => {
  const checks = count.checks;
  console.log(
    `tenancy matrix: ${count.routes} routes with an id × B's session → ${count.foreignCalls} foreign-id calls, ` +
      `${count.capabilityCalls} capability calls, ${count.refCalls} foreign references in bodies/queries, ` +
      `${count.listCalls} list reads (${count.listsWithRowsOfA} lists show A's rows to A, none to B); ${checks} checks in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await t?.close();
});

// The supplier API takes a supplier's bearer credential, never a dealer's session (guards.test.ts);
// its isolation (a token sees its supplier's orders only, a link its one order) is proven in
// supplier-api.test.ts and supplier-orders.test.ts.
const routes = () => app.apiRoutes.filter((r) => r.url.startsWith('/api/') && r.contract.auth !== 'supplier');
const idRoutes = () => routes().filter((r) => paramsOf(r.url).length > 0);

/** Every read route as A, with A's ids: what "nothing changed" is compared against. */
async function snapshotOfA(): Promise<Record<string, string>> {
  const reads = routes().filter(
    (r) =>
      isRead(r) &&
      (r.contract.auth === 'session' || paramsOf(r.url).length > 0) &&
      !r.url.startsWith('/api/test/'),
  );
  const answers = await Promise.all(
    reads.map(async (r) => {
      const url = fill(
        r.url,
        paramsOf(r.url).map(() => A),
      );
      const query = queries[routeKey(r)]?.(A);
      const res = await A.client.request(r.method, query ? `${url}?${query}` : url, bodies[routeKey(r)]?.(A));
      return [routeKey(r), `${res.statusCode} ${normalize(res)}`] as const;
    }),
  );
  return Object.fromEntries(answers);
}

/**
 * Calls every route of `matrix` as `caller` (B) with A's ids, in every mix of A's and B's ids,
 * and answers what went wrong: not a 404, A's strings in the answer, stored data changed, or
 * (after a write) A's reads changed. Reads first, deletes last.
 */
async function foreignIdProblems(
  caller: TestClient,
  matrix: ApiRoute[],
  { bodyOf = bodies, tally = count }: { bodyOf?: typeof bodies; tally?: typeof count } = {},
): Promise<string[]> {
  const problems: string[] = [];
  let snapshot = await snapshotOfA();
  let stored = await fingerprint();
  const order = { GET: 0, POST: 1, PUT: 2, DELETE: 3 } as const;
  for (const r of [...matrix].sort((x, y) => order[x.method] - order[y.method])) {
    const params = paramsOf(r.url);
    // Every assignment of A or B to the params except all-B: A's id anywhere must be refused.
    for (let mask = 1; mask < 1 << params.length; mask++) {
      const owners = params.map((_, i) => (mask & (1 << i) ? A : B));
      const url = fill(r.url, owners);
      const body = bodyOf[routeKey(r)]?.(owners[owners.length - 1]!);
      const where = `${r.method} ${url}${body === undefined ? '' : ` ${JSON.stringify(body)}`} (${routeKey(r)}, ids of ${owners.map((o) => o.label).join('')})`;
      const res = await caller.request(r.method, url, body);
      tally.foreignCalls++;
      if (res.statusCode !== 404 || errorCode(res) !== 'NOT_FOUND')
        problems.push(`${where} as B → ${res.statusCode} ${res.body.slice(0, 300)}`);
      const seen = leaked(res, A);
      if (seen.length) problems.push(`${where} as B: the answer shows A's ${seen.join(', ')}`);
      const now = await fingerprint();
      const changed = changedKeys(stored, now);
      if (changed.length) problems.push(`${where} as B changed stored data: ${changed.join(', ')}`);
      stored = now;
      tally.checks += 4;
      if (r.method !== 'GET') {
        const after = await snapshotOfA();
        const differs = changedKeys(snapshot, after);
        if (differs.length) problems.push(`${where} as B changed what A reads: ${differs.join(', ')}`);
        snapshot = after;
        tally.checks += Object.keys(after).length;
      }
    }
  }
  return problems;
}

/** What the tables above cannot do for these routes: each entry names the route and the table to teach. */
function teachingProblems(list: ApiRoute[]): string[] {
  const problems: string[] = [];
  for (const r of list) {
    const key = routeKey(r);
    for (const param of paramsOf(r.url)) {
      if (!fillerFor(r.url, param))
        problems.push(`teach tenancy.test.ts how to fill :${param} for ${key} (idFor)`);
    }
    const inMatrix = paramsOf(r.url).length > 0 && !(key in capabilities) && !(key in publicWrites);
    if (r.contract.body && (inMatrix || isRead(r))) {
      const build = bodies[key];
      if (!build) problems.push(`teach tenancy.test.ts a valid body for ${key} (bodies)`);
      else {
        const parsed = r.contract.body.safeParse(build(A));
        if (!parsed.success)
          problems.push(
            `the body tenancy.test.ts sends to ${key} no longer fits its contract: ${parsed.error.message}`,
          );
      }
    }
    if (
      r.contract.query &&
      !r.contract.query.safeParse({}).success &&
      !queries[key] &&
      !(key in capabilities)
    )
      problems.push(`teach tenancy.test.ts the required query of ${key} (queries)`);
    const fields = [
      ...idFields(r.contract.body),
      ...idFields(r.contract.query),
      ...(multipartIdFields[key] ?? []),
    ];
    if (
      !r.contract.body &&
      r.method !== 'GET' &&
      /multipart/i.test(r.contract.summary) &&
      !(key in multipartIdFields)
    )
      problems.push(`teach tenancy.test.ts the id-like form fields of ${key} (multipartIdFields)`);
    for (const field of fields) {
      if (!refs[`${key} ${field}`])
        problems.push(`teach tenancy.test.ts what ${key} does with another dealer's id in '${field}' (refs)`);
    }
  }
  return problems;
}

describe('tenant isolation, generated from the route table', () => {
  it('can fill every id, body and query the routes need (or says which route to teach it)', () => {
    expect(teachingProblems(routes())).toEqual([]);
    const stale = Object.keys(refs).filter((key) => {
      const [method, url] = key.split(' ');
      return !routes().some((r) => r.method === method && r.url === url);
    });
    expect(stale, 'refs entries naming routes that are not registered').toEqual([]);
    expect(idRoutes().length).toBeGreaterThan(25);
  });

  it("answers 404 to B for every route with A's ids (and every mix of A's and B's), changing nothing", async () => {
    const baseline = await snapshotOfA();
    // A's own reads all succeed: every id in the matrix is live.
    const dead = Object.entries(baseline).filter(([, answer]) => !answer.startsWith('200 '));
    expect(dead.map(([key, answer]) => `A's own ${key} → ${answer.slice(0, 200)}`)).toEqual([]);
    count.checks += Object.keys(baseline).length;
    const matrix = idRoutes().filter((r) => !(routeKey(r) in capabilities) && !(routeKey(r) in publicWrites));
    count.routes = matrix.length;
    expect(await foreignIdProblems(B.client, matrix)).toEqual([]);
    expect(changedKeys(baseline, await snapshotOfA())).toEqual([]);
  }, 180_000); // one call per route and mix of ids: a few seconds quiet, a minute on a loaded machine

  it('gives B nothing more than anyone for the public capabilities (files, calendar feeds)', async () => {
    const anonymous = new TestClient(app);
    for (const r of idRoutes().filter((x) => routeKey(x) in capabilities)) {
      const url = fill(
        r.url,
        paramsOf(r.url).map(() => A),
      );
      const before = await fingerprint();
      const asB = await B.client.request(r.method, url);
      const asNobody = await anonymous.request(r.method, url);
      count.capabilityCalls += 2;
      expect(asB.statusCode, `${routeKey(r)}: A's own link works`).toBe(200);
      expect({ status: asB.statusCode, body: normalize(asB) }, routeKey(r)).toEqual({
        status: asNobody.statusCode,
        body: normalize(asNobody),
      });
      // B's session opens nothing for a made-up secret either: each secret in the path, same length, made up.
      const forged = paramsOf(r.url)
        .map((p) => String(fillerFor(r.url, p)!(A)).replace(/\.ics$/, ''))
        .filter((secret) => secret.length >= 10)
        .reduce((u, secret) => u.replace(secret, secret.replace(/[A-Za-z0-9]/g, 'A')), url);
      expect(forged, `${routeKey(r)}: a secret to forge`).not.toBe(url);
      expect((await B.client.request(r.method, forged)).statusCode, `${routeKey(r)} forged`).toBe(
        forgedStatus[routeKey(r)] ?? 404,
      );
      expect(changedKeys(before, await fingerprint())).toEqual([]);
      count.capabilityCalls++;
      count.checks += 5;
    }
  });

  it("refuses or ignores A's ids in B's bodies and queries, changing nothing of A's", async () => {
    const problems: string[] = [];
    let snapshot = await snapshotOfA();
    for (const [key, ref] of Object.entries(refs)) {
      if ('skip' in ref) continue;
      const method = key.split(' ')[0] as Call['method'];
      const call = { method, ...ref.call(A, B) };
      const where = `${key}: ${method} ${call.url} ${JSON.stringify(call.body ?? call.form ?? '')}`;
      const before = await fingerprint();
      const res = await send(B.client, call);
      count.refCalls++;
      if (ref.expect === 'refused') {
        if (![400, 404, 409].includes(res.statusCode))
          problems.push(`${where} as B → ${res.statusCode}, expected a refusal: ${res.body.slice(0, 300)}`);
        const changed = changedKeys(before, await fingerprint());
        if (changed.length) problems.push(`${where} as B changed stored data: ${changed.join(', ')}`);
      } else if (res.statusCode !== 200) {
        problems.push(
          `${where} as B → ${res.statusCode}, expected the id to be ignored: ${res.body.slice(0, 300)}`,
        );
      }
      const seen = leaked(res, A);
      if (seen.length) problems.push(`${where} as B: the answer shows A's ${seen.join(', ')}`);
      const after = await snapshotOfA();
      const differs = changedKeys(snapshot, after);
      if (differs.length) problems.push(`${where} as B changed what A reads: ${differs.join(', ')}`);
      snapshot = after;
      count.checks += 3 + Object.keys(after).length;
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("answers A's ids in B's bodies and queries exactly as ids that name no row", async () => {
    // A ghost of A: every id replaced (consistently) by one no row has, so each refused call can
    // be sent twice, once naming A's row and once naming nothing, and the answers compared.
    const ghost = ghostOf(A);
    const problems: string[] = [];
    for (const [key, ref] of Object.entries(refs)) {
      if ('skip' in ref || ref.expect !== 'refused') continue;
      const method = key.split(' ')[0] as Call['method'];
      const foreign = await send(B.client, { method, ...ref.call(A, B) });
      const missing = await send(B.client, { method, ...ref.call(ghost, B) });
      const answer = (res: LightMyRequestResponse) =>
        `${res.statusCode} ${res.body.replaceAll(/\d{4,}|[0-9a-f-]{36}/g, '…')}`;
      if (answer(foreign) !== answer(missing))
        problems.push(`${key}: A's id → ${answer(foreign)}; no such id → ${answer(missing)}`);
    }
    expect(problems).toEqual([]);
  });

  it("never shows A's rows in a list B reads, even when B searches for them", async () => {
    const problems: string[] = [];
    const showsOwnRows: string[] = [];
    const lists = routes().filter(
      (r) => isRead(r) && paramsOf(r.url).length === 0 && !(routeKey(r) in notLists),
    );
    for (const r of lists) {
      const key = routeKey(r);
      const query = queries[key]?.(B);
      const probes = [query ? `${r.url}?${query}` : r.url];
      // Where the list can be searched, B also searches for A's marker.
      if (searchable(r)) probes.push(`${probes[0]}${query ? '&' : '?'}search=${A.marker}`);
      // The same list as A shows A's rows: B's answer lacking them means something.
      const ownQuery = queries[key]?.(A);
      const own = await A.client.request(
        r.method,
        ownQuery ? `${r.url}?${ownQuery}` : r.url,
        bodies[key]?.(A),
      );
      if (leaked(own, A).length) showsOwnRows.push(key);
      for (const url of probes) {
        const body = bodies[key]?.(B);
        const res = await B.client.request(r.method, url, body);
        count.listCalls++;
        if (res.statusCode !== 200)
          problems.push(`${r.method} ${url} as B → ${res.statusCode} ${res.body.slice(0, 200)}`);
        const seen = leaked(res, A);
        if (seen.length) problems.push(`${r.method} ${url} as B shows A's ${seen.join(', ')}`);
        count.checks += 2;
      }
    }
    // The contact and purchase-order searches take their search in the body.
    for (const url of ['/api/contacts', '/api/purchaseorder']) {
      const search = await B.client.post(url, { filters: { search: A.marker } });
      expect(search.json(), url).toEqual({ total: 0, data: [] });
      count.listCalls++;
      count.checks++;
    }
    expect(problems).toEqual([]);
    expect(lists.length).toBeGreaterThan(20);
    count.listsWithRowsOfA = showsOwnRows.length;
    expect(showsOwnRows.length, showsOwnRows.join(', ')).toBeGreaterThan(15);
  });

  it("sends B's live-board stream nothing of A's, even opened on A's workflow", async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const open = (client: TestClient, workflowId: number) => {
      let text = '';
      let status = 0;
      const req = http.get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/deals/stream?workflowId=${workflowId}`,
          headers: { cookie: `slat_session=${client.cookie}` },
        },
        (res) => {
          status = res.statusCode ?? 0;
          res.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
        },
      );
      req.on('error', () => {});
      return { req, text: () => text, status: () => status };
    };
    const mine = open(A.client, A.workflow.id);
    const theirs = open(B.client, A.workflow.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const renamed = await A.client.put(`/api/deals/${A.relatedDeal.id}`, {
      name: `Related ${A.marker} (renamed)`,
    });
    expect(renamed.statusCode).toBe(200);
    const deadline = Date.now() + 3000;
    while (!mine.text().includes('event: deal') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));
    await new Promise((resolve) => setTimeout(resolve, 300));
    mine.req.destroy();
    theirs.req.destroy();
    expect(mine.text(), "A's own stream sees the change").toContain(`"dealId":${A.relatedDeal.id}`);
    // A foreign workflow id opens an empty stream (or a 404): never an event of A's.
    expect([200, 404]).toContain(theirs.status());
    expect(theirs.text()).not.toContain('event: deal');
    count.checks += 3;
  });
});

describe('the matrix itself', () => {
  it('catches a route that forgets to scope by account, and one it cannot fill', async () => {
    // Two careless routes in a throwaway app on the same database: one reads any deal, one edits
    // any note. The matrix, run on them with B's session, must name both.
    const readAnyDeal = defineEndpoint({
      method: 'GET',
      path: '/careless/deals/:dealId',
      summary: 'Reads a deal by id alone',
      params: z.object({ dealId: z.coerce.number().int().positive() }),
      response: z.object({ name: z.string() }),
    });
    const editAnyNote = defineEndpoint({
      method: 'PUT',
      path: '/careless/notes/:noteId',
      summary: 'Edits a note by id alone',
      params: z.object({ noteId: z.coerce.number().int().positive() }),
      body: z.strictObject({ content: z.string() }),
      response: z.object({ success: z.literal(true) }),
    });
    const readWidget = defineEndpoint({
      method: 'GET',
      path: '/careless/widgets/:widgetId',
      summary: 'A route with an id the matrix was never taught',
      params: z.object({ widgetId: z.coerce.number().int().positive() }),
      response: z.object({}),
    });
    const careless = await buildApp({
      services: t.services,
      modules: [
        {
          name: 'careless',
          register: (api) => {
            route(api, readAnyDeal, async ({ params }) => {
              const [row] = await t.db
                .select({ name: deals.name })
                .from(deals)
                .where(eq(deals.id, params.dealId));
              return { name: row?.name ?? '' };
            });
            route(api, editAnyNote, async ({ params, body }) => {
              await t.db
                .update(dealNotes)
                .set({ content: body.content })
                .where(eq(dealNotes.id, params.noteId));
              return { success: true as const };
            });
            route(api, readWidget, async () => ({}));
          },
        },
      ],
    });
    try {
      await careless.ready();
      const asB = new TestClient(careless, B.client.ip);
      asB.cookie = B.client.cookie;
      asB.token = B.client.token;
      expect(teachingProblems(careless.apiRoutes)).toEqual([
        'teach tenancy.test.ts a valid body for PUT /api/careless/notes/:noteId (bodies)',
        'teach tenancy.test.ts how to fill :widgetId for GET /api/careless/widgets/:widgetId (idFor)',
      ]);
      const fillable = careless.apiRoutes.filter((r) => paramsOf(r.url).every((p) => fillerFor(r.url, p)));
      const problems = await foreignIdProblems(asB, fillable, {
        bodyOf: { 'PUT /api/careless/notes/:noteId': () => ({ content: intruder }) },
        tally: { ...count },
      });
      const joined = problems.join('\n');
      expect(joined).toContain(
        `GET /api/careless/deals/${A.deal.id} (GET /api/careless/deals/:dealId, ids of A) as B → 200`,
      );
      expect(joined).toContain(
        `(GET /api/careless/deals/:dealId, ids of A) as B: the answer shows A's ${A.marker}`,
      );
      expect(joined).toContain(
        `PUT /api/careless/notes/${A.note.id} {"content":"Intruder"} (PUT /api/careless/notes/:noteId, ids of A) as B → 200`,
      );
      expect(joined).toContain('as B changed stored data: deal_notes');
      expect(joined).toContain('as B changed what A reads: GET /api/deals/:dealId/notes');
    } finally {
      await careless.close();
    }
  });
});
