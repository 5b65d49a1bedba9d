import type { PurchaseOrderStatus, SupplierCoreStatus } from '@slat/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, namedStatement, runNamed, runPrepared } from '../../db/database';
import { isoInstant, jsonArray, jsonObject } from '../../db/json-text';
import type { AccountZone } from './account-zones';

/**
 * All SQL of purchase orders. Every query is scoped by the account; functions take `db` first so
 * a transaction fits. A purchase order's id is its order's id (`purchase_orders.order_id`).
 */

/** After a write to a purchase order's windows or lines: the order's and the purchase order's timestamps move. */
export async function touchPurchaseOrder(db: Db, accountId: number, orderId: number): Promise<void> {
  await db.execute(sql`
    WITH o AS (UPDATE orders SET updated_at = now() WHERE id = ${orderId} AND account_id = ${accountId} RETURNING id)
    UPDATE purchase_orders SET updated_at = now() WHERE order_id IN (SELECT id FROM o)`);
}

/** The account's day boundaries are read in its company's time zone (UTC without one). */
const accountZone = (accountId: number) =>
  sql`(SELECT COALESCE((SELECT timezone FROM companies WHERE account_id = ${accountId} LIMIT 1), 'UTC'))`;

/** The rep an order shows: the override, else its creator's full name (else username); null for none. */
const salesRepExpr = sql`COALESCE(NULLIF(p.sales_rep_override, ''),
  NULLIF(btrim(u.first_name || ' ' || u.last_name), ''), u.username)`;

/** A supplier order as the list and detail carry it. */
export type SupplierOrderRef = {
  id: number;
  eta: string | null;
  is_offline: boolean;
  core_status: SupplierCoreStatus;
  status_text: string;
  /** As text (2 decimals), so no digit passes through a float; null until given. */
  freight: string | null;
};

export type PurchaseOrderRow = {
  id: number;
  tuid: number;
  revision_number: number;
  manufacturer_id: number;
  manufacturer_name: string;
  sidemark: string;
  /** ISO instant in milliseconds (isoInstant). */
  created_at: string;
  is_archived: boolean;
  status: PurchaseOrderStatus;
  sales_rep: string | null;
  sales_rep_override: string | null;
  employee_id: number | null;
  details: string;
  notes: string;
  /** ISO instant in milliseconds (isoInstant). */
  submitted_at: string | null;
  required_date: string | null;
  replaced_by_order_id: number | null;
  source_quote_id: number | null;
  source_quote_tuid: number | null;
  source_deal_id: number | null;
  source_workflow_slug: string | null;
  total_cost: string;
  total_quantity: number;
  line_count: number;
  supplier_orders: SupplierOrderRef[];
};

export type PurchaseOrderDetailRow = PurchaseOrderRow & {
  parent_order_id: number | null;
  parent_tuid: number | null;
  shipping_method_id: number | null;
  shipping_address: string;
  shipping_instructions: string;
  document_file_id: number | null;
  /** The company's time zone (UTC without one): its day decides the earliest required date. */
  time_zone: string;
  measure_system: 'METRIC' | 'IMPERIAL';
  delivery_address: string;
  default_shipping_instructions: string;
  /** What the detail cache's stamp compares besides the header (decision 014). */
  order_version: number;
  catalog_stamp: number | null;
  supplier_links: number[] | null;
  supplier_stamp: unknown;
};

export type ListFilters = {
  search?: string | undefined;
  manufacturerId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  isArchived?: boolean | undefined;
  salesRep?: string | null | undefined;
  status?: PurchaseOrderStatus | undefined;
  /**
   * The company's time zone when the caller has read it (findAccountZone): the date bounds are
   * then values the planner sees, not a subquery's result it must guess (it guessed 0.5 % of the
   * rows for 'all', and walked every order for a rare search).
   */
  timeZone?: string | undefined;
};

const like = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** A user's name as a rep: full name, else username (as the sales rep picker lists them). */
const userNameExpr = sql`COALESCE(NULLIF(btrim(su.first_name || ' ' || su.last_name), ''), su.username)`;

/**
 * An order's own searchable words in one text (over `s`, the search's purchase_orders), exactly the expression of the trigram index
 * purchase_orders_search_idx (migration 0018): the sidemark, customer details, notes and the rep
 * named by hand.
 */
const searchText = sql`(s.sidemark || ' ' || s.details || ' ' || s.notes || ' ' || COALESCE(s.sales_rep_override, ''))`;

/**
 * A search's words as prefixes of the order's words (a tsquery over purchase_order_search_words,
 * migration 0021), or undefined: the words after a space, since an order matching the search has
 * a space before each of them too, so each starts one of its words. Only words of three or more
 * ASCII letters and digits (lower-cased alike in SQL by any collation, nothing to quote; shorter
 * ones find too many orders to help), cut at 64 characters as the index cuts its words.
 */
