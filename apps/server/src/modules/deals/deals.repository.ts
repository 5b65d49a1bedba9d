import type { Deal, DealSupplierOrder, listDealsQuery } from '@slat/contracts';
import { alertsWeight, type DealPhase, dealAlerts } from '@slat/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
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

type DealRow = {
  id: number;
  tuid: number;
  name: string;
  description: string;
  workflow_id: number;
  status_id: number;
  sort_order: string;
  contact_id: string | null;
  contact_name: string | null;
  contact_email: string | null;
  is_archived: boolean;
  created_at: Date;
  updated_at: Date;
  workflow_name: string;
  workflow_slug: string;
  status_name: string;
  status_slug: string;
  phase: DealPhase;
};

type FlagRow = {
  deal_id: number;
  flag_id: number;
  flag_name: string;
  value_id: number;
  label: string;
  appearance: string;
};

const SELECT = sql`
  SELECT d.id, d.tuid, d.name, d.description, d.workflow_id, d.status_id, d.sort_order::text AS sort_order,
         d.contact_id, c.name AS contact_name, c.email AS contact_email, d.is_archived, d.created_at, d.updated_at,
         w.name AS workflow_name, w.slug AS workflow_slug, s.name AS status_name, s.slug AS status_slug, s.phase
  FROM deals d
  JOIN workflows w ON w.id = d.workflow_id
  JOIN workflow_statuses s ON s.id = d.status_id
  LEFT JOIN contacts c ON c.id = d.contact_id`;

type QuoteSummary = { n: number; total: string | null; orders: number };

/**
 * Per deal of a page, in one query: the number of non-archived quotes, the newest one's total
 * (its grand total cache, what the card shows), and the number of non-archived purchase orders
 * converted from its quotes (each order counted once, by its newest revision).
 */
async function quoteSummaries(db: Db, dealIds: number[]): Promise<Map<number, QuoteSummary>> {
  if (dealIds.length === 0) return new Map();
  const { rows } = await db.execute<{ deal_id: number; n: number; total: string | null; orders: number }>(sql`
    SELECT d.id AS deal_id,
           (SELECT count(*)::int FROM deal_quotes q WHERE q.deal_id = d.id AND NOT q.is_archived) AS n,
           (SELECT q.grand_total_inc_tax::text FROM deal_quotes q WHERE q.deal_id = d.id AND NOT q.is_archived
             ORDER BY q.created_at DESC, q.id DESC LIMIT 1) AS total,
           (SELECT count(*)::int FROM deal_quotes q JOIN purchase_orders p ON p.source_quote_id = q.id
             WHERE q.deal_id = d.id AND NOT p.is_archived AND p.replaced_by_order_id IS NULL) AS orders
      FROM unnest(${sql.param(dealIds)}::int[]) AS d(id)`);
  return new Map(rows.map((r) => [r.deal_id, { n: r.n, total: r.total, orders: r.orders }]));
}

type SupplierOrderRow = {
  deal_id: number;
  id: number;
  order_id: number;
  order_tuid: number;
  manufacturer_name: string;
  is_offline: boolean;
  core_status: DealSupplierOrder['coreStatus'];
  status: string;
  acknowledgement: string;
  eta: string | null;
  submitted_on: string;
  today: string;
};

/**
 * Per deal of a page, in one query: the supplier orders of its purchase orders (the newest
 * revision of each, not archived), with the day each was submitted and today, both in the
 * company's time zone (what the supplier alerts measure).
 */
async function supplierOrderRows(db: Db, dealIds: number[]): Promise<Map<number, SupplierOrderRow[]>> {
  const byDeal = new Map<number, SupplierOrderRow[]>();
  if (dealIds.length === 0) return byDeal;
  const { rows } = await db.execute<SupplierOrderRow>(sql`
    SELECT q.deal_id, s.id, p.order_id, p.tuid AS order_tuid, m.name AS manufacturer_name, s.is_offline,
           s.core_status, CASE WHEN s.is_offline THEN s.order_status_text ELSE COALESCE(st.name, '') END AS status,
           s.acknowledgement, s.eta::text AS eta,
           to_char(COALESCE(p.submitted_at, s.created_at) AT TIME ZONE z.tz, 'YYYY-MM-DD') AS submitted_on,
           to_char(now() AT TIME ZONE z.tz, 'YYYY-MM-DD') AS today
      FROM deal_quotes q
      JOIN purchase_orders p ON p.source_quote_id = q.id AND p.account_id = q.account_id
      JOIN supplier_orders s ON s.order_id = p.order_id AND s.account_id = p.account_id
      JOIN manufacturers m ON m.id = s.manufacturer_id
      LEFT JOIN supplier_order_statuses st ON st.id = s.order_status_id
      CROSS JOIN LATERAL (
        SELECT COALESCE((SELECT NULLIF(co.timezone, '') FROM companies co WHERE co.account_id = q.account_id), 'UTC') AS tz
      ) z
     WHERE q.deal_id = ANY(${sql.param(dealIds)}::int[]) AND NOT p.is_archived AND p.replaced_by_order_id IS NULL
     ORDER BY q.deal_id, p.tuid, s.id`);
  for (const r of rows) {
    const list = byDeal.get(r.deal_id) ?? [];
    list.push(r);
    byDeal.set(r.deal_id, list);
  }
  return byDeal;
}

