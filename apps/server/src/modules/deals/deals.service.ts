import { type Deal, type DealDetail, dealMessages } from '@slat/contracts';
import { sortKeyBetween } from '@slat/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
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
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { findDeal, refreshAlerts } from './deals.repository';

export const conflict = () => new AppError('CONFLICT', dealMessages.conflict);

export async function requireDeal(db: Db, accountId: number, id: number): Promise<Deal> {
  const deal = await findDeal(db, accountId, id);
  if (!deal) throw notFound('Deal not found');
  return deal;
}

/** Archived deals are read-only (sales spec §4): every change to them is refused. */
export async function requireEditableDeal(db: Db, accountId: number, id: number): Promise<Deal> {
  const deal = await requireDeal(db, accountId, id);
  if (deal.isArchived) throw new AppError('CONFLICT', dealMessages.archived);
  return deal;
}

export async function dealDetail(db: Db, accountId: number, id: number): Promise<DealDetail> {
  const deal = await requireDeal(db, accountId, id);
  const { rows } = await db.execute<{
    id: number;
    tuid: number;
    name: string;
    description: string;
    status: string;
    workflow_slug: string;
    is_archived: boolean;
  }>(sql`
    SELECT d.id, d.tuid, d.name, d.description, s.name AS status, w.slug AS workflow_slug, d.is_archived
    FROM deal_relations r
    JOIN deals d ON d.id = CASE WHEN r.deal_id = ${id} THEN r.related_deal_id ELSE r.deal_id END
    JOIN workflow_statuses s ON s.id = d.status_id
    JOIN workflows w ON w.id = d.workflow_id
    WHERE (r.deal_id = ${id} OR r.related_deal_id = ${id}) AND d.account_id = ${accountId}
    ORDER BY d.tuid`);
  return {
    ...deal,
    relatedDeals: rows.map((r) => ({
      id: r.id,
      tuid: r.tuid,
      name: r.name,
      description: r.description,
      status: r.status,
      workflowSlug: r.workflow_slug,
      isArchived: r.is_archived,
    })),
  };
}

async function requireContact(db: Db, accountId: number, contactId: string | null): Promise<void> {
  if (!contactId) return;
  const [c] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)));
  if (!c) throw fieldError('contactId', 'Contact not found');
}

async function statusOf(db: Db, workflowId: number, statusId: number) {
  const [s] = await db
    .select()
    .from(workflowStatuses)
    .where(and(eq(workflowStatuses.id, statusId), eq(workflowStatuses.workflowId, workflowId)));
  return s;
}

/** Serialises key computation per column, so two drops into one gap cannot take the same key. */
const lockColumn = (db: Db, workflowId: number, statusId: number) =>
  db.execute(sql`SELECT pg_advisory_xact_lock(${workflowId}, ${statusId})`);

async function topKey(db: Db, workflowId: number, statusId: number, exceptId?: number): Promise<string> {
  const { rows } = await db.execute<{ k: string | null }>(sql`
    SELECT min(sort_order)::text AS k FROM deals
    WHERE workflow_id = ${workflowId} AND status_id = ${statusId} AND id <> ${exceptId ?? 0}`);
  return sortKeyBetween(null, rows[0]?.k ?? null);
}