export function searchWordPrefixes(search: string): string | undefined {
  const words = search
    .split(' ')
    .slice(1)
    .filter((w) => /^[a-z0-9]{3,}$/i.test(w))
    .map((w) => `'${w.slice(0, 64)}':*`);
  return words.length > 0 ? words.join(' & ') : undefined;
}

/** Orders whose rep is their staff member (no override), one whose name matches `cond`. */
const creatorRep = (accountId: number, cond: SQL) =>
  sql`(NULLIF(p.sales_rep_override, '') IS NULL AND p.created_by IN (
    SELECT su.id FROM users su WHERE su.account_id = ${accountId} AND ${cond}))`;

/**
 * The WHERE of the list and its total: the account's newest revisions matching the filters. It
 * reads only purchase_orders' own columns (the supplier and rep through id subqueries), so a page
 * is a range of the list index and the total a count of it.
 */
function listWhere(accountId: number, f: ListFilters): SQL {
  const zone = f.timeZone !== undefined ? sql`${f.timeZone}::text` : accountZone(accountId);
  const parts: SQL[] = [sql`p.account_id = ${accountId}`, sql`p.replaced_by_order_id IS NULL`];
  parts.push(f.isArchived ? sql`p.is_archived` : sql`NOT p.is_archived`);
  if (f.manufacturerId !== undefined) parts.push(sql`p.manufacturer_id = ${f.manufacturerId}`);
  if (f.status !== undefined) parts.push(sql`p.status = ${f.status}`);
  if (f.dateFrom !== undefined)
    parts.push(sql`p.created_at >= ((${f.dateFrom}::date)::timestamp AT TIME ZONE ${zone})`);
  if (f.dateTo !== undefined)
    parts.push(sql`p.created_at < ((${f.dateTo}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  // 'None': no override and no staff member.
  if (f.salesRep === null)
    parts.push(sql`(NULLIF(p.sales_rep_override, '') IS NULL AND p.created_by IS NULL)`);
  else if (f.salesRep !== undefined)
    parts.push(sql`(lower(NULLIF(p.sales_rep_override, '')) = lower(${f.salesRep})
      OR ${creatorRep(accountId, sql`lower(${userNameExpr}) = lower(${f.salesRep})`)})`);
  const search = f.search?.trim();
  if (search) {
    const pattern = like(search);
    // Words that must start a word of the order's text: its own arm reads their few orders from
    // the word index (migration 0021) rather than trigrams every order holds; the ILIKE decides.
    const words = searchWordPrefixes(search);
    const own = words
      ? sql`purchase_order_search_words(${searchText}) @@ lower(${words})::tsquery AND ${searchText} ILIKE ${pattern}`
      : sql`${searchText} ILIKE ${pattern}`;
    // '12' and '#12' are order numbers too.
    const number = /^#?\s*(\d{1,9})$/.exec(search);
    // Each arm is a search of its own that an index answers (migrations 0018, 0021): the order's
    // number, its own words, then the supplier and the creator found first and their orders by id.
    // As one OR the planner guessed a third of all orders per arm and scanned them all.
    parts.push(sql`p.order_id IN (
      ${
        number
          ? sql`SELECT s.order_id FROM purchase_orders s WHERE s.account_id = ${accountId} AND s.tuid = ${Number(number[1])}
      UNION ALL`
          : sql``
      }
      SELECT s.order_id FROM purchase_orders s
       WHERE s.account_id = ${accountId} AND ${own}
      UNION ALL
      SELECT s.order_id FROM manufacturers sm JOIN purchase_orders s ON s.manufacturer_id = sm.id
       WHERE s.account_id = ${accountId} AND sm.name ILIKE ${pattern}
      UNION ALL
      SELECT s.order_id FROM users su JOIN purchase_orders s ON s.created_by = su.id
       WHERE su.account_id = ${accountId} AND s.account_id = ${accountId}
         AND NULLIF(s.sales_rep_override, '') IS NULL AND ${userNameExpr} ILIKE ${pattern})`);
  }
  return sql.join(parts, sql` AND `);
}

/** The header columns of a purchase order, over `p` (purchase_orders), `m` (its supplier), `u` (its creator). */
const headerColumns = sql`
  p.order_id AS id, p.tuid, p.revision_number, p.manufacturer_id, m.name AS manufacturer_name, p.sidemark,
  ${isoInstant(sql`p.created_at`)} AS created_at, p.is_archived, p.status, ${salesRepExpr} AS sales_rep,
  p.sales_rep_override, p.created_by AS employee_id, p.details, p.notes,
  ${isoInstant(sql`p.submitted_at`)} AS submitted_at, p.required_date::text AS required_date,
  p.replaced_by_order_id, sq.id AS source_quote_id, sq.tuid AS source_quote_tuid, sq.deal_id AS source_deal_id,
  sw.slug AS source_workflow_slug, t.total_cost, t.total_quantity, t.line_count,
  so.supplier_orders`;

/** The source quote (and its deal's workflow) and the lines' totals of a purchase order `p`. */
const sourceAndTotalsJoins = sql`
  LEFT JOIN deal_quotes sq ON sq.id = p.source_quote_id AND sq.account_id = p.account_id
  LEFT JOIN deals sd ON sd.id = sq.deal_id
  LEFT JOIN workflows sw ON sw.id = sd.workflow_id
  LEFT JOIN LATERAL (
    SELECT round(COALESCE(sum(l.cost_price), 0), 2)::text AS total_cost,
           COALESCE(sum(l.quantity), 0)::int AS total_quantity, count(*)::int AS line_count
      FROM order_lines l WHERE l.order_id = p.order_id) t ON true`;

/** Lines' totals, the supplier orders and the source quote of a purchase order `p`. */
const headerJoins = sql`
  ${sourceAndTotalsJoins}
  LEFT JOIN LATERAL (
    SELECT COALESCE(json_agg(json_build_object('id', s.id, 'eta', s.eta, 'is_offline', s.is_offline,
             'core_status', s.core_status, 'status_text', s.order_status_text,
             'freight', s.freight::text) ORDER BY s.id), '[]'::json)
             AS supplier_orders
      FROM supplier_orders s WHERE s.order_id = p.order_id AND s.account_id = p.account_id) so ON true`;

/**
 * JavaScript's String.prototype.trim in SQL: the white space and line terminators of ECMAScript
 * (tab to carriage return, the space separators of Unicode, U+2028, U+2029 and U+FEFF).
 */
const JS_SPACE =
  '[\\u0009-\\u000d\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';
const jsTrim = (text: SQL) =>
  sql`regexp_replace(${text}, ${sql.raw(`'^${JS_SPACE}+|${JS_SPACE}+$'`)}, '', 'g')`;

/**
 * A list item as the contract's JSON text (`purchaseOrderListItemSchema`: its keys in its order,
 * compact, byte for byte what the contract's serializer writes), built by PostgreSQL (decision
 * 042, as the board's cards, decision 035) over `p` and `listItemJoins`. The rules are fieldsOut's,
 * supplierOrdersOut's and submittedFreight's (the detail's); seed-purchase-orders.test.ts holds the
 * two equal for every demo order: read-only when submitted, archived or replaced; a submitted
 * order's freight the sum of its supplier orders' (null with none); an offline supplier order's
 * status its typed text trimmed, else its core status.
 */
const listItemText = sql`${jsonObject(sql`
  p.order_id AS "id", p.tuid AS "tuid", p.revision_number AS "revisionNumber", p.manufacturer_id AS "manufacturerId",
  m.name AS "manufacturerName", p.sidemark AS "sidemark", ${isoInstant(sql`p.created_at`)} AS "createdAt",
  p.is_archived AS "isArchived",
  (p.status = 'SUBMITTED' OR p.is_archived OR p.replaced_by_order_id IS NOT NULL) AS "isReadOnly",
  ${salesRepExpr} AS "salesRep", p.sales_rep_override AS "salesRepOverride", p.created_by AS "employeeId",
  p.details AS "customerDetails", p.notes AS "notes", p.status AS "status", t.total_cost AS "totalCost",
  CASE WHEN p.status = 'SUBMITTED' THEN so.freight END AS "freight",
  t.total_quantity AS "totalQuantity", t.line_count AS "orderLineCount",
  ${isoInstant(sql`p.submitted_at`)} AS "submittedAt", p.required_date::text AS "requiredDate",
  CASE WHEN sq.id IS NOT NULL AND sq.deal_id IS NOT NULL AND sw.slug IS NOT NULL THEN ${jsonObject(sql`
    sq.id AS "id", sq.tuid AS "tuid", sq.deal_id AS "dealId", sw.slug AS "workflowSlug"`)} END AS "sourceQuote",
  ${jsonObject(sql`so.online AS "manufacturerOrders", so.offline AS "offlineManufacturerOrders"`)} AS "context"`)}::text`;

/** What a list item reads besides `p`: its supplier, creator, source quote, totals and supplier orders in one pass. */
const listItemJoins = sql`
  JOIN manufacturers m ON m.id = p.manufacturer_id
  LEFT JOIN users u ON u.id = p.created_by
  ${sourceAndTotalsJoins}
  LEFT JOIN LATERAL (
    SELECT ${jsonArray(sql`string_agg(s.ref, ',' ORDER BY s.id) FILTER (WHERE NOT s.is_offline)`)}::json AS online,
           ${jsonArray(sql`string_agg(s.ref, ',' ORDER BY s.id) FILTER (WHERE s.is_offline)`)}::json AS offline,
           round(sum(s.freight), 2)::text AS freight
      FROM (SELECT s.id, s.is_offline, s.freight, ${jsonObject(sql`
              s.id AS "id", s.eta AS "eta",
              CASE WHEN s.is_offline THEN COALESCE(NULLIF(${jsTrim(sql`s.order_status_text`)}, ''), s.core_status::text)
                   ELSE s.core_status::text END AS "status",
              s.core_status AS "coreStatus"`)}::text AS ref
              FROM supplier_orders s WHERE s.order_id = p.order_id AND s.account_id = p.account_id) s) so ON true`;

/** The list's order, newest first (the list index's). */
const newestFirst = sql`p.created_at DESC NULLS LAST, p.order_id DESC NULLS LAST`;

/**
 * A page of the list: its items as one JSON array's text (the contract's items, compact) and,
 * when the statement knows it, how many orders match.
 */
export type ListPage = { items: string; total: number | undefined };

/** The items' texts as one JSON array, newest first. */
const itemsArray = jsonArray(sql`string_agg(${listItemText}, ',' ORDER BY ${newestFirst})`);

/**
 * One page of the list, newest first, with how many orders match: the page chosen first (by the
 * account's created index), then only its orders joined and written as JSON, and the total
 * counted from the same index, in one statement prepared by name (decision 016). A search is two
 * (searchedPage).
 */
export async function findPurchaseOrderPage(
  db: Db,
  accountId: number,
  filters: ListFilters,
  limit: number,
  offset: number,
): Promise<ListPage> {
  if (filters.search?.trim()) return searchedPage(db, accountId, filters, limit, offset);
  // Always one row: two scalar subqueries.
  const [row] = await runPrepared<{ total: number; items: string }>(
    db,
    'purchase_order_list_page',
    // The filters written once (NOT MATERIALIZED: each use is planned on the list index, the page
    // as a range read in order, the total as a count of it), so the text and its values are built once.
    sql`
    WITH matching AS NOT MATERIALIZED (
      SELECT p.order_id, p.created_at FROM purchase_orders p WHERE ${listWhere(accountId, filters)}),
    page AS MATERIALIZED (
      SELECT p.order_id FROM matching p ORDER BY ${newestFirst} LIMIT ${limit} OFFSET ${offset})
    SELECT (SELECT count(*)::int FROM matching) AS total,
           (SELECT ${itemsArray} FROM page JOIN purchase_orders p ON p.order_id = page.order_id ${listItemJoins}) AS items`,
  );
  return { items: row!.items, total: Number(row!.total) };
}

// Prepared by name (decision 016): the items of a searched page, by id, as JSON. Apart from the
// search, so a search plans only its own small statement and not these joins each time.
const PURCHASE_ORDER_LIST_ITEMS = namedStatement(
  'purchase_order_list_items',
  new PgDialect().sqlToQuery(sql`
    SELECT ${itemsArray} AS items
      FROM purchase_orders p
      ${listItemJoins}
     WHERE p.order_id = ANY(${sql.raw('$1')}::int[]) AND p.account_id = ${sql.raw('$2')}`).sql,
);

/**
 * A searched page: its orders and how many match (a window count, so the search runs once rather
 * than again to count), planned afresh each time, since a generic plan cannot see the pattern the
 * indexes need (measured: 23 req/s prepared against 247 planned); then their items by the
 * prepared statement. A page past the end has no row to carry the total: undefined, the caller counts.
 */
async function searchedPage(
  db: Db,
  accountId: number,
  filters: ListFilters,
  limit: number,
  offset: number,
): Promise<ListPage> {
  const { rows: page } = await db.execute<{ order_id: number; total_count: number }>(sql`
    SELECT p.order_id, count(*) OVER ()::int AS total_count
      FROM purchase_orders p
     WHERE ${listWhere(accountId, filters)}
     ORDER BY ${newestFirst}
     LIMIT ${limit} OFFSET ${offset}`);
  if (page.length === 0) return { items: '[]', total: undefined };
  const [row] = await runNamed<{ items: string }>(db, PURCHASE_ORDER_LIST_ITEMS, [
    page.map((r) => Number(r.order_id)),
    accountId,
  ]);
  return { items: row!.items, total: Number(page[0]!.total_count) };
}

/**
 * A list statement: prepared by name (decision 016) without a search, since planning the page's
 * statement cost more than running it; planned afresh with one (see searchedPage).
 */
async function listStatement<T extends Record<string, unknown>>(
  db: Db,
  filters: ListFilters,
  name: string,
  query: SQL,
): Promise<T[]> {
  if (filters.search?.trim()) return (await db.execute(query)).rows as T[];
  return runPrepared<T>(db, name, query);
}

/** How many orders the list's filters match. */
export async function countPurchaseOrders(db: Db, accountId: number, filters: ListFilters): Promise<number> {
  const rows = await listStatement<{ n: number }>(
    db,
    filters,
    'purchase_order_count',
    sql`SELECT count(*)::int AS n FROM purchase_orders p WHERE ${listWhere(accountId, filters)}`,
  );
  return Number(rows[0]?.n ?? 0);
}

// Prepared by name (decision 016): a repeated GET of an order (the detail cache's hit) is this
// statement alone. Besides the header it reads what the cache's stamp needs (decision 014): the
// order's version, the catalog's newest version and the account's suppliers (pending updates),
// and the order's supplier as the detail shows it (name, email, shipping methods, default method).
const PURCHASE_ORDER_DETAIL = namedStatement(
  'purchase_order_detail_header',
  new PgDialect().sqlToQuery(sql`
    SELECT ${headerColumns}, p.parent_order_id, pp.tuid AS parent_tuid, p.shipping_method_id, p.shipping_address,
           p.shipping_instructions, p.document_file_id,
           COALESCE((SELECT NULLIF(co.timezone, '') FROM companies co WHERE co.account_id = p.account_id LIMIT 1), 'UTC') AS time_zone,
           COALESCE((SELECT c.measure_system FROM companies co JOIN countries c ON c.id = co.country_id
                      WHERE co.account_id = p.account_id LIMIT 1), 'METRIC') AS measure_system,
           COALESCE(ds.company_delivery_address, '') AS delivery_address,
           COALESCE(ds.default_shipping_instructions, '') AS default_shipping_instructions,
           o.version AS order_version,
           (SELECT max(cv.id) FROM catalog_versions cv) AS catalog_stamp,
           (SELECT array_agg(mc.manufacturer_id ORDER BY mc.manufacturer_id) FROM manufacturer_customers mc
             WHERE mc.account_id = p.account_id) AS supplier_links,
           (SELECT json_build_array(m.email, m.offline_only, m.is_internal, mc.default_shipping_method_id,
                     (SELECT json_agg(json_build_array(sm.id, sm.name, sm.address) ORDER BY sm.id)
                        FROM shipping_methods sm WHERE sm.manufacturer_id = m.id))
              FROM manufacturer_customers mc WHERE mc.manufacturer_id = m.id AND mc.account_id = p.account_id)
             AS supplier_stamp
      FROM purchase_orders p
      JOIN orders o ON o.id = p.order_id
      JOIN manufacturers m ON m.id = p.manufacturer_id
      LEFT JOIN users u ON u.id = p.created_by
      LEFT JOIN purchase_orders pp ON pp.order_id = p.parent_order_id AND pp.account_id = p.account_id
      LEFT JOIN dealer_settings ds ON ds.account_id = p.account_id
      ${headerJoins}
     WHERE p.order_id = ${sql.raw('$1')} AND p.account_id = ${sql.raw('$2')}`).sql,
);

/** One purchase order's header with what its detail's cache compares, in one prepared statement. */
export async function findPurchaseOrder(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<PurchaseOrderDetailRow | undefined> {
  return (await runNamed<PurchaseOrderDetailRow>(db, PURCHASE_ORDER_DETAIL, [orderId, accountId]))[0];
}

/** The newest revision of an order (following replaced_by_order_id); undefined when it is the newest. */
export async function findLatestRevision(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<{ id: number; tuid: number } | undefined> {
  const { rows } = await db.execute<{ id: number; tuid: number }>(sql`
    WITH RECURSIVE chain AS (
      SELECT order_id, tuid, replaced_by_order_id, 0 AS depth FROM purchase_orders
       WHERE order_id = ${orderId} AND account_id = ${accountId}
      UNION ALL
      SELECT p.order_id, p.tuid, p.replaced_by_order_id, chain.depth + 1
        FROM purchase_orders p JOIN chain ON p.order_id = chain.replaced_by_order_id
       WHERE p.account_id = ${accountId} AND chain.depth < 1000)
    SELECT order_id AS id, tuid FROM chain WHERE replaced_by_order_id IS NULL AND depth > 0
     ORDER BY depth DESC LIMIT 1`);
  return rows[0];
}

export type SupplierRow = {
  id: number;
  name: string;
  email: string;
  offline_only: boolean;
  is_internal: boolean;
  default_shipping_method_id: number | null;
  shipping_methods: { id: number; name: string; address: string | null }[];
};

/** Suppliers with their shipping methods and the account's default: the account's linked ones, or these ids. */
export async function findSuppliers(db: Db, accountId: number, ids?: number[]): Promise<SupplierRow[]> {
  const which = ids
    ? sql`m.id = ANY(${sql.param(ids)}::int[])`
    : sql`EXISTS (SELECT 1 FROM manufacturer_customers x WHERE x.account_id = ${accountId} AND x.manufacturer_id = m.id)`;
  const { rows } = await db.execute<SupplierRow>(sql`
    SELECT m.id, m.name, m.email, m.offline_only, m.is_internal,
           mc.default_shipping_method_id,
           COALESCE((SELECT json_agg(json_build_object('id', sm.id, 'name', sm.name, 'address', sm.address)
                                     ORDER BY sm.name, sm.id)
                       FROM shipping_methods sm WHERE sm.manufacturer_id = m.id), '[]'::json) AS shipping_methods
      FROM manufacturers m
      LEFT JOIN manufacturer_customers mc ON mc.manufacturer_id = m.id AND mc.account_id = ${accountId}
     WHERE ${which}
     ORDER BY m.name, m.id`);
  return rows;
}

/** Whether the supplier is linked to the account (one of its suppliers). */
export async function isAccountSupplier(db: Db, accountId: number, manufacturerId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`
    SELECT 1 FROM manufacturer_customers WHERE account_id = ${accountId} AND manufacturer_id = ${manufacturerId}`);
  return rows.length > 0;
}

/** Whether the user is staff of the account. */
export async function isAccountUser(db: Db, accountId: number, userId: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM users WHERE id = ${userId} AND account_id = ${accountId}`,
  );
  return rows.length > 0;
}

