import { sql } from 'drizzle-orm';
import { refreshDealAlerts } from '../../modules/deals/index';
import { copyOrderWindows } from '../../modules/order-contents/index';
import {
  convertDealQuote,
  createPurchaseOrder,
  minRequiredDateOf,
  submitOrder,
} from '../../modules/purchase-orders/index';
import {
  acknowledgeSupplierOrder,
  type SupplierActor,
  updateSupplierOrder,
  upsertOfflineSupplierOrder,
} from '../../modules/supplier-orders/index';
import type { Db } from '../database';

/** The seed enqueues nothing: no mail goes to a demo supplier and no webhook exists yet. */
const noQueue = { send: async () => {} };

type Supplier = {
  id: number;
  name: string;
  offline_only: boolean;
  is_internal: boolean;
  shipping_method_id: number | null;
  shipping_address: string | null;
};

type Status = { id: number; name: string; core_status: string };

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The date `days` working days (Mon–Fri) before `date`. */
function workingDaysBefore(date: string, days: number): string {
  let day = date;
  let left = days;
  while (left > 0) {
    day = addDays(day, -1);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return day;
}

/**
 * The demo's supplier orders, answered through the supplier-orders module as a supplier would
 * (its token's calls) and entered as a dealer would: for the online supplier, submitted orders
 * whose supplier orders are in every core status with their history, one accepted with a changed
 * line, and the accepted quote's order submitted 3 working days ago and never acknowledged (its
 * deal shows the alert); for the offline-only supplier an order with manual entries and their
 * history. Runs once: an account with supplier-order history is left as it is. Call after the
 * purchase orders.
 */
export async function seedDemoSupplierOrders(db: Db, accountId: number, userId: number): Promise<void> {
  const { rows: seeded } = await db.execute(
    sql`SELECT 1 FROM supplier_order_history WHERE account_id = ${accountId} LIMIT 1`,
  );
  if (seeded.length > 0) return;
  const { rows: suppliers } = await db.execute<Supplier>(sql`
    SELECT m.id, m.name, m.offline_only, m.is_internal, mc.default_shipping_method_id AS shipping_method_id,
           sm.address AS shipping_address
      FROM manufacturer_customers mc JOIN manufacturers m ON m.id = mc.manufacturer_id
      LEFT JOIN shipping_methods sm ON sm.id = mc.default_shipping_method_id
     WHERE mc.account_id = ${accountId}
     ORDER BY m.id`);
  const online = suppliers.find((s) => !s.offline_only && !s.is_internal);
  const offline = suppliers.find((s) => s.offline_only);
  const { rows: users } = await db.execute<{ full_name: string; company_id: number }>(sql`
    SELECT btrim(u.first_name || ' ' || u.last_name) AS full_name,
           COALESCE((SELECT id FROM companies WHERE account_id = ${accountId} ORDER BY id LIMIT 1), 0) AS company_id
      FROM users u WHERE u.id = ${userId}`);
  const user = { id: userId, fullName: users[0]?.full_name || 'Demo user' };
  const actor = { accountId, userId, companyId: users[0]?.company_id ?? 0 };
  const { rows: zones } = await db.execute<{ today: string }>(sql`
    SELECT to_char(now() AT TIME ZONE COALESCE(
             (SELECT NULLIF(timezone, '') FROM companies WHERE account_id = ${accountId} LIMIT 1), 'UTC'),
           'YYYY-MM-DD') AS today`);
  const today = zones[0]!.today;
  const requiredDate = await minRequiredDateOf(db, accountId);

  /** A new order of the supplier holding a clean draft's lines of it (the `index`th such draft). */
  const orderFrom = async (supplier: Supplier, index: number, sidemark: string) => {
    const { rows: sources } = await db.execute<{ order_id: number; name: string }>(sql`
      SELECT DISTINCT ON (d.id) q.order_id, d.name FROM deal_quotes q
        JOIN deals d ON d.id = q.deal_id
        JOIN order_lines l ON l.order_id = q.order_id JOIN products p ON p.id = l.product_id
       WHERE q.account_id = ${accountId} AND q.status = 'DRAFT' AND NOT q.is_archived AND p.manufacturer_id = ${supplier.id}
         AND NOT EXISTS (SELECT 1 FROM order_lines e WHERE e.order_id = q.order_id AND e.errors <> '[]'::jsonb)
       ORDER BY d.id DESC, q.id`);
    if (sources.length === 0) return undefined;
    const source = sources[index % sources.length]!;
    const {
      data: { id },
    } = await createPurchaseOrder(db, actor, {
      manufacturer_id: supplier.id,
      sidemark: `${source.name} — ${sidemark}`,
      details: '',
    });
    await copyOrderWindows(db, accountId, source.order_id, id, {
      manufacturerId: supplier.id,
      linkCopies: true,
    });
    return id;
  };
  type Manual = { reference: string; orderStatus: string; notes: string; eta: string | null };
  const submit = async (supplier: Supplier, orderId: number, manual?: Manual) => {
    await submitOrder({ db, jobs: noQueue }, { accountId, userId }, orderId, {
      required_date: requiredDate,
      shipping_method_id: supplier.shipping_method_id,
      shipping_address: supplier.shipping_address ?? '14 Wharf Street, Balmain NSW 2041',
      shipping_instructions: 'Call on arrival; side gate access.',
      ...(manual ? { offline_supplier_order: manual } : {}),
    });
    const { rows } = await db.execute<{ id: number }>(
      sql`SELECT id FROM supplier_orders WHERE order_id = ${orderId} AND account_id = ${accountId}`,
    );
    return rows[0]!.id;
  };
  /**
   * Dates the submission (and its supplier order's making) `days` calendar days back, at 10:00 UTC;
   * the order was made that morning, not after it was sent (the dashboard's chart counts by it).
   */
  const submittedOn = async (orderId: number, day: string) => {
    await db.execute(sql`
      WITH p AS (
        UPDATE purchase_orders SET submitted_at = ${`${day}T10:00:00Z`}::timestamptz,
               created_at = LEAST(created_at, ${`${day}T08:00:00Z`}::timestamptz)
         WHERE order_id = ${orderId} AND account_id = ${accountId} RETURNING order_id)
      UPDATE supplier_orders SET created_at = ${`${day}T10:00:00Z`}::timestamptz
       WHERE order_id IN (SELECT order_id FROM p)`);
  };

  if (online) {
    const supplierActor: SupplierActor = {
      kind: 'TOKEN',
      manufacturerId: online.id,
      manufacturerName: online.name,
      supplierOrderId: null,
    };
    const { rows: statuses } = await db.execute<Status>(sql`
      SELECT id, name, core_status FROM supplier_order_statuses
       WHERE manufacturer_id = ${online.id}
          OR (manufacturer_id IS NULL AND NOT EXISTS (
                SELECT 1 FROM supplier_order_statuses o WHERE o.manufacturer_id = ${online.id}))
       ORDER BY sort_order, id`);
    const status = (core: string) => statuses.find((s) => s.core_status === core)!.id;
    const ack = (id: number, input: Parameters<typeof acknowledgeSupplierOrder>[4]) =>
      acknowledgeSupplierOrder(db, noQueue, supplierActor, id, input);
    const update = (id: number, input: Parameters<typeof updateSupplierOrder>[4]) =>
      updateSupplierOrder(db, noQueue, supplierActor, id, input);
    const placed = async (index: number, sidemark: string, daysAgo: number) => {
      const orderId = await orderFrom(online, index, sidemark);
      if (orderId === undefined) return undefined;
      const id = await submit(online, orderId);
      await submittedOn(orderId, addDays(today, -daysAgo));
      return id;
    };

    // Received: acknowledged, its named status set, an ETA given.
    const received = await placed(0, 'received', 2);
    if (received !== undefined) {
      await ack(received, { response: 'RECEIVED' });
      await update(received, { orderStatusId: status('UNSTARTED'), eta: addDays(today, 21) });
    }
    // In production: accepted, with freight and an ETA.
    const making = await placed(1, 'in production', 8);
    if (making !== undefined) {
      await ack(making, { response: 'RECEIVED' });
      await ack(making, { response: 'ACCEPTED', reference: 'CWF-22817' });
      await update(making, {
        orderStatusId: status('IN_PROGRESS'),
        eta: addDays(today, 10),
        freight: '42.50',
      });
    }
    // On hold: waiting for fabric, said in its notes.
    const held = await placed(2, 'on hold', 12);
    if (held !== undefined) {
      await ack(held, { response: 'ACCEPTED', reference: 'CWF-22790' });
      await update(held, { orderStatusId: status('IN_PROGRESS'), eta: addDays(today, 5) });
      await update(held, {
        orderStatusId: status('ON_HOLD'),
        eta: addDays(today, 24),
        notes: 'Fabric back-ordered from the mill; new ETA given.',
      });
    }
    // Shipped: made, freighted and tracked.
    const shipped = await placed(3, 'shipped', 20);
    if (shipped !== undefined) {
      await ack(shipped, { response: 'ACCEPTED', reference: 'CWF-22711' });
      await update(shipped, { orderStatusId: status('IN_PROGRESS'), eta: addDays(today, -2) });
      await update(shipped, {
        orderStatusId: status('COMPLETED'),
        freight: '38.00',
        tracking: {
          carrier: 'StarTrack',
          number: 'ST4471920AU',
          url: 'https://startrack.com.au/track/details/ST4471920AU',
        },
      });
    }
    // Rejected and cancelled: the fabric was discontinued.
    const cancelled = await placed(4, 'cancelled', 6);
    if (cancelled !== undefined) {
      await ack(cancelled, {
        response: 'REJECTED',
        reason: 'The Sandstone fabric is discontinued; please reorder in Linen.',
      });
      await update(cancelled, { orderStatusId: status('CANCELLED') });
    }
    // Accepted with changes: one line made to a changed size, from a later date.
    const changed = await placed(5, 'accepted with changes', 4);
    if (changed !== undefined) {
      const { rows: lines } = await db.execute<{ id: number }>(sql`
        SELECT l.id FROM order_lines l JOIN supplier_orders s ON s.order_id = l.order_id
         WHERE s.id = ${changed} ORDER BY l.id LIMIT 1`);
      if (lines[0]) {
        await ack(changed, {
          response: 'ACCEPTED_WITH_CHANGES',
          reference: 'CWF-22850',
          lineChanges: [
            {
              orderLineId: lines[0].id,
              size: '1190 x 1500 mm',
              date: addDays(today, 18),
              note: 'Largest width this fabric is made in is 1190 mm.',
            },
          ],
        });
        await update(changed, { orderStatusId: status('IN_PROGRESS'), eta: addDays(today, 18) });
      }
    }
    // The accepted quote's order for this supplier, submitted 3 working days ago and not
    // acknowledged since: its deal shows the alert, its quote's Orders table the status.
    const { rows: accepted } = await db.execute<{ id: number; deal_id: number }>(sql`
      SELECT DISTINCT q.id, q.deal_id FROM deal_quotes q
        JOIN order_lines l ON l.order_id = q.order_id JOIN products p ON p.id = l.product_id
       WHERE q.account_id = ${accountId} AND q.status = 'ACCEPTED' AND NOT q.is_archived
         AND p.manufacturer_id = ${online.id}
       ORDER BY q.id LIMIT 1`);
    if (accepted[0]) {
      const { id: orderId } = await convertDealQuote(db, accountId, accepted[0].id, online.id);
      const { rows: open } = await db.execute<{ status: string }>(
        sql`SELECT status FROM purchase_orders WHERE order_id = ${orderId} AND account_id = ${accountId}`,
      );
      if (open[0]?.status === 'OPEN') {
        await submit(online, orderId);
        await submittedOn(orderId, workingDaysBefore(today, 3));
        // The deadline passed without a write to the deal: its stored alert counts follow now.
        await refreshDealAlerts(db, accountId, accepted[0].deal_id);
      }
    }
  }

  if (offline) {
    // Entered by hand: the order as faxed, then the supplier's phone calls as the dealer typed them.
    const orderId = await orderFrom(offline, 1, 'entered by hand');
    if (orderId !== undefined) {
      const id = await submit(offline, orderId, {
        reference: 'SV-30412',
        orderStatus: 'Faxed',
        eta: null,
        notes: 'Order faxed to the supplier.',
      });
      await submittedOn(orderId, addDays(today, -9));
      const entry = (
        input: Omit<Parameters<typeof upsertOfflineSupplierOrder>[5], 'id' | 'manufacturerId'>,
      ) =>
        upsertOfflineSupplierOrder(db, noQueue, accountId, user, orderId, {
          id: String(id),
          manufacturerId: offline.id,
          ...input,
        });
      await entry({ orderStatus: 'Confirmed by phone', eta: addDays(today, 12), notes: 'Spoke with Priya.' });
      await entry({ orderStatus: 'In production', freight: '55.00' });
      await entry({
        orderStatus: 'Dispatched',
        eta: addDays(today, 3),
        trackingInformation: 'TNT · 77120045 · https://www.tnt.com/express/en_au/site/tracking.html',
      });
    }
  }

  // The answers came in over the days since each submission, not all this minute: each order's
  // entries spread evenly between its submission and now, in the order they were made.
  await db.execute(sql`
    WITH ranked AS (
      SELECT h.id, p.submitted_at,
             row_number() OVER (PARTITION BY h.supplier_order_id ORDER BY h.id) AS n,
             count(*) OVER (PARTITION BY h.supplier_order_id) AS total
        FROM supplier_order_history h
        JOIN supplier_orders s ON s.id = h.supplier_order_id
        JOIN purchase_orders p ON p.order_id = s.order_id
       WHERE h.account_id = ${accountId} AND p.submitted_at IS NOT NULL)
    UPDATE supplier_order_history h
       SET created_at = r.submitted_at + (now() - r.submitted_at) * r.n / (r.total + 1)
      FROM ranked r WHERE r.id = h.id`);
  await db.execute(sql`
    UPDATE supplier_orders s
       SET acknowledged_at = (SELECT min(h.created_at) FROM supplier_order_history h
                               WHERE h.supplier_order_id = s.id AND h.changes ? 'acknowledgement')
     WHERE s.account_id = ${accountId} AND s.acknowledged_at IS NOT NULL`);
}
