import type { Deal, listDealsQuery } from '@slat/contracts';
import { alertsWeight, type DealAlertInput, dealAlerts, type SupplierOrderAlertFacts } from '@slat/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, runPrepared } from '../../db/database';
import { isoInstant, jsonArrayAgg, jsonObject } from '../../db/json-text';
import {
  accountCounters,
  contacts,
  dealFlagValues,
  dealRelations,
  deals,
  workflowFlags,
  workflowFlagValues,
  workflowStatuses,
  workflows,
} from '../../db/schema';
import type { BoardColumns } from './column-counts';

/** What the alert rules read of a card, besides today (dealAlerts' input, written by PostgreSQL). */
type AlertFacts = Omit<DealAlertInput, 'today'> & { supplierOrders: SupplierOrderAlertFacts[] };

type CardsRow = {
  /** Whether the workflow asked for is the account's (the board's statement only). */
  workflow_found?: boolean;
  /** Today in the company's time zone (what the supplier alerts measure). */
  today: string;
  /** The cards' JSON texts joined by commas ('' for none), each with ALERTS_SLOT in its context. */
  cards: string;
  /** Per card, in the same order, what its alerts are worked out from. */
  facts: AlertFacts[];
};

/** The card's columns a page of deals selects (deals d, workflow_statuses s, contacts c). */
const PAGE_COLUMNS = sql`d.id, d.tuid, d.name, d.description, d.workflow_id, d.status_id, d.sort_order,
  d.contact_id, c.name AS contact_name, c.email AS contact_email, d.is_archived, d.created_at, d.updated_at,
  s.name AS status_name, s.slug AS status_slug, s.phase`;
const PAGE_FROM = sql`FROM deals d
  JOIN workflow_statuses s ON s.id = d.status_id
  LEFT JOIN contacts c ON c.id = d.contact_id`;

/**
 * Where a card's alerts go: PostgreSQL writes none, the server fills in what the rules say. The
 * text cannot occur inside a string of the JSON (a quote there is written `\"`), so splitting the
 * cards' text on it finds each card's place.
 */
const ALERTS_SLOT = '"alerts":[],"alertWeight":0';

/**
 * A value badges the card unless it says nothing: 'None' or 'Unknown' in any case. JavaScript's
 * toLowerCase as the rule was written: of the characters that lower-case into ASCII letters only
 * the Kelvin sign (U+212A → k) is not ASCII, and lower() in the "C" collation changes ASCII only.
 */
const showOnCard = (label: SQL) =>
  sql`lower(replace(${label}, chr(8490), 'k') COLLATE "C") NOT IN ('none', 'unknown')`;

/**
 * The cards of the deals `page` selects (PAGE_COLUMNS and `n`, the card's place in the answer),
 * written by PostgreSQL as the contract's JSON (dealSchema's keys in its order, compact, as its
 * serializer writes them) in one statement with everything a card shows: contact, workflow,
 * status, flags, quote count and newest total, purchase orders and their supplier orders
 * (decisions 035, 043). Left for the server: the alerts (the domain's rules, which read the
 * supplier orders' days against today), from each card's facts.
 */