/**
 * The account's next purchase order number (counts from 1), taken under the counter's row lock;
 * never at or below a number already used (orders written by an import or a seed without the counter).
 */
export async function nextPurchaseOrderNumber(db: Db, accountId: number): Promise<number> {
  const used = sql`COALESCE((SELECT max(tuid) FROM purchase_orders WHERE account_id = ${accountId}), 0)`;
  const { rows } = await db.execute<{ value: number }>(sql`
    INSERT INTO account_counters (account_id, name, value)
    VALUES (${accountId}, 'purchase_order', ${used} + 1)
    ON CONFLICT (account_id, name) DO UPDATE SET value = GREATEST(account_counters.value, ${used}) + 1
    RETURNING value`);
  return Number(rows[0]!.value);
}

export type NewPurchaseOrder = {
  orderId: number;
  accountId: number;
  tuid: number;
  manufacturerId: number;
  sidemark: string;
  details: string;
  notes: string;
  salesRepOverride: string | null;
  createdBy: number | null;
  sourceQuoteId: number | null;
  parentOrderId: number | null;
  revisionNumber: number;
};

/**
 * Inserts a purchase order row; false when one for the same quote and supplier (or the same
 * parent) already exists, so concurrent converts make one.
 */
export async function insertPurchaseOrder(db: Db, p: NewPurchaseOrder): Promise<boolean> {
  const { rows } = await db.execute(sql`
    INSERT INTO purchase_orders (order_id, account_id, tuid, manufacturer_id, sidemark, details, notes,
                                 sales_rep_override, created_by, source_quote_id, parent_order_id, revision_number)
    VALUES (${p.orderId}, ${p.accountId}, ${p.tuid}, ${p.manufacturerId}, ${p.sidemark}, ${p.details}, ${p.notes},
            ${p.salesRepOverride}, ${p.createdBy}, ${p.sourceQuoteId}, ${p.parentOrderId}, ${p.revisionNumber})
    ON CONFLICT DO NOTHING
    RETURNING order_id`);
  return rows.length > 0;
}

