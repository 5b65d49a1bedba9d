import { type Deal, type DealDetail, dealMessages, type listDeals } from '@slat/contracts';
import { sortKeyBetween } from '@slat/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { jsonWrittenByDatabase, type SerializedJson } from '../../plugins/serialized-json';
import type { ColumnCounts } from './column-counts';
import * as repo from './deals.repository';

export const conflict = () => new AppError('CONFLICT', dealMessages.conflict);

export async function requireDeal(db: Db, accountId: number, id: number): Promise<Deal> {
  const deal = await repo.findDeal(db, accountId, id);
  if (!deal) throw notFound('Deal not found');
  return deal;
}

/** Archived deals are read-only (sales spec §4): every change to them is refused. */
export async function requireEditableDeal(db: Db, accountId: number, id: number): Promise<Deal> {
  const deal = await requireDeal(db, accountId, id);
  if (deal.isArchived) throw new AppError('CONFLICT', dealMessages.archived);
  return deal;
}

/** Recomputes and stores a deal's alert counts (the board filters on them in SQL). */
async function refreshAlerts(db: Db, accountId: number, id: number): Promise<Deal | undefined> {
  const deal = await repo.findDeal(db, accountId, id);
  if (!deal) return undefined;
  await storeAlertCounts(db, deal);
  return deal;
}

/** Stores a deal's alert counts as read; true when they changed. */
async function storeAlertCounts(db: Db, deal: Deal): Promise<boolean> {
  const warnings = deal.context.alerts.filter((a) => a.type === 'warning').length;
  const infos = deal.context.alerts.filter((a) => a.type === 'info').length;
  return repo.updateAlertCounts(db, deal.id, warnings, infos);
}

/**
 * The supplier alerts (an order not acknowledged in 2 working days, or past its ETA) are raised
 * by the clock, not by a write: each deal's alerts are computed when it is read, so the deal and
 * its card are always right, but the counts stored for the board's alerts filter and the
 * dashboard would stay as the last write left them. This brings them up to date for the deals
 * whose supplier orders can change them; a job runs it every few minutes (the simplest correct
 * way: no write happens when a deadline passes). Answers how many deals' counts changed.
 */
export async function refreshSupplierAlertCounts(db: Db): Promise<number> {
  let changed = 0;
  for (const d of await repo.findDealsWithSupplierAlerts(db)) {
    const deal = await repo.findDeal(db, d.account_id, d.id);
    if (deal && (await storeAlertCounts(db, deal))) changed += 1;
  }
  return changed;
}

/**
 * After a change a deal's card and alerts read but its row does not hold (a quote added, cloned,
 * archived or unarchived): recomputes and stores its alert counts and announces the change to
 * open boards. Pass the transaction of the change so both commit with it.
 */
export async function refreshDealAlerts(db: Db, accountId: number, id: number): Promise<void> {
  await refreshAlerts(db, accountId, id);
  await repo.announceDealChange(db, accountId, id);
}

/**
 * Tells open boards that a deal's card changed without a change to its row or alerts (its quote
 * total). Pass the transaction of the change: the notice goes out on commit.
 */
export async function announceDealChange(db: Db, accountId: number, id: number): Promise<void> {
  await repo.announceDealChange(db, accountId, id);
}

async function requireWorkflow(db: Db, accountId: number, workflowId: number): Promise<void> {
  if (!(await repo.isAccountWorkflow(db, accountId, workflowId)))
    throw fieldError('workflowId', 'Workflow not found');
}

/** The board list's answer (the listDeals contract's). */
type BoardAnswer = z.output<typeof listDeals.response>;

/**
 * A page of a board with its true column counts and quote totals (the sum over every deal of a
 * column matching the filters, not just the page). Unfiltered boards take their counts from the
 * cache (`columnCounts`); filtered ones always count live. Sent as written: the cards' JSON is
 * PostgreSQL's (decision 043), the counts' JSON.stringify's, in the contract's key order.
 */