function cardsStatement(accountId: number, page: SQL, head: SQL = sql``): SQL {
  return sql`WITH page AS (${page}),
  zone AS (SELECT COALESCE((SELECT NULLIF(co.timezone, '') FROM companies co WHERE co.account_id = ${accountId}), 'UTC') AS tz),
  card AS (
    SELECT p.n, ${jsonObject(sql`
      p.id AS "id", p.tuid AS "tuid", p.name AS "name", p.description AS "description",
      p.workflow_id AS "workflowId", p.status_id AS "statusId", p.sort_order::text AS "sortOrder",
      p.contact_id AS "contactId",
      CASE WHEN p.contact_id IS NOT NULL
        THEN ${jsonObject(sql`COALESCE(p.contact_name, '') AS "name", COALESCE(p.contact_email, '') AS "email"`)} END AS "contact",
      p.is_archived AS "isArchived", ${isoInstant(sql`p.created_at`)} AS "createdAt",
      ${isoInstant(sql`p.updated_at`)} AS "updatedAt",
      ${jsonObject(sql`
        ${jsonObject(sql`w.id AS "id", w.name AS "name", w.slug AS "slug"`)} AS "workflow",
        ${jsonObject(sql`p.status_id AS "id", p.status_name AS "name", p.status_slug AS "slug", p.phase AS "phase"`)} AS "status",
        fv.flag_values AS "flagValues",
        '[]'::json AS "alerts", 0 AS "alertWeight",
        qc.quote_count AS "quoteCount", oc.order_count AS "orderCount", qt.quote_total AS "quoteTotal",
        so.supplier_orders AS "supplierOrders"`)} AS "context"`)}::text AS card,
      ${jsonObject(sql`p.phase AS "phase", p.status_name AS "statusName", fv.flags AS "flags",
        qc.quote_count AS "quoteCount", oc.order_count AS "orderCount", so.facts AS "supplierOrders"`)} AS facts
    FROM page p
    JOIN workflows w ON w.id = p.workflow_id
    CROSS JOIN LATERAL (
      SELECT ${jsonArrayAgg(
        jsonObject(sql`f.id AS "workflowFlagId", v.id AS "workflowFlagValueId", v.label AS "label",
          v.appearance AS "appearance", ${showOnCard(sql`v.label`)} AS "showOnCard"`),
        sql`f.sort_order, f.id`,
      )} AS flag_values,
        COALESCE(json_object_agg(f.name, v.label ORDER BY f.sort_order, f.id), '{}'::json) AS flags
        FROM deal_flag_values dfv
        JOIN workflow_flags f ON f.id = dfv.flag_id
        JOIN workflow_flag_values v ON v.id = dfv.value_id
       WHERE dfv.deal_id = p.id) fv
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS quote_count FROM deal_quotes q WHERE q.deal_id = p.id AND NOT q.is_archived) qc
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS order_count FROM deal_quotes q JOIN purchase_orders po ON po.source_quote_id = q.id
       WHERE q.deal_id = p.id AND NOT po.is_archived AND po.replaced_by_order_id IS NULL) oc
    LEFT JOIN LATERAL (
      SELECT q.grand_total_inc_tax::text AS quote_total FROM deal_quotes q WHERE q.deal_id = p.id AND NOT q.is_archived
       ORDER BY q.created_at DESC, q.id DESC LIMIT 1) qt ON true
    CROSS JOIN LATERAL (
      SELECT ${jsonArrayAgg(
        jsonObject(sql`s.id AS "id", po.order_id AS "orderId", po.tuid AS "orderTuid", m.name AS "manufacturerName",
          s.is_offline AS "isOffline", s.core_status AS "coreStatus",
          CASE WHEN s.is_offline THEN s.order_status_text ELSE COALESCE(st.name, '') END AS "status",
          s.acknowledgement AS "acknowledgement", s.eta::text AS "eta"`),
        sql`po.tuid, s.id`,
      )} AS supplier_orders,
        ${jsonArrayAgg(
          jsonObject(sql`NOT s.is_offline AS "online", s.acknowledgement <> '' AS "acknowledged",
            s.core_status IN ('COMPLETED', 'CANCELLED') AS "closed",
            to_char(COALESCE(po.submitted_at, s.created_at) AT TIME ZONE (SELECT tz FROM zone), 'YYYY-MM-DD') AS "submittedOn",
            s.eta::text AS "eta"`),
          sql`po.tuid, s.id`,
        )} AS facts
        FROM deal_quotes q
        JOIN purchase_orders po ON po.source_quote_id = q.id AND po.account_id = q.account_id
        JOIN supplier_orders s ON s.order_id = po.order_id AND s.account_id = po.account_id
        JOIN manufacturers m ON m.id = s.manufacturer_id
        LEFT JOIN supplier_order_statuses st ON st.id = s.order_status_id
       WHERE q.deal_id = p.id AND NOT po.is_archived AND po.replaced_by_order_id IS NULL) so
  )
  SELECT ${head}(SELECT to_char(now() AT TIME ZONE zone.tz, 'YYYY-MM-DD') FROM zone) AS today,
    (SELECT COALESCE(string_agg(card, ',' ORDER BY n), '') FROM card) AS cards,
    (SELECT COALESCE(json_agg(facts ORDER BY n), '[]'::json) FROM card) AS facts`;
}