export type DetailsChange = {
  sidemark: string;
  details: string;
  notes?: string | undefined;
  salesRepOverride?: string | null | undefined;
  createdBy?: number | null | undefined;
};

export async function updatePurchaseOrderDetails(
  db: Db,
  accountId: number,
  orderId: number,
  change: DetailsChange,
): Promise<void> {
  const sets: SQL[] = [
    sql`sidemark = ${change.sidemark}`,
    sql`details = ${change.details}`,
    sql`updated_at = now()`,
  ];
  if (change.notes !== undefined) sets.push(sql`notes = ${change.notes}`);
  if (change.salesRepOverride !== undefined) sets.push(sql`sales_rep_override = ${change.salesRepOverride}`);
  if (change.createdBy !== undefined) sets.push(sql`created_by = ${change.createdBy}`);
  await db.execute(sql`
    UPDATE purchase_orders SET ${sql.join(sets, sql`, `)}
     WHERE order_id = ${orderId} AND account_id = ${accountId}`);
}

/** Sets is_archived on the account's orders among `ids` that differ; answers those changed with their source deals. */
export async function setArchived(
  db: Db,
  accountId: number,
  ids: number[],
  archived: boolean,
): Promise<{ id: number; deal_id: number | null }[]> {
  const { rows } = await db.execute<{ id: number; deal_id: number | null }>(sql`
    UPDATE purchase_orders p SET is_archived = ${archived}, updated_at = now()
     WHERE p.account_id = ${accountId} AND p.order_id = ANY(${sql.param(ids)}::int[]) AND p.is_archived <> ${archived}
    RETURNING p.order_id AS id,
              (SELECT q.deal_id FROM deal_quotes q WHERE q.id = p.source_quote_id AND q.account_id = p.account_id)
                AS deal_id`);
  return rows.map((r) => ({ id: Number(r.id), deal_id: r.deal_id === null ? null : Number(r.deal_id) }));
}

