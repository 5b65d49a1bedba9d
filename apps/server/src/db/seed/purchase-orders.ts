import { sql } from 'drizzle-orm';
import { copyOrderWindows } from '../../modules/order-contents/index';
import {
  convertDealQuote,
  createPurchaseOrder,
  minRequiredDateOf,
  reopenOrder,
  setPurchaseOrdersArchived,
  submitOrder,
} from '../../modules/purchase-orders/index';
import type { Db } from '../database';

type Supplier = {
  id: number;
  key: string;
  offline_only: boolean;
  is_internal: boolean;
  shipping_method_id: number | null;
  shipping_address: string | null;
};

/** The seed mails no supplier and renders no PDF ahead of time (the queue starts after it): View PDF renders on demand. */
const noQueue = { send: async () => {} };

/**
 * The demo's purchase orders, made through the purchase-orders module like a dealer would: for
 * each of the three suppliers (online, offline-only, internal) an open order, a submitted one and
 * an archived one, with lines copied from the demo quotes; the accepted quote converted for its
 * first supplier (its Ready to Order list links it, the other suppliers stay to convert); the
 * offline supplier's submitted order reopened as revision 2 with a window added (its difference
 * shows). The internal supplier's open order gets the pending supplier update of
 * supplier-update.ts, which runs after this. Call after the quotes, the acceptance and payments.
 */
export async function seedDemoPurchaseOrders(db: Db, accountId: number, userId: number): Promise<void> {
  const { rows: companies } = await db.execute<{ id: number }>(
    sql`SELECT id FROM companies WHERE account_id = ${accountId} ORDER BY id LIMIT 1`,
  );
  const actor = { accountId, userId, companyId: companies[0]?.id ?? 0 };
  const { rows: suppliers } = await db.execute<Supplier>(sql`
    SELECT m.id, m.key, m.offline_only, m.is_internal, mc.default_shipping_method_id AS shipping_method_id,
           sm.address AS shipping_address
      FROM manufacturer_customers mc JOIN manufacturers m ON m.id = mc.manufacturer_id
      LEFT JOIN shipping_methods sm ON sm.id = mc.default_shipping_method_id
     WHERE mc.account_id = ${accountId}
     ORDER BY m.offline_only, m.is_internal, m.id`);
  const { rows: settings } = await db.execute<{ address: string }>(sql`
    SELECT COALESCE(NULLIF(company_delivery_address, ''), '14 Wharf Street, Balmain NSW 2041') AS address
      FROM dealer_settings WHERE account_id = ${accountId}`);
  const deliveryAddress = settings[0]?.address ?? '14 Wharf Street, Balmain NSW 2041';
  const requiredDate = await minRequiredDateOf(db, accountId);

  // The accepted quote's first supplier, converted as the dealer would from its Ready to Order list.
  const { rows: accepted } = await db.execute<{ id: number; manufacturer_id: number }>(sql`
    SELECT q.id, p.manufacturer_id FROM deal_quotes q
      JOIN order_lines l ON l.order_id = q.order_id JOIN products p ON p.id = l.product_id
     WHERE q.account_id = ${accountId} AND q.status = 'ACCEPTED' AND NOT q.is_archived
     ORDER BY q.id, p.manufacturer_id LIMIT 1`);
  if (accepted[0]) await convertDealQuote(db, accountId, accepted[0].id, accepted[0].manufacturer_id);

  for (const supplier of suppliers) {
    // Clean draft quotes holding this supplier's lines, newest deals first: the orders' contents.
    const { rows: sources } = await db.execute<{ order_id: number; name: string }>(sql`
      SELECT DISTINCT ON (d.id) q.order_id, d.name FROM deal_quotes q
        JOIN deals d ON d.id = q.deal_id
        JOIN order_lines l ON l.order_id = q.order_id JOIN products p ON p.id = l.product_id
       WHERE q.account_id = ${accountId} AND q.status = 'DRAFT' AND NOT q.is_archived AND p.manufacturer_id = ${supplier.id}
         AND NOT EXISTS (SELECT 1 FROM order_lines e WHERE e.order_id = q.order_id AND e.errors <> '[]'::jsonb)
       ORDER BY d.id DESC, q.id
       LIMIT 4`);
    if (sources.length === 0) continue;
    const orderFrom = async (index: number, notes = '') => {
      const source = sources[index % sources.length]!;
      const {
        data: { id },
      } = await createPurchaseOrder(db, actor, {
        manufacturer_id: supplier.id,
        sidemark: source.name,
        details: '',
        ...(notes ? { notes } : {}),
      });
      await copyOrderWindows(db, accountId, source.order_id, id, {
        manufacturerId: supplier.id,
        linkCopies: true,
      });
      return id;
    };
    const submit = (orderId: number) =>
      submitOrder({ db, jobs: noQueue }, { accountId, userId }, orderId, {
        required_date: requiredDate,
        ...(supplier.is_internal
          ? {}
          : {
              shipping_method_id: supplier.shipping_method_id,
              shipping_address: supplier.shipping_address ?? deliveryAddress,
              shipping_instructions: 'Call on arrival; side gate access.',
            }),
        ...(supplier.offline_only
          ? {
              offline_supplier_order: {
                reference: `SV-${10480 + orderId}`,
                orderStatus: 'In production',
                eta: null,
                notes: 'Confirmed by phone with the supplier.',
              },
            }
          : {}),
      });

    await orderFrom(0, 'Open: still being measured up.');
    const submitted = await orderFrom(1);
    await submit(submitted);
    const archived = await orderFrom(2, 'Replaced by a later order.');
    await setPurchaseOrdersArchived(db, accountId, [archived], true);
    if (supplier.offline_only) {
      // The supplier rang: one more window on the job. What was sent stays; revision 2 carries it.
      const revision = await reopenOrder(db, { accountId, userId }, submitted);
      const extra = sources[3 % sources.length]!;
      await copyOrderWindows(db, accountId, extra.order_id, revision, { manufacturerId: supplier.id });
    }
  }
}
