import type { Deal, ListDealsQuery } from '@slat/contracts';
import { alertsWeight, type DealPhase, dealAlerts } from '@slat/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { ColumnCounts } from './column-counts';

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

/** Quotes and orders arrive with their own issues; until then every deal has none. */
const QUOTE_COUNT = 0;
const ORDER_COUNT = 0;

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

function toDeal(row: DealRow, flags: FlagRow[]): Deal {
  const alerts = dealAlerts({
    phase: row.phase,
    statusName: row.status_name,
    flags: Object.fromEntries(flags.map((f) => [f.flag_name, f.label])),
    quoteCount: QUOTE_COUNT,
    orderCount: ORDER_COUNT,
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
      quoteCount: QUOTE_COUNT,
      orderCount: ORDER_COUNT,
    },
  };
}

async function hydrate(db: Db, rows: DealRow[]): Promise<Deal[]> {
  const flags = await flagRows(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toDeal(
      r,
      flags.filter((f) => f.deal_id === r.id),
    ),
  );
}

export async function findDeal(db: Db, accountId: number, id: number): Promise<Deal | undefined> {
  const { rows } = await db.execute<DealRow>(
    sql`${SELECT} WHERE d.id = ${id} AND d.account_id = ${accountId}`,
  );
  return rows[0] ? (await hydrate(db, rows))[0] : undefined;
}

/** Recomputes and stores a deal's alert counts (the board filters on them in SQL). */
export async function refreshAlerts(db: Db, accountId: number, id: number): Promise<Deal | undefined> {
  const deal = await findDeal(db, accountId, id);
  if (!deal) return undefined;
  const warnings = deal.context.alerts.filter((a) => a.type === 'warning').length;
  const infos = deal.context.alerts.filter((a) => a.type === 'info').length;
  await db.execute(
    sql`UPDATE deals SET alert_warnings = ${warnings}, alert_infos = ${infos}
        WHERE id = ${id} AND (alert_warnings <> ${warnings} OR alert_infos <> ${infos})`,
  );
  return deal;
}

function boardFilters(accountId: number, q: ListDealsQuery & Record<string, unknown>): SQL {
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

export async function listDeals(
  db: Db,
  accountId: number,
  q: ListDealsQuery & Record<string, unknown> & { limit: number; offset: number },
  columnCounts?: ColumnCounts,
): Promise<{ data: Deal[]; total: number; counts: Record<string, number> }> {
  const where = boardFilters(accountId, q);
  const column = q.statusId ? sql` AND d.status_id = ${q.statusId}` : sql``;
  // One column is ordered by its own keys (the board index); the whole board by column first.
  const order = q.statusId ? sql`d.sort_order, d.id` : sql`s.sort_order, d.sort_order, d.id`;
  const { rows } = await db.execute<DealRow>(sql`${SELECT} WHERE ${where}${column}
    ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`);
  // Counts join only what the filters need, so an unfiltered board counts from the deals index alone.
  const joins = sql.join(
    [
      q.status || q.phase ? sql`JOIN workflow_statuses s ON s.id = d.status_id` : sql``,
      q.search ? sql`LEFT JOIN contacts c ON c.id = d.contact_id` : sql``,
    ],
    sql` `,
  );
  const countAll = async () => {
    const counted = await db.execute<{ status_id: number; n: number }>(sql`
      SELECT d.status_id, count(*)::int AS n FROM deals d ${joins}
      WHERE ${where} GROUP BY d.status_id`);
    return Object.fromEntries(counted.rows.map((r) => [String(r.status_id), r.n]));
  };
  const unfiltered =
    !q.search && !q.status && !q.phase && !q.alerts && !Object.keys(q).some((k) => k.startsWith('flag.'));
  const counts =
    unfiltered && columnCounts
      ? await columnCounts.get(`${accountId}:${q.workflowId}:${q.archived}`, countAll)
      : await countAll();
  const total = q.statusId
    ? (counts[String(q.statusId)] ?? 0)
    : Object.values(counts).reduce((n, c) => n + c, 0);
  return { data: await hydrate(db, rows), total, counts };
}