/** The plain row of a purchase order (for clone and convert), locked when asked (in a transaction). */
export async function findPurchaseOrderRow(
  db: Db,
  accountId: number,
  orderId: number,
  lock = false,
): Promise<
  | {
      order_id: number;
      tuid: number;
      manufacturer_id: number;
      sidemark: string;
      details: string;
      notes: string;
      sales_rep_override: string | null;
      created_by: number | null;
      revision_number: number;
      replaced_by_order_id: number | null;
      status: PurchaseOrderStatus;
    }
  | undefined
> {
  const { rows } = await db.execute<{
    order_id: number;
    tuid: number;
    manufacturer_id: number;
    sidemark: string;
    details: string;
    notes: string;
    sales_rep_override: string | null;
    created_by: number | null;
    revision_number: number;
    replaced_by_order_id: number | null;
    status: PurchaseOrderStatus;
  }>(sql`
    SELECT order_id, tuid, manufacturer_id, sidemark, details, notes, sales_rep_override, created_by,
           revision_number, replaced_by_order_id, status
      FROM purchase_orders WHERE order_id = ${orderId} AND account_id = ${accountId}
      ${lock ? sql`FOR UPDATE` : sql``}`);
  return rows[0];
}

export async function setReplacedBy(
  db: Db,
  accountId: number,
  orderId: number,
  replacedBy: number,
): Promise<void> {
  await db.execute(sql`
    UPDATE purchase_orders SET replaced_by_order_id = ${replacedBy}, updated_at = now()
     WHERE order_id = ${orderId} AND account_id = ${accountId}`);
}