/**
 * The cards as the contract's JSON array: each card's alerts, worked out by the domain's rules
 * from its facts, written into its place (nothing to write for a card with none).
 */
function cardsJson({ cards, facts, today }: CardsRow): string {
  const parts = cards.split(ALERTS_SLOT);
  if (parts.length !== facts.length + 1) {
    throw new Error(`${parts.length - 1} alert places for ${facts.length} cards`);
  }
  let json = `[${parts[0]}`;
  facts.forEach((f, i) => {
    // The supplier alerts depend on the day, so they are worked out at read time, like every alert;
    // the stored counts the board filters on are kept up to date by refreshSupplierAlertCounts.
    const alerts = dealAlerts(f.supplierOrders.length > 0 ? { ...f, today } : f);
    json +=
      alerts.length === 0
        ? ALERTS_SLOT
        : `"alerts":${JSON.stringify(alerts)},"alertWeight":${alertsWeight(alerts)}`;
    json += parts[i + 1];
  });
  return `${json}]`;
}

export async function findDeal(db: Db, accountId: number, id: number): Promise<Deal | undefined> {
  const [row] = await runPrepared<CardsRow>(
    db,
    'deal_card',
    cardsStatement(
      accountId,
      sql`SELECT ${PAGE_COLUMNS}, 1 AS n ${PAGE_FROM} WHERE d.id = ${id} AND d.account_id = ${accountId}`,
    ),
  );
  return row ? (JSON.parse(cardsJson(row)) as Deal[])[0] : undefined;
}

/**
 * Stores a deal's alert counts (the board filters on them in SQL); no write when they are
 * unchanged. True when they changed (the deals trigger then tells open boards).
 */