const CLOSED_STATUSES: ReadonlySet<string> = new Set(['COMPLETED', 'CANCELLED']);

async function flagRows(db: Db, dealIds: number[]): Promise<FlagRow[]> {
  if (dealIds.length === 0) return [];
  const { rows } = await db.execute<FlagRow>(sql`
    SELECT dfv.deal_id, f.id AS flag_id, f.name AS flag_name, v.id AS value_id, v.label, v.appearance
    FROM deal_flag_values dfv
    JOIN workflow_flags f ON f.id = dfv.flag_id
    JOIN workflow_flag_values v ON v.id = dfv.value_id
    WHERE dfv.deal_id = ANY(${sql.param(dealIds)}::int[])
    ORDER BY f.sort_order`);
  return rows;
}

function toDeal(
  row: DealRow,
  flags: FlagRow[],
  quotes: QuoteSummary | undefined,
  supplierOrders: SupplierOrderRow[],
): Deal {
  const quoteCount = quotes?.n ?? 0;
  const orderCount = quotes?.orders ?? 0;
  // The supplier alerts depend on the day, so they are computed here, at read time, like every
  // alert; the stored counts the board filters on are brought up to date by refreshSupplierAlertCounts.
  const alerts = dealAlerts({
    phase: row.phase,
    statusName: row.status_name,
    flags: Object.fromEntries(flags.map((f) => [f.flag_name, f.label])),
    quoteCount,
    orderCount,
    supplierOrders: supplierOrders.map((o) => ({
      online: !o.is_offline,
      acknowledged: o.acknowledgement !== '',
      closed: CLOSED_STATUSES.has(o.core_status),
      submittedOn: o.submitted_on,
      eta: o.eta,
    })),
    ...(supplierOrders[0] ? { today: supplierOrders[0].today } : {}),
  });
  return {
    id: row.id,
    tuid: row.tuid,
    name: row.name,
    description: row.description,
    workflowId: row.workflow_id,
    statusId: row.status_id,
    sortOrder: row.sort_order,
    contactId: row.contact_id,
    contact: row.contact_id ? { name: row.contact_name ?? '', email: row.contact_email ?? '' } : null,
    isArchived: row.is_archived,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    context: {
      workflow: { id: row.workflow_id, name: row.workflow_name, slug: row.workflow_slug },
      status: { id: row.status_id, name: row.status_name, slug: row.status_slug, phase: row.phase },
      flagValues: flags.map((f) => ({
        workflowFlagId: f.flag_id,
        workflowFlagValueId: f.value_id,
        label: f.label,
        appearance: f.appearance,
        // 'None'/'Unknown' values say nothing worth a badge on the card.
        showOnCard: !['none', 'unknown'].includes(f.label.toLowerCase()),
      })),
      alerts,
      alertWeight: alertsWeight(alerts),
      quoteCount,
      orderCount,
      quoteTotal: quotes?.total ?? null,
      supplierOrders: supplierOrders.map((o) => ({
        id: Number(o.id),
        orderId: Number(o.order_id),
        orderTuid: Number(o.order_tuid),
        manufacturerName: o.manufacturer_name,
        isOffline: o.is_offline,
        coreStatus: o.core_status,
        status: o.status,
        acknowledgement: o.acknowledgement,
        eta: o.eta,
      })),
    },
  };
}

async function hydrate(db: Db, rows: DealRow[]): Promise<Deal[]> {
  const ids = rows.map((r) => r.id);
  const flags = await flagRows(db, ids);
  const quotes = await quoteSummaries(db, ids);
  const supplierOrders = await supplierOrderRows(db, ids);
  return rows.map((r) =>
    toDeal(
      r,
      flags.filter((f) => f.deal_id === r.id),
      quotes.get(r.id),
      supplierOrders.get(r.id) ?? [],
    ),
  );
}

export async function findDeal(db: Db, accountId: number, id: number): Promise<Deal | undefined> {
  const { rows } = await db.execute<DealRow>(
    sql`${SELECT} WHERE d.id = ${id} AND d.account_id = ${accountId}`,
  );
  return rows[0] ? (await hydrate(db, rows))[0] : undefined;
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

/** One page of a board (or of one column, with `statusId`), in board order or the table's sort. */
export async function findBoardDeals(db: Db, accountId: number, q: BoardQuery): Promise<Deal[]> {
  const column = q.statusId ? sql` AND d.status_id = ${q.statusId}` : sql``;
  const order = boardOrder(q);
  const { rows } = await db.execute<DealRow>(sql`${SELECT} WHERE ${boardFilters(accountId, q)}${column}
    ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`);
  return hydrate(db, rows);
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