export async function listBoard(
  db: Db,
  accountId: number,
  q: repo.BoardQuery,
  columnCounts?: ColumnCounts,
  /** The request's arrival, for the counts cache's catch-up (decision 034). */
  since?: number,
): Promise<SerializedJson<BoardAnswer>> {
  // The page's statement says whether the workflow is the account's (one statement, not two).
  const { workflowFound, cards } = await repo.findBoardDeals(db, accountId, q);
  if (!workflowFound) throw fieldError('workflowId', 'Workflow not found');
  const countAll = () => repo.countBoardColumns(db, accountId, q);
  const unfiltered =
    !q.search && !q.status && !q.phase && !q.alerts && !Object.keys(q).some((k) => k.startsWith('flag.'));
  const { counts, quoteTotals } =
    unfiltered && columnCounts
      ? await columnCounts.get(`${accountId}:${q.workflowId}:${q.archived}`, countAll, since)
      : await countAll();
  const total = q.statusId
    ? (counts[String(q.statusId)] ?? 0)
    : Object.values(counts).reduce((n, c) => n + c, 0);
  return jsonWrittenByDatabase<BoardAnswer>(
    `{"data":${cards},"total":${total},"counts":${JSON.stringify(counts)},"quoteTotals":${JSON.stringify(quoteTotals)}}`,
  );
}

export async function dealDetail(db: Db, accountId: number, id: number): Promise<DealDetail> {
  const deal = await requireDeal(db, accountId, id);
  const rows = await repo.findRelatedDeals(db, accountId, id);
  const site = await repo.findSiteDetails(db, accountId, id);
  return {
    ...deal,
    siteAddress: site?.siteAddress ?? '',
    accessNotes: site?.accessNotes ?? '',
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
  if (!(await repo.isAccountContact(db, accountId, contactId)))
    throw fieldError('contactId', 'Contact not found');
}

/** The key that puts a deal at the top of a column (leaving out `exceptId`, the deal being moved). */
async function topKey(db: Db, workflowId: number, statusId: number, exceptId?: number): Promise<string> {
  return sortKeyBetween(null, await repo.findTopSortOrder(db, workflowId, statusId, exceptId));
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
    siteAddress?: string;
    accessNotes?: string;
  },
): Promise<DealDetail> {
  const workflowId = input.workflowId;
  await requireWorkflow(db, accountId, workflowId);
  const statusId = input.statusId ?? (await repo.findFirstStatusId(db, workflowId));
  if (!statusId || !(await repo.isWorkflowStatus(db, workflowId, statusId)))
    throw fieldError('statusId', 'Status not found');
  await requireContact(db, accountId, input.contactId);

  const id = await db.transaction(async (tx) => {
    const tuid = await repo.nextDealNumber(tx, accountId);
    await repo.lockColumn(tx, workflowId, statusId);
    const dealId = await repo.insertDeal(tx, {
      accountId,
      tuid,
      workflowId,
      statusId,
      sortOrder: await topKey(tx, workflowId, statusId),
      name: input.name,
      description: input.description,
      contactId: input.contactId,
      siteAddress: input.siteAddress ?? '',
      accessNotes: input.accessNotes ?? '',
    });
    // Every flag starts at its first value (None, Unknown…), so filters and alerts see a value.
    await repo.insertFirstFlagValues(tx, dealId, workflowId);
    return dealId;
  });
  await refreshAlerts(db, accountId, id);
  return dealDetail(db, accountId, id);
}

export async function updateDeal(
  db: Db,
  accountId: number,
  id: number,
  input: {
    name: string;
    description: string;
    contactId: string | null;
    siteAddress?: string;
    accessNotes?: string;
  },
): Promise<DealDetail> {
  await requireEditableDeal(db, accountId, id);
  await requireContact(db, accountId, input.contactId);
  await repo.updateDealRow(db, accountId, id, input);
  return dealDetail(db, accountId, id);
}