export async function updateAlertCounts(
  db: Db,
  id: number,
  warnings: number,
  infos: number,
): Promise<boolean> {
  const { rows } = await db.execute<{ id: number }>(
    sql`UPDATE deals SET alert_warnings = ${warnings}, alert_infos = ${infos}
        WHERE id = ${id} AND (alert_warnings <> ${warnings} OR alert_infos <> ${infos})
        RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * The deals whose supplier alerts may have changed without a write to the deal: those with an
 * online supplier order still open (time may raise an alert), or one changed in the last day (a
 * supplier's answer or status may have cleared one), of a live purchase order. Every account's.
 */
export async function findDealsWithSupplierAlerts(db: Db): Promise<{ account_id: number; id: number }[]> {
  const { rows } = await db.execute<{ account_id: number; id: number }>(sql`
    SELECT DISTINCT d.account_id, d.id
      FROM supplier_orders s
      JOIN purchase_orders p ON p.order_id = s.order_id AND p.account_id = s.account_id
      JOIN deal_quotes q ON q.id = p.source_quote_id AND q.account_id = p.account_id
      JOIN deals d ON d.id = q.deal_id
     WHERE NOT s.is_offline AND NOT p.is_archived AND p.replaced_by_order_id IS NULL
       AND (s.core_status NOT IN ('COMPLETED', 'CANCELLED')
            OR s.updated_at > now() - interval '1 day'
            OR EXISTS (SELECT 1 FROM supplier_order_history h
                        WHERE h.supplier_order_id = s.id AND h.created_at > now() - interval '1 day'))
     ORDER BY d.account_id, d.id`);
  return rows;
}

/**
 * Tells open boards (the SSE stream, in every process) that the deal changed, the way the deals
 * trigger does for writes to its row: for changes elsewhere that its card shows (its quotes).
 * Inside a transaction the notice goes out on commit.
 */
export async function announceDealChange(db: Db, accountId: number, id: number): Promise<void> {
  await db.execute(sql`
    SELECT pg_notify('slat_deals', account_id || ':' || workflow_id || ':' || id)
    FROM deals WHERE id = ${id} AND account_id = ${accountId}`);
}

/** The board's filters and paging, as the contract reads them from the URL. */
export type BoardQuery = z.output<typeof listDealsQuery>;

function boardFilters(accountId: number, q: BoardQuery): SQL {
  const parts: SQL[] = [sql`d.account_id = ${accountId}`, sql`d.workflow_id = ${q.workflowId}`];
  if (q.archived === 'true') parts.push(sql`d.is_archived`);
  else if (q.archived !== 'all') parts.push(sql`NOT d.is_archived`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(sql`(d.name ILIKE ${like} OR d.description ILIKE ${like} OR c.name ILIKE ${like}
      OR c.email ILIKE ${like} OR c.phone ILIKE ${like} OR d.tuid::text = ${q.search})`);
  }
  if (q.status) {
    const slugs = String(q.status)
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean);
    parts.push(sql`s.slug = ANY(${sql.param(slugs)}::text[])`);
  }
  if (q.phase) parts.push(sql`s.phase = ${q.phase}`);
  if (q.alerts === 'warning') parts.push(sql`d.alert_warnings > 0`);
  else if (q.alerts === 'info') parts.push(sql`d.alert_infos > 0`);
  else if (q.alerts === 'any') parts.push(sql`(d.alert_warnings > 0 OR d.alert_infos > 0)`);
  for (const [key, value] of Object.entries(q)) {
    if (!key.startsWith('flag.') || typeof value !== 'string' || !value) continue;
    const values = value.split('|').filter(Boolean);
    parts.push(sql`EXISTS (SELECT 1 FROM deal_flag_values dfv
      JOIN workflow_flags f ON f.id = dfv.flag_id
      JOIN workflow_flag_values v ON v.id = dfv.value_id
      WHERE dfv.deal_id = d.id AND f.slug = ${key.slice('flag.'.length)} AND v.slug = ANY(${sql.param(values)}::text[]))`);
  }
  return sql.join(parts, sql` AND `);
}

const SORT_COLUMNS: Record<string, SQL> = {
  name: sql`lower(d.name)`,
  contact: sql`lower(c.name)`,
  status: sql`s.sort_order`,
  updated: sql`d.updated_at`,
  alerts: sql`(d.alert_warnings * 100 + d.alert_infos)`,
};

/**
 * The order of a page: the table's sort (a column or a flag's value order, deals without a value
 * last either way, then by id), else board order — one column by its own keys (the board index),
 * the whole board by column first.
 */
function boardOrder(q: BoardQuery): SQL {
  if (!q.sort) return q.statusId ? sql`d.sort_order, d.id` : sql`s.sort_order, d.sort_order, d.id`;
  const descending = q.sort.startsWith('-');
  const key = descending ? q.sort.slice(1) : q.sort;
  const direction = descending ? sql`DESC` : sql`ASC`;
  const value = key.startsWith('flag:')
    ? sql`(SELECT v.sort_order FROM deal_flag_values dfv
        JOIN workflow_flags f ON f.id = dfv.flag_id
        JOIN workflow_flag_values v ON v.id = dfv.value_id
        WHERE dfv.deal_id = d.id AND f.workflow_id = d.workflow_id AND f.slug = ${key.slice('flag:'.length)})`
    : (SORT_COLUMNS[key] ?? sql`d.id`);
  return sql`${value} ${direction} NULLS LAST, d.id ${direction}`;
}

/**
 * One page of a board (or of one column, with `statusId`), in board order or the table's sort, as
 * cards, with whether the workflow is the account's: one statement, sent by name for each shape of
 * the filters so PostgreSQL plans it once per connection (decisions 016, 035). A search stays
 * unnamed: a generic plan cannot see its pattern.
 */
export async function findBoardDeals(
  db: Db,
  accountId: number,
  q: BoardQuery,
): Promise<{ workflowFound: boolean; cards: string }> {
  const column = q.statusId ? sql` AND d.status_id = ${q.statusId}` : sql``;
  const order = boardOrder(q);
  // The page size is written into the text (one statement per size; the board asks for a few): as
  // a parameter, the generic plan guesses a tenth of the column and costs more than a custom one,
  // so PostgreSQL planned the statement again on every run (0.7 ms of a 3 ms page).
  if (!Number.isSafeInteger(q.limit)) throw new Error(`A page size is a whole number, not ${q.limit}`);
  const statement = cardsStatement(
    accountId,
    sql`SELECT ${PAGE_COLUMNS}, row_number() OVER (ORDER BY ${order}) AS n ${PAGE_FROM}
        WHERE ${boardFilters(accountId, q)}${column}
        ORDER BY ${order} LIMIT ${sql.raw(String(q.limit))} OFFSET ${q.offset}`,
    sql`EXISTS (SELECT 1 FROM workflows WHERE id = ${q.workflowId} AND account_id = ${accountId}) AS workflow_found, `,
  );
  const [row] = q.search
    ? (await db.execute<CardsRow>(statement)).rows
    : await runPrepared<CardsRow>(db, 'board_cards', statement);
  return { workflowFound: row?.workflow_found === true, cards: row ? cardsJson(row) : '[]' };
}

/**
 * Per status id, over every deal matching the board's filters: the number of deals and the sum
 * of their newest non-archived quotes' totals (the grand total cache).
 */
export async function countBoardColumns(db: Db, accountId: number, q: BoardQuery): Promise<BoardColumns> {
  // Counts join only what the filters need (and each deal's newest quote, by the deal_quotes deal index).
  const joins = sql.join(
    [
      q.status || q.phase ? sql`JOIN workflow_statuses s ON s.id = d.status_id` : sql``,
      q.search ? sql`LEFT JOIN contacts c ON c.id = d.contact_id` : sql``,
    ],
    sql` `,
  );
  const counted = await db.execute<{ status_id: number; n: number; total: string }>(sql`
    SELECT d.status_id, count(*)::int AS n, coalesce(sum(latest.total), 0.00)::text AS total
    FROM deals d ${joins}
    LEFT JOIN LATERAL (
      SELECT q.grand_total_inc_tax AS total FROM deal_quotes q
      WHERE q.deal_id = d.id AND NOT q.is_archived ORDER BY q.created_at DESC, q.id DESC LIMIT 1
    ) latest ON true
    WHERE ${boardFilters(accountId, q)} GROUP BY d.status_id`);
  return {
    counts: Object.fromEntries(counted.rows.map((r) => [String(r.status_id), r.n])),
    quoteTotals: Object.fromEntries(counted.rows.map((r) => [String(r.status_id), r.total])),
  };
}

/** The deal's site address and access notes (what its detail adds to its card). */
export async function findSiteDetails(
  db: Db,
  accountId: number,
  id: number,
): Promise<{ siteAddress: string; accessNotes: string } | undefined> {
  const [row] = await db
    .select({ siteAddress: deals.siteAddress, accessNotes: deals.accessNotes })
    .from(deals)
    .where(and(eq(deals.id, id), eq(deals.accountId, accountId)));
  return row;
}

export type RelatedDealRow = {
  id: number;
  tuid: number;
  name: string;
  description: string;
  status: string;
  workflow_slug: string;
  is_archived: boolean;
};

/** The deals of the account related to deal `id` (either side of the link), by number. */
export async function findRelatedDeals(db: Db, accountId: number, id: number): Promise<RelatedDealRow[]> {
  const { rows } = await db.execute<RelatedDealRow>(sql`
    SELECT d.id, d.tuid, d.name, d.description, s.name AS status, w.slug AS workflow_slug, d.is_archived
    FROM deal_relations r
    JOIN deals d ON d.id = CASE WHEN r.deal_id = ${id} THEN r.related_deal_id ELSE r.deal_id END
    JOIN workflow_statuses s ON s.id = d.status_id
    JOIN workflows w ON w.id = d.workflow_id
    WHERE (r.deal_id = ${id} OR r.related_deal_id = ${id}) AND d.account_id = ${accountId}
    ORDER BY d.tuid`);
  return rows;
}

export async function isAccountWorkflow(db: Db, accountId: number, workflowId: number): Promise<boolean> {
  const [workflow] = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.accountId, accountId)));
  return workflow !== undefined;
}

export async function isAccountContact(db: Db, accountId: number, contactId: string): Promise<boolean> {
  const [c] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)));
  return c !== undefined;
}

export async function findFirstStatusId(db: Db, workflowId: number): Promise<number | undefined> {
  const [first] = await db
    .select()
    .from(workflowStatuses)
    .where(eq(workflowStatuses.workflowId, workflowId))
    .orderBy(asc(workflowStatuses.sortOrder))
    .limit(1);
  return first?.id;
}

export async function isWorkflowStatus(db: Db, workflowId: number, statusId: number): Promise<boolean> {
  const [s] = await db
    .select()
    .from(workflowStatuses)
    .where(and(eq(workflowStatuses.id, statusId), eq(workflowStatuses.workflowId, workflowId)));
  return s !== undefined;
}

/** Serialises key computation per column (in a transaction), so two drops into one gap cannot take the same key. */
export async function lockColumn(db: Db, workflowId: number, statusId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${workflowId}, ${statusId})`);
}

