import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DealDetail, Workflow } from '@slat/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { seedSupplierDocuments } from '../src/db/seed/documents';
import { importCatalog, linkAccountToSupplier } from '../src/modules/catalog/index';
import { createDealer, signedInClient, type TestApp, TestClient, uploadAs } from './harness';

// One dealer owning one of everything, made through the API (the catalog side through the
// catalog import, as suppliers arrive in production). Every row it owns carries `marker` in a
// name, so a foreign row in another dealer's answer shows up by a plain text search.

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

function ok(res: LightMyRequestResponse, what: string): LightMyRequestResponse {
  if (res.statusCode !== 200) throw new Error(`tenancy fixture: ${what} → ${res.statusCode} ${res.body}`);
  return res;
}

/** A dealer with one of every resource, each named with a unique marker. */
export async function createTenant(t: TestApp, label: string) {
  const marker = `tnt${label.toLowerCase()}${randomBytes(5).toString('hex')}`;
  const dealer = await createDealer(t.db, {
    username: `user-${marker}`,
    company: `Company ${marker}`,
    lastName: `Owner ${marker}`,
    email: `owner-${marker}@example.test`,
    address: `1 ${marker} Street, Sydney NSW 2000`,
  });
  const client = await signedInClient(t, dealer);
  const post = async (url: string, body?: unknown) => ok(await client.post(url, body), `POST ${url}`).json();
  const get = async (url: string) => ok(await client.get(url), `GET ${url}`).json();

  // Catalog: a supplier linked to this dealer only, one product, a bundle of it, its documents.
  const supplierKey = `supplier-${marker}`;
  await importCatalog(t.db, {
    suppliers: [
      {
        key: supplierKey,
        name: `Supplier ${marker}`,
        shippingMethods: [
          { name: `Courier ${marker}`, address: null },
          { name: `Pick up ${marker}`, address: `2 ${marker} Road` },
        ],
        brands: [{ name: `Brand ${marker}` }],
        products: [
          {
            key: 'roller',
            name: `Roller ${marker}`,
            brand: `Brand ${marker}`,
            category: 'roller',
            hasWidth: true,
            hasHeight: true,
            hasQuantity: true,
            unit: 'mm',
            sizeLimits: { minWidth: 300, maxWidth: 1200, minHeight: 300, maxHeight: 1200 },
            priceGrid: {
              widths: [600, 1200],
              drops: [600, 1200],
              rows: [
                ['10.00', '20.00'],
                ['30.00', '40.00'],
              ],
            },
          },
        ],
      },
    ],
    bundles: [{ key: `bundle-${marker}`, name: `Bundle ${marker}`, products: [`${supplierKey}/roller`] }],
  });
  await linkAccountToSupplier(t.db, dealer.accountId, supplierKey);
  await seedSupplierDocuments(t.db);
  const settings = await get('/api/old/account-settings');
  const supplierRow = settings.manufacturers.find((m: { name: string }) => m.name.includes(marker));
  const supplier = {
    id: supplierRow.id as number,
    shippingMethodId: supplierRow.shipping_methods[1].id as number,
  };
  await post(`/api/old/account-settings/manufacturer/${supplier.id}/customer-settings`, {
    default_shipping_method_id: supplierRow.shipping_methods[0].id,
  });
  const options = await get(
    `/api/old/account-settings/dealer-portal/markup-overrides/options?search=${encodeURIComponent(marker)}`,
  );
  const productId = options.products[0].id as number;
  const productDetail = await get(`/api/old/products/${productId}/detail`);
  const product = {
    id: productId,
    brandId: productDetail.brand_id as number,
    categoryId: productDetail.category_id as number,
  };
  const categories = (await get('/api/old/account-settings/dealer-portal/markup-overrides/options'))
    .categories as { id: number; name: string }[];
  const supplierDocument = {
    id: (await get('/api/old/manufacturer-documents')).find(
      (d: { manufacturer_id: number }) => d.manufacturer_id === supplier.id,
    ).id as number,
  };
  const bundle = {
    id: (await get('/api/bundles')).find((b: { name: string }) => b.name.includes(marker)).id as number,
  };
  await post(`/api/bundles/${bundle.id}/subscribe`, { templateValues: {} });

  // Settings: company, dealer settings with an uploaded logo, markup overrides.
  await post('/api/old/account-settings/main-company', {
    company_name: `Company ${marker}`,
    email: `office-${marker}@example.test`,
    phone: '02 9000 0000',
  });
  const logoRes = ok(
    await uploadAs(client, '/api/old/account-settings/dealer-portal/logo', {
      filename: `logo-${marker}.png`,
      content: PNG,
    }),
    'logo upload',
  ).json();
  const logo = {
    fileId: logoRes.companyLogoDocumentId as number,
    url: logoRes.companyLogoDocumentUrl as string,
    publicId: (logoRes.companyLogoDocumentUrl as string).split('/').pop()!,
  };
  await post('/api/old/account-settings/dealer-portal', {
    companyDetails: `Details ${marker}`,
    bindingText: `Terms ${marker}`,
    companyDeliveryAddress: `3 ${marker} Lane`,
  });
  const markupOverride = await post('/api/old/account-settings/dealer-portal/markup-overrides', {
    overrideType: 'CATEGORY',
    selectedId: categories[0]!.id,
    adjustmentType: 'PERCENT_MARK_UP',
    adjustmentValue: '12.5',
  });
  await post('/api/old/account-settings/dealer-portal/markup-overrides', {
    overrideType: 'PRODUCT',
    selectedId: product.id,
    adjustmentType: 'PERCENT_MARGIN',
    adjustmentValue: '20',
  });

  // Workflows: the default Residential one holds the deals; an imported one is editable.
  const workflows = (await get('/api/workflows')) as Workflow[];
  const workflow = workflows.find((w) => w.slug === 'residential') ?? workflows[0]!;
  const imported = ok(
    await uploadAs(client, '/api/workflows/schema/import', {
      filename: 'workflow.json',
      content: JSON.stringify({
        format: 'slat.workflow',
        version: 1,
        name: `Workflow ${marker}`,
        statuses: [{ name: `Status ${marker}`, slug: 'first', phase: 'New' }],
        flags: [],
      }),
    }),
    'workflow import',
  ).json() as Workflow;
  await post('/api/account/web-settings/DEAL_WORKFLOWS', {
    workflows: [
      { workflowId: workflow.id, presetFilters: [{ name: `Preset ${marker}`, params: 'status=new' }] },
    ],
  });

  // People and contacts.
  const contact = await post('/api/contacts/create', {
    name: `Contact ${marker}`,
    email: `contact-${marker}@example.test`,
    phone: '02 9000 1111',
  });
  await post(`/api/contacts/${contact.id}/update`, {
    externalLink: `https://crm.example/${marker}`,
    providerSchema: 'crm',
    externalData: { note: marker },
  });
  const person = await post('/api/personnel/create', {
    name: `Person ${marker}`,
    email: `person-${marker}@example.test`,
    labels: [`Label ${marker}`],
    notes: `Notes ${marker}`,
  });

  // Deals and what hangs off them.
  const deal = (await post('/api/deals', {
    workflowId: workflow.id,
    name: `Deal ${marker}`,
    description: `Description ${marker}`,
    contactId: contact.id,
  })) as DealDetail;
  const relatedDeal = (await post('/api/deals', {
    workflowId: workflow.id,
    name: `Related ${marker}`,
  })) as DealDetail;
  await post(`/api/deals/${deal.id}/related`, { relatedDealId: relatedDeal.id });
  const flagDef = workflow.flags[0]!;
  const flag = { id: flagDef.id, valueId: flagDef.values[1]!.id };
  await post(`/api/deals/${deal.id}/flags/${flag.id}`, { valueId: flag.valueId });
  const note = await post(`/api/deals/${deal.id}/notes`, { content: `Note ${marker}` });
  const event = await post(`/api/deals/${deal.id}/events`, {
    title: `Visit ${marker}`,
    location: `4 ${marker} Avenue`,
    temporalData: {
      timespan: {
        start: '2026-12-07 13:30:00',
        end: '2026-12-07 14:30:00',
        startZone: 'UTC',
        endZone: 'UTC',
      },
    },
  });
  const attachment = ok(
    await uploadAs(
      client,
      '/api/old/documents',
      { field: 'document', filename: `plan-${marker}.pdf`, content: PDF },
      { friendly_name: `Plans ${marker}`, model: 'deal', model_id: String(deal.id) },
    ),
    'attachment upload',
  ).json().data as { id: number };

  // A deal quote, its order with a window holding one line, and the deal's attachment attached to it.
  const quoteId = (
    await post(`/api/deals/${deal.id}/quotes/legacy/add`, {
      description: `Quote ${marker}`,
      customerNotes: `Customer notes ${marker}`,
    })
  ).id as number;
  const orderId = (await get(`/api/deal-quotes/${quoteId}`)).externalId as number;
  await post(`/api/old/quotes/${orderId}/documents`, { data: [attachment.id], category: marker });
  const [orderWindow] = (
    await post(`/api/old/quotes/${orderId}/windows`, {
      order_windows: [{ order_id: orderId, name: `Building/Window ${marker}`, width: 900, height: 900 }],
    })
  ).data as { id: number }[];
  const orderLine = {
    id: (
      await post(`/api/old/quotes/${orderId}/windows/${orderWindow!.id}/products`, { product_id: product.id })
    ).order_window_product_id as number,
  };

  // A purchase order of the dealer's supplier, with a window holding one line.
  const purchaseOrder = (
    await post('/api/old/quotes', {
      manufacturer_id: supplier.id,
      sidemark: `Sidemark ${marker}`,
      details: `Details ${marker}`,
    })
  ).data as { id: number };
  const [purchaseOrderWindow] = (
    await post(`/api/old/quotes/${purchaseOrder.id}/windows`, {
      order_windows: [
        { order_id: purchaseOrder.id, name: `Order window ${marker}`, width: 900, height: 900 },
      ],
    })
  ).data as { id: number }[];
  await post(`/api/old/quotes/${purchaseOrder.id}/windows/${purchaseOrderWindow!.id}/products`, {
    product_id: product.id,
  });

  // Its supplier orders, as submission and an offline-only supplier's manual entry make them (a
  // second supplier for the offline one: one supplier order per order and supplier).
  const offlineSupplier = await t.pool.query<{ id: number }>(
    `INSERT INTO manufacturers (key, name, offline_only) VALUES ($1, $2, true) RETURNING id`,
    [`offline-${marker}`, `Offline supplier ${marker}`],
  );
  const supplierOrders = await t.pool.query<{ id: number; is_offline: boolean }>(
    `INSERT INTO supplier_orders (account_id, order_id, manufacturer_id, is_offline, reference)
     VALUES ($1, $2, $3, false, $4), ($1, $2, $5, true, $4) RETURNING id, is_offline`,
    [dealer.accountId, purchaseOrder.id, supplier.id, `Reference ${marker}`, offlineSupplier.rows[0]!.id],
  );
  const supplierOrder = { id: supplierOrders.rows.find((r) => !r.is_offline)!.id };
  const offlineSupplierOrder = { id: supplierOrders.rows.find((r) => r.is_offline)!.id };

  // The quote's PDFs: the company's three templates, each PDF rendered once (so reads
  // after this store nothing new: an unchanged quote answers its stored file).
  for (const type of ['QUOTE', 'MEASURE', 'INSTALL', 'PURCHASE_ORDER'])
    await t.pool.query('INSERT INTO pdf_templates (account_id, type) VALUES ($1, $2)', [
      dealer.accountId,
      type,
    ]);
  const quotePdf = { fileId: Number((await get(`/api/deal-quotes/${quoteId}/pdf`)).url.split('/').pop()) };
  await get(`/api/deal-quotes/${quoteId}/measure-pdf`);
  await get(`/api/deal-quotes/${quoteId}/install-pdf`);
  // The purchase order's preview (the review's defaults), rendered once like the quote's PDFs.
  const purchaseOrderPdf = {
    fileId: Number((await post(`/api/purchaseorder/${purchaseOrder.id}/pdf`, {})).url.split('/').pop()),
  };

  // Payments: a manual one recorded on the deal, and a card request (the account's card account
  // set) with its open checkout session, so the public payment calls have a live link.
  const payment = (await post(`/api/deals/${deal.id}/payments`, {
    type: 'MANUAL',
    status: 'REQUESTED',
    amount: '25.00',
    description: `Manual ${marker}`,
  })) as { id: number };
  ok(
    await client.put('/api/account-settings/card-payments', { accountId: `acct_${marker}` }),
    'card account',
  );
  const {
    rows: [card],
  } = await t.pool.query<{ public_id: string }>(
    `INSERT INTO deal_payments (account_id, deal_id, type, status, amount, description)
     VALUES ($1, $2, 'STRIPE', 'REQUESTED', 40, $3) RETURNING public_id`,
    [dealer.accountId, deal.id, `Card ${marker}`],
  );
  const anonymous = new TestClient(t.app);
  const session = ok(
    await anonymous.post(`/api/public/payment/${card!.public_id}/create-session`, {}),
    'checkout session',
  ).json() as { sessionId: string };
  // The customer's quote link, opened once (the first open is recorded) with its PDF made.
  const customerUrl = (await get(`/api/deal-quotes/${quoteId}/customer-link`)).url as string;
  const customerQuote = { publicId: customerUrl.split('/').pop()! };
  ok(await anonymous.get(`/api/customerquote/${customerQuote.publicId}`), 'customer quote');
  ok(await anonymous.get(`/api/customerquote/${customerQuote.publicId}/pdf`), 'customer quote PDF');

  // The user's calendar: the virtual calendar linked and a private feed.
  await post('/api/account/virtual-calendar/link');
  const feedUrl = (await post('/api/calendar/feed')).url as string;
  const feed = { file: feedUrl.split('/').pop()!, path: new URL(feedUrl).pathname };

  return {
    label,
    marker,
    dealer,
    client,
    supplier,
    product,
    categories,
    supplierDocument,
    bundle,
    logo,
    markupOverride: { id: markupOverride.id as number },
    workflow: (await get(`/api/workflows/${workflow.id}`)) as Workflow,
    importedWorkflow: imported,
    contact: { id: contact.id as string },
    person: { id: person.id as number },
    deal: (await get(`/api/deals/${deal.id}`)) as DealDetail,
    relatedDeal,
    flag,
    note: { id: note.id as number },
    event: { id: event.id as number },
    attachment,
    // Read after the line write: the quote's lastUpdatedAt as a pricing write must send it.
    quote: { id: quoteId, lastUpdatedAt: (await get(`/api/deal-quotes/${quoteId}`)).lastUpdatedAt as string },
    order: { id: orderId },
    orderWindow: { id: orderWindow!.id },
    orderLine,
    purchaseOrder: { id: purchaseOrder.id, windowId: purchaseOrderWindow!.id },
    quotePdf,
    purchaseOrderPdf,
    supplierOrder,
    offlineSupplierOrder,
    payment: { id: payment.id },
    cardPayment: { publicId: card!.public_id },
    checkoutSession: { sessionId: session.sessionId },
    customerQuote,
    feed,
    /** Strings only this tenant's data contains: the marker, the contact's uuid, the logo's and feed's secrets. */
    tokens: [
      marker,
      contact.id as string,
      logo.publicId,
      feed.file.replace(/\.ics$/, ''),
      card!.public_id,
      session.sessionId,
      customerQuote.publicId,
    ],
  };
}

/**
 * A fingerprint of everything stored: one md5 per table of the public schema (rows as text, in
 * order), and the list of files under DATA_DIR. Tables named in `volatile` are left out.
 */
export async function storeFingerprint(t: TestApp, volatile: Record<string, string>) {
  const { rows } = await t.pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const tables = rows.map((r) => r.name).filter((n) => !(n in volatile));
  const query = `SELECT ${tables
    .map(
      (n) => `(SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) FROM "${n}" x) AS "${n}"`,
    )
    .join(', ')}`;
  const dataDir = path.dirname(t.outboxDir);
  return async (): Promise<Record<string, string>> => {
    const [sums] = (await t.pool.query<Record<string, string>>(query)).rows;
    const files = await fs
      .readdir(path.join(dataDir, 'files'), { recursive: true })
      .catch(() => [] as string[]);
    return { ...sums, 'DATA_DIR/files': files.sort().join(',') };
  };
}

/** The keys whose values differ between two fingerprints (or snapshots). */
export function changedKeys(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]);
}