// ── Converting a deal quote ─────────────────────────────────────────────────────────────────

export type ConvertQuoteRow = {
  id: number;
  order_id: number;
  status: 'DRAFT' | 'ACCEPTED';
  deal_id: number;
  created_by: number | null;
  deal_name: string;
  deal_archived: boolean;
  /** The deal's contact (name, phone) and site address, one a line: the order's customer details. */
  customer_details: string;
};

/** The account's deal quote, its row locked (in a transaction) so converts of it happen one after another. */
export async function lockQuoteForConvert(
  db: Db,
  accountId: number,
  quoteId: number,
): Promise<ConvertQuoteRow | undefined> {
  const { rows } = await db.execute<ConvertQuoteRow>(sql`
    SELECT q.id, q.order_id, q.status, q.deal_id, q.created_by, d.name AS deal_name, d.is_archived AS deal_archived,
           concat_ws(E'\n', NULLIF(c.name, ''), NULLIF(c.phone, ''), NULLIF(d.site_address, '')) AS customer_details
      FROM deal_quotes q JOIN deals d ON d.id = q.deal_id
      LEFT JOIN contacts c ON c.id = d.contact_id AND c.account_id = d.account_id
     WHERE q.id = ${quoteId} AND q.account_id = ${accountId}
       FOR UPDATE OF q`);
  return rows[0];
}