/** The smallest sort key in a column (null when it is empty), leaving out deal `exceptId`. */
export async function findTopSortOrder(
  db: Db,
  workflowId: number,
  statusId: number,
  exceptId?: number,
): Promise<string | null> {
  const { rows } = await db.execute<{ k: string | null }>(sql`
    SELECT min(sort_order)::text AS k FROM deals
    WHERE workflow_id = ${workflowId} AND status_id = ${statusId} AND id <> ${exceptId ?? 0}`);
  return rows[0]?.k ?? null;
}

/** The sort key of deal `id` when it is in that column of the account (undefined otherwise). */
export async function findSortOrderInColumn(
  db: Db,
  accountId: number,
  id: number,
  workflowId: number,
  statusId: number,
): Promise<string | undefined> {
  const { rows } = await db.execute<{ k: string }>(sql`
    SELECT sort_order::text AS k FROM deals
    WHERE id = ${id} AND account_id = ${accountId}
      AND workflow_id = ${workflowId} AND status_id = ${statusId}`);
  return rows[0]?.k;
}

/** The first sort key after `above` in a column (null: none), leaving out deal `exceptId`. */
export async function findSortOrderAfter(
  db: Db,
  workflowId: number,
  statusId: number,
  above: string,
  exceptId: number,
): Promise<string | null> {
  const { rows } = await db.execute<{ k: string | null }>(sql`
    SELECT min(sort_order)::text AS k FROM deals
    WHERE workflow_id = ${workflowId} AND status_id = ${statusId}
      AND sort_order > ${above}::numeric AND id <> ${exceptId}`);
  return rows[0]?.k ?? null;
}