export async function createDeal(
  db: Db,
  accountId: number,
  input: {
    workflowId: number;
    statusId?: number;
    name: string;
    description: string;
    contactId: string | null;
  },
): Promise<DealDetail> {
  const [workflow] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, input.workflowId), eq(workflows.accountId, accountId)));
  if (!workflow) throw fieldError('workflowId', 'Workflow not found');
  const [first] = await db
    .select()
    .from(workflowStatuses)
    .where(eq(workflowStatuses.workflowId, workflow.id))
    .orderBy(asc(workflowStatuses.sortOrder))
    .limit(1);
  const statusId = input.statusId ?? first?.id;
  if (!statusId || !(await statusOf(db, workflow.id, statusId)))
    throw fieldError('statusId', 'Status not found');
  await requireContact(db, accountId, input.contactId);

  const id = await db.transaction(async (tx) => {
    const [counter] = await tx
      .insert(accountCounters)
      .values({ accountId, name: 'deal', value: 1 })
      .onConflictDoUpdate({
        target: [accountCounters.accountId, accountCounters.name],
        set: { value: sql`${accountCounters.value} + 1` },
      })
      .returning({ value: accountCounters.value });
    await lockColumn(tx, workflow.id, statusId);
    const [deal] = await tx
      .insert(deals)
      .values({
        accountId,
        tuid: counter!.value,
        workflowId: workflow.id,
        statusId,
        sortOrder: await topKey(tx, workflow.id, statusId),
        name: input.name,
        description: input.description,
        contactId: input.contactId,
      })
      .returning({ id: deals.id });
    // Every flag starts at its first value (None, Unknown…), so filters and alerts see a value.
    const { rows: firstValues } = await tx.execute<{ flag_id: number; value_id: number }>(sql`
      SELECT DISTINCT ON (f.id) f.id AS flag_id, v.id AS value_id
      FROM workflow_flags f JOIN workflow_flag_values v ON v.flag_id = f.id
      WHERE f.workflow_id = ${workflow.id} ORDER BY f.id, v.sort_order`);
    if (firstValues.length) {
      await tx
        .insert(dealFlagValues)
        .values(firstValues.map((r) => ({ dealId: deal!.id, flagId: r.flag_id, valueId: r.value_id })));
    }
    return deal!.id;
  });
  await refreshAlerts(db, accountId, id);
  return dealDetail(db, accountId, id);
}

export async function updateDeal(
  db: Db,
  accountId: number,
  id: number,
  input: { name: string; description: string; contactId: string | null },
): Promise<DealDetail> {
  await requireEditableDeal(db, accountId, id);
  await requireContact(db, accountId, input.contactId);
  await db
    .update(deals)
    .set({
      name: input.name,
      description: input.description,
      contactId: input.contactId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(deals.id, id), eq(deals.accountId, accountId)));
  return dealDetail(db, accountId, id);
}

/**
 * Places the deal just below `belowId` (null: at the top) in the target column. The deal's
 * current status must still be `currentStatusId`, else the board was stale: 409, nothing changes.
 */
export async function moveDeal(
  db: Db,
  accountId: number,
  id: number,
  input: { currentStatusId: number; targetStatusId: number; belowId: number | null; workflowId: number },
): Promise<Deal> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ status_id: number; workflow_id: number; is_archived: boolean }>(sql`
      SELECT status_id, workflow_id, is_archived FROM deals WHERE id = ${id} AND account_id = ${accountId} FOR UPDATE`);
    const deal = rows[0];
    if (!deal) throw notFound('Deal not found');
    if (deal.is_archived) throw new AppError('CONFLICT', dealMessages.archived);
    if (deal.workflow_id !== input.workflowId)
      throw fieldError('workflowId', 'The deal is not in this workflow');
    if (deal.status_id !== input.currentStatusId) throw conflict();
    if (!(await statusOf(tx, deal.workflow_id, input.targetStatusId)))
      throw fieldError('targetStatusId', 'Status not found');
    await lockColumn(tx, deal.workflow_id, input.targetStatusId);
    let key: string;
    if (input.belowId === null) {
      key = await topKey(tx, deal.workflow_id, input.targetStatusId, id);
    } else {
      if (input.belowId === id) throw fieldError('belowId', 'A deal cannot be placed below itself');
      const below = await tx.execute<{ k: string }>(sql`
        SELECT sort_order::text AS k FROM deals
        WHERE id = ${input.belowId} AND account_id = ${accountId}
          AND workflow_id = ${deal.workflow_id} AND status_id = ${input.targetStatusId}`);
      const above = below.rows[0]?.k;
      // The card it was dropped below has moved on: the board is stale.
      if (above === undefined) throw conflict();
      const next = await tx.execute<{ k: string | null }>(sql`
        SELECT min(sort_order)::text AS k FROM deals
        WHERE workflow_id = ${deal.workflow_id} AND status_id = ${input.targetStatusId}
          AND sort_order > ${above}::numeric AND id <> ${id}`);
      key = sortKeyBetween(above, next.rows[0]?.k ?? null);
    }
    await tx
      .update(deals)
      .set({ statusId: input.targetStatusId, sortOrder: key, updatedAt: sql`now()` })
      .where(eq(deals.id, id));
  });
  return (await refreshAlerts(db, accountId, id))!;
}