/** The newest order already made from this quote for this supplier (a convert asked again). */
export async function findConvertedOrder(
  db: Db,
  accountId: number,
  quoteId: number,
  manufacturerId: number,
): Promise<{ id: number; tuid: number } | undefined> {
  const { rows } = await db.execute<{ id: number; tuid: number }>(sql`
    SELECT order_id AS id, tuid FROM purchase_orders
     WHERE account_id = ${accountId} AND source_quote_id = ${quoteId} AND manufacturer_id = ${manufacturerId}
     ORDER BY revision_number DESC, order_id DESC LIMIT 1`);
  return rows[0];
}

/** How many of the order's lines are of the supplier's products. */
export async function countSupplierLines(
  db: Db,
  accountId: number,
  orderId: number,
  manufacturerId: number,
): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM order_lines l JOIN products pr ON pr.id = l.product_id
     WHERE l.order_id = ${orderId} AND l.account_id = ${accountId} AND pr.manufacturer_id = ${manufacturerId}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * For a quote that revises earlier ones: the newest revision of the purchase order made for this
 * supplier from the nearest earlier quote whose order was submitted (undefined when none was).
 */
export async function findOrderToRevise(
  db: Db,
  accountId: number,
  quoteId: number,
  manufacturerId: number,
): Promise<{ order_id: number } | undefined> {
  const { rows } = await db.execute<{ order_id: number }>(sql`
    WITH RECURSIVE earlier AS (
      SELECT q.revision_of_id AS id, 1 AS depth FROM deal_quotes q
       WHERE q.id = ${quoteId} AND q.account_id = ${accountId} AND q.revision_of_id IS NOT NULL
      UNION ALL
      SELECT q.revision_of_id, earlier.depth + 1 FROM deal_quotes q JOIN earlier ON q.id = earlier.id
       WHERE q.account_id = ${accountId} AND q.revision_of_id IS NOT NULL AND earlier.depth < 1000
    ), originals AS (
      SELECT p.order_id, earlier.depth FROM earlier
        JOIN purchase_orders p ON p.source_quote_id = earlier.id AND p.manufacturer_id = ${manufacturerId}
                              AND p.account_id = ${accountId} AND p.parent_order_id IS NULL
    ), family AS (
      SELECT o.order_id AS root, o.depth, o.order_id, 0 AS step FROM originals o
      UNION ALL
      SELECT f.root, f.depth, p.replaced_by_order_id, f.step + 1
        FROM family f JOIN purchase_orders p ON p.order_id = f.order_id
       WHERE p.replaced_by_order_id IS NOT NULL AND f.step < 1000
    )
    SELECT f.order_id FROM family f JOIN purchase_orders p ON p.order_id = f.order_id
     WHERE p.replaced_by_order_id IS NULL
       AND EXISTS (SELECT 1 FROM family g JOIN purchase_orders s ON s.order_id = g.order_id
                    WHERE g.root = f.root AND s.status = 'SUBMITTED')
     ORDER BY f.depth, f.order_id DESC LIMIT 1`);
  return rows[0];
}