/** The next deal number of the account (counts from 1). */
export async function nextDealNumber(db: Db, accountId: number): Promise<number> {
  const [counter] = await db
    .insert(accountCounters)
    .values({ accountId, name: 'deal', value: 1 })
    .onConflictDoUpdate({
      target: [accountCounters.accountId, accountCounters.name],
      set: { value: sql`${accountCounters.value} + 1` },
    })
    .returning({ value: accountCounters.value });
  return counter!.value;
}

export type NewDeal = {
  accountId: number;
  tuid: number;
  workflowId: number;
  statusId: number;
  sortOrder: string;
  name: string;
  description: string;
  contactId: string | null;
  siteAddress: string;
  accessNotes: string;
};

export async function insertDeal(db: Db, deal: NewDeal): Promise<number> {
  const [row] = await db.insert(deals).values(deal).returning({ id: deals.id });
  return row!.id;
}

/** Sets every flag of the workflow on the deal to its first value (None, Unknown…). */
export async function insertFirstFlagValues(db: Db, dealId: number, workflowId: number): Promise<void> {
  const { rows: firstValues } = await db.execute<{ flag_id: number; value_id: number }>(sql`
    SELECT DISTINCT ON (f.id) f.id AS flag_id, v.id AS value_id
    FROM workflow_flags f JOIN workflow_flag_values v ON v.flag_id = f.id
    WHERE f.workflow_id = ${workflowId} ORDER BY f.id, v.sort_order`);
  if (firstValues.length) {
    await db
      .insert(dealFlagValues)
      .values(firstValues.map((r) => ({ dealId, flagId: r.flag_id, valueId: r.value_id })));
  }
}