/**
 * Places the deal just below `belowId` (null: at the top) in the target column. The deal's
 * current status must still be `currentStatusId`, else the board was stale: 409, nothing changes.
 * `dealId`, when given (the board sends it), must be the deal in the path.
 */
export async function moveDeal(
  db: Db,
  accountId: number,
  id: number,
  input: {
    dealId?: number;
    currentStatusId: number;
    targetStatusId: number;
    belowId: number | null;
    workflowId: number;
  },
): Promise<Deal> {
  if (input.dealId !== undefined && input.dealId !== id)
    throw fieldError('dealId', 'dealId must match the deal in the path');
  await db.transaction(async (tx) => {
    const deal = await repo.lockDealPosition(tx, accountId, id);
    if (!deal) throw notFound('Deal not found');
    if (deal.isArchived) throw new AppError('CONFLICT', dealMessages.archived);
    if (deal.workflowId !== input.workflowId)
      throw fieldError('workflowId', 'The deal is not in this workflow');
    if (deal.statusId !== input.currentStatusId) throw conflict();
    if (!(await repo.isWorkflowStatus(tx, deal.workflowId, input.targetStatusId)))
      throw fieldError('targetStatusId', 'Status not found');
    await repo.lockColumn(tx, deal.workflowId, input.targetStatusId);
    let key: string;
    if (input.belowId === null) {
      key = await topKey(tx, deal.workflowId, input.targetStatusId, id);
    } else {
      if (input.belowId === id) throw fieldError('belowId', 'A deal cannot be placed below itself');
      const above = await repo.findSortOrderInColumn(
        tx,
        accountId,
        input.belowId,
        deal.workflowId,
        input.targetStatusId,
      );
      // The card it was dropped below has moved on: the board is stale.
      if (above === undefined) throw conflict();
      key = sortKeyBetween(
        above,
        await repo.findSortOrderAfter(tx, deal.workflowId, input.targetStatusId, above, id),
      );
    }
    await repo.updateDealPosition(tx, id, input.targetStatusId, key);
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
  if (!(await repo.isWorkflowFlagValue(db, deal.workflowId, flagId, valueId))) {
    if (!(await repo.isWorkflowFlag(db, deal.workflowId, flagId))) throw notFound('Flag not found');
    throw fieldError('valueId', 'This flag has no such value');
  }
  await repo.upsertDealFlagValue(db, id, flagId, valueId);
  return (await refreshAlerts(db, accountId, id))!;
}

export async function setArchived(
  db: Db,
  accountId: number,
  id: number,
  archived: boolean,
): Promise<DealDetail> {
  await requireDeal(db, accountId, id);
  await repo.updateDealArchived(db, accountId, id, archived);
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
  if (linked) await repo.insertRelation(db, a, b);
  else await repo.deleteRelation(db, a, b);
  return dealDetail(db, accountId, id);
}

type Phase = 'New' | 'Quoting' | 'InProgress' | 'Closed' | 'Cancelled';
type WorkflowSummary = {
  workflowId: number;
  name: string;
  slug: string;
  phases: Record<Phase, number>;
  alerts: { warning: number; info: number };
};

/** Each active workflow with its non-archived deals per phase and its deals with alerts. */
export async function dashboard(db: Db, accountId: number): Promise<WorkflowSummary[]> {
  const out = new Map<number, WorkflowSummary>();
  for (const r of await repo.countDealsByPhase(db, accountId)) {
    const entry = out.get(r.id) ?? {
      workflowId: r.id,
      name: r.name,
      slug: r.slug,
      phases: { New: 0, Quoting: 0, InProgress: 0, Closed: 0, Cancelled: 0 },
      alerts: { warning: 0, info: 0 },
    };
    if (r.phase) entry.phases[r.phase as Phase] += r.n;
    entry.alerts.warning += r.warnings;
    entry.alerts.info += r.infos;
    out.set(r.id, entry);
  }
  return [...out.values()];
}