export async function setStatus(
  db: Db,
  accountId: number,
  id: number,
  input: { currentStatusId: number; statusId: number },
): Promise<Deal> {
  const deal = await requireDeal(db, accountId, id);
  return moveDeal(db, accountId, id, {
    currentStatusId: input.currentStatusId,
    targetStatusId: input.statusId,
    belowId: null,
    workflowId: deal.workflowId,
  });
}

export async function setFlag(
  db: Db,
  accountId: number,
  id: number,
  flagId: number,
  valueId: number,
): Promise<Deal> {
  const deal = await requireEditableDeal(db, accountId, id);
  const [value] = await db
    .select({ id: workflowFlagValues.id })
    .from(workflowFlagValues)
    .innerJoin(workflowFlags, eq(workflowFlags.id, workflowFlagValues.flagId))
    .where(
      and(
        eq(workflowFlagValues.id, valueId),
        eq(workflowFlagValues.flagId, flagId),
        eq(workflowFlags.workflowId, deal.workflowId),
      ),
    );
  if (!value) {
    const [flag] = await db
      .select({ id: workflowFlags.id })
      .from(workflowFlags)
      .where(and(eq(workflowFlags.id, flagId), eq(workflowFlags.workflowId, deal.workflowId)));
    if (!flag) throw notFound('Flag not found');
    throw fieldError('valueId', 'This flag has no such value');
  }
  await db
    .insert(dealFlagValues)
    .values({ dealId: id, flagId, valueId })
    .onConflictDoUpdate({ target: [dealFlagValues.dealId, dealFlagValues.flagId], set: { valueId } });
  return (await refreshAlerts(db, accountId, id))!;
}

export async function setArchived(
  db: Db,
  accountId: number,
  id: number,
  archived: boolean,
): Promise<DealDetail> {
  await requireDeal(db, accountId, id);
  await db
    .update(deals)
    .set({ isArchived: archived, updatedAt: sql`now()` })
    .where(and(eq(deals.id, id), eq(deals.accountId, accountId)));
  return dealDetail(db, accountId, id);
}

export async function relate(
  db: Db,
  accountId: number,
  id: number,
  otherId: number,
  linked: boolean,
): Promise<DealDetail> {
  await requireEditableDeal(db, accountId, id);
  if (id === otherId) throw fieldError('relatedDealId', 'A deal cannot be related to itself');
  await requireDeal(db, accountId, otherId);
  const [a, b] = id < otherId ? [id, otherId] : [otherId, id];
  if (linked) await db.insert(dealRelations).values({ dealId: a, relatedDealId: b }).onConflictDoNothing();
  else
    await db
      .delete(dealRelations)
      .where(and(eq(dealRelations.dealId, a), eq(dealRelations.relatedDealId, b)));
  return dealDetail(db, accountId, id);
}

export async function dashboard(db: Db, accountId: number) {
  const { rows } = await db.execute<{
    id: number;
    name: string;
    slug: string;
    phase: string | null;
    n: number;
    warnings: number;
    infos: number;
  }>(sql`
    SELECT w.id, w.name, w.slug, s.phase, count(d.id)::int AS n,
           count(d.id) FILTER (WHERE d.alert_warnings > 0)::int AS warnings,
           count(d.id) FILTER (WHERE d.alert_infos > 0)::int AS infos
    FROM workflows w
    LEFT JOIN workflow_statuses s ON s.workflow_id = w.id
    LEFT JOIN deals d ON d.status_id = s.id AND NOT d.is_archived
    WHERE w.account_id = ${accountId} AND w.is_active
    GROUP BY w.id, w.name, w.slug, w.sort_order, s.phase
    ORDER BY w.sort_order, w.id`);
  const out = new Map<
    number,
    {
      workflowId: number;
      name: string;
      slug: string;
      phases: Record<'New' | 'Quoting' | 'InProgress' | 'Closed' | 'Cancelled', number>;
      alerts: { warning: number; info: number };
    }
  >();
  for (const r of rows) {
    const entry = out.get(r.id) ?? {
      workflowId: r.id,
      name: r.name,
      slug: r.slug,
      phases: { New: 0, Quoting: 0, InProgress: 0, Closed: 0, Cancelled: 0 },
      alerts: { warning: 0, info: 0 },
    };
    if (r.phase) entry.phases[r.phase as keyof typeof entry.phases] += r.n;
    entry.alerts.warning += r.warnings;
    entry.alerts.info += r.infos;
    out.set(r.id, entry);
  }
  return [...out.values()];
}