export async function updateDealRow(
  db: Db,
  accountId: number,
  id: number,
  fields: {
    name: string;
    description: string;
    contactId: string | null;
    siteAddress?: string;
    accessNotes?: string;
  },
): Promise<void> {
  await db
    .update(deals)
    .set({
      name: fields.name,
      description: fields.description,
      contactId: fields.contactId,
      // Left out by the caller: kept as they are.
      ...(fields.siteAddress === undefined ? {} : { siteAddress: fields.siteAddress }),
      ...(fields.accessNotes === undefined ? {} : { accessNotes: fields.accessNotes }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(deals.id, id), eq(deals.accountId, accountId)));
}

/** Locks the deal's row for a move (in a transaction) and answers where it is now. */
export async function lockDealPosition(
  db: Db,
  accountId: number,
  id: number,
): Promise<{ statusId: number; workflowId: number; isArchived: boolean } | undefined> {
  const { rows } = await db.execute<{ status_id: number; workflow_id: number; is_archived: boolean }>(sql`
    SELECT status_id, workflow_id, is_archived FROM deals WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
  const row = rows[0];
  return row && { statusId: row.status_id, workflowId: row.workflow_id, isArchived: row.is_archived };
}

export async function updateDealPosition(
  db: Db,
  id: number,
  statusId: number,
  sortOrder: string,
): Promise<void> {
  await db.update(deals).set({ statusId, sortOrder, updatedAt: sql`now()` }).where(eq(deals.id, id));
}

/** Whether `valueId` is a value of flag `flagId` of the workflow. */
export async function isWorkflowFlagValue(
  db: Db,
  workflowId: number,
  flagId: number,
  valueId: number,
): Promise<boolean> {
  const [value] = await db
    .select({ id: workflowFlagValues.id })
    .from(workflowFlagValues)
    .innerJoin(workflowFlags, eq(workflowFlags.id, workflowFlagValues.flagId))
    .where(
      and(
        eq(workflowFlagValues.id, valueId),
        eq(workflowFlagValues.flagId, flagId),
        eq(workflowFlags.workflowId, workflowId),
      ),
    );
  return value !== undefined;
}

export async function isWorkflowFlag(db: Db, workflowId: number, flagId: number): Promise<boolean> {
  const [flag] = await db
    .select({ id: workflowFlags.id })
    .from(workflowFlags)
    .where(and(eq(workflowFlags.id, flagId), eq(workflowFlags.workflowId, workflowId)));
  return flag !== undefined;
}

export async function upsertDealFlagValue(
  db: Db,
  dealId: number,
  flagId: number,
  valueId: number,
): Promise<void> {
  await db
    .insert(dealFlagValues)
    .values({ dealId, flagId, valueId })
    .onConflictDoUpdate({ target: [dealFlagValues.dealId, dealFlagValues.flagId], set: { valueId } });
}

export async function updateDealArchived(
  db: Db,
  accountId: number,
  id: number,
  archived: boolean,
): Promise<void> {
  await db
    .update(deals)
    .set({ isArchived: archived, updatedAt: sql`now()` })
    .where(and(eq(deals.id, id), eq(deals.accountId, accountId)));
}

/** Links two deals; the pair is stored once, smaller id first. */
export async function insertRelation(db: Db, dealId: number, relatedDealId: number): Promise<void> {
  await db.insert(dealRelations).values({ dealId, relatedDealId }).onConflictDoNothing();
}

export async function deleteRelation(db: Db, dealId: number, relatedDealId: number): Promise<void> {
  await db
    .delete(dealRelations)
    .where(and(eq(dealRelations.dealId, dealId), eq(dealRelations.relatedDealId, relatedDealId)));
}

export type DashboardRow = {
  id: number;
  name: string;
  slug: string;
  phase: string | null;
  n: number;
  warnings: number;
  infos: number;
};

/** Per active workflow and phase: the non-archived deals, and how many of them have alerts. */
export async function countDealsByPhase(db: Db, accountId: number): Promise<DashboardRow[]> {
  const { rows } = await db.execute<DashboardRow>(sql`
    SELECT w.id, w.name, w.slug, s.phase, count(d.id)::int AS n,
           count(d.id) FILTER (WHERE d.alert_warnings > 0)::int AS warnings,
           count(d.id) FILTER (WHERE d.alert_infos > 0)::int AS infos
    FROM workflows w
    LEFT JOIN workflow_statuses s ON s.workflow_id = w.id
    LEFT JOIN deals d ON d.status_id = s.id AND NOT d.is_archived
    WHERE w.account_id = ${accountId} AND w.is_active
    GROUP BY w.id, w.name, w.slug, w.sort_order, s.phase
    ORDER BY w.sort_order, w.id`);
  return rows;
}