// ── Dashboard ───────────────────────────────────────────────────────────────────────────────

export type DashboardDayRow = { day: string; open: number; submitted: number };
export type DashboardStatusRow = { core_status: SupplierCoreStatus; n: number };

/**
 * The past 30 days (from 30 days before today to today, in the account's time zone) of
 * non-archived newest revisions: per day open and submitted counts, and the submitted ones per
 * supplier order core status (UNSTARTED without a supplier order).
 */
export async function dashboardCounts(
  db: Db,
  accountId: number,
): Promise<{ days: DashboardDayRow[]; statuses: DashboardStatusRow[] }> {
  const { rows } = await db.execute<{ days: DashboardDayRow[]; statuses: DashboardStatusRow[] }>(sql`
    WITH today AS (
      SELECT (now() AT TIME ZONE z.tz)::date AS d, z.tz FROM (SELECT ${accountZone(accountId)} AS tz) z
    ), recent AS MATERIALIZED (
      SELECT p.status, (p.created_at AT TIME ZONE today.tz)::date AS day, so.core_status
        FROM purchase_orders p
        CROSS JOIN today
        LEFT JOIN LATERAL (
          SELECT s.core_status FROM supplier_orders s
           WHERE s.order_id = p.order_id AND s.account_id = p.account_id
           ORDER BY s.id LIMIT 1) so ON p.status = 'SUBMITTED'
       WHERE p.account_id = ${accountId} AND NOT p.is_archived AND p.replaced_by_order_id IS NULL
         AND p.created_at >= ((today.d - 30)::timestamp AT TIME ZONE today.tz)
         AND p.created_at < ((today.d + 1)::timestamp AT TIME ZONE today.tz)
    ), per_day AS (
      SELECT day, count(*) FILTER (WHERE status = 'OPEN')::int AS open,
             count(*) FILTER (WHERE status = 'SUBMITTED')::int AS submitted
        FROM recent GROUP BY day
    )
    SELECT
      (SELECT json_agg(json_build_object('day', g.d::date::text, 'open', COALESCE(pd.open, 0),
                                         'submitted', COALESCE(pd.submitted, 0)) ORDER BY g.d)
         FROM today
         CROSS JOIN LATERAL generate_series(today.d - 30, today.d, interval '1 day') AS g(d)
         LEFT JOIN per_day pd ON pd.day = g.d::date) AS days,
      COALESCE((SELECT json_agg(json_build_object('core_status', x.core_status, 'n', x.n))
         FROM (SELECT COALESCE(core_status, 'UNSTARTED') AS core_status, count(*)::int AS n
                 FROM recent WHERE status = 'SUBMITTED' GROUP BY 1) x), '[]'::json) AS statuses`);
  return rows[0]!;
}

// Prepared by name (decision 016): read on a list call whose zone is not kept (account-zones.ts).
const ACCOUNT_ZONE = namedStatement(
  'purchase_order_account_zone',
  'SELECT id, timezone FROM companies WHERE account_id = $1 LIMIT 1',
);

/** The account's company and its time zone as the list's day bounds read it; undefined without a company (UTC). */
export async function findAccountZone(db: Db, accountId: number): Promise<AccountZone | undefined> {
  const [row] = await runNamed<{ id: number; timezone: string }>(db, ACCOUNT_ZONE, [accountId]);
  return row && { companyId: Number(row.id), zone: row.timezone };
}
