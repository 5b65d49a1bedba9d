import type { DealWorkflowsSettings, Workflow, WorkflowSchemaDocument } from '@slat/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  users,
  webSettings,
  workflowFlags,
  workflowFlagValues,
  workflowStatuses,
  workflows,
} from '../../db/schema';

/** The account's workflows with statuses and flags, in order; `ids` narrows to some. */
export async function findWorkflows(db: Db, accountId: number, ids?: number[]): Promise<Workflow[]> {
  const rows = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.accountId, accountId), ids ? inArray(workflows.id, ids) : undefined))
    .orderBy(asc(workflows.sortOrder), asc(workflows.id));
  if (rows.length === 0) return [];
  const wfIds = rows.map((w) => w.id);
  const statuses = await db
    .select()
    .from(workflowStatuses)
    .where(inArray(workflowStatuses.workflowId, wfIds))
    .orderBy(asc(workflowStatuses.sortOrder));
  const flags = await db
    .select()
    .from(workflowFlags)
    .where(inArray(workflowFlags.workflowId, wfIds))
    .orderBy(asc(workflowFlags.sortOrder));
  const values = flags.length
    ? await db
        .select()
        .from(workflowFlagValues)
        .where(
          inArray(
            workflowFlagValues.flagId,
            flags.map((f) => f.id),
          ),
        )
        .orderBy(asc(workflowFlagValues.sortOrder))
    : [];
  return rows.map((w) => ({
    id: w.id,
    name: w.name,
    slug: w.slug,
    isActive: w.isActive,
    isEditable: w.isEditable,
    statuses: statuses
      .filter((s) => s.workflowId === w.id)
      .map((s) => ({ id: s.id, name: s.name, slug: s.slug, phase: s.phase })),
    flags: flags
      .filter((f) => f.workflowId === w.id)
      .map((f) => ({
        id: f.id,
        name: f.name,
        slug: f.slug,
        values: values
          .filter((v) => v.flagId === f.id)
          .map((v) => ({ id: v.id, slug: v.slug, label: v.label, appearance: v.appearance })),
      })),
  }));
}

export async function findWorkflowSlugs(db: Db, accountId: number): Promise<string[]> {
  const rows = await db
    .select({ slug: workflows.slug })
    .from(workflows)
    .where(eq(workflows.accountId, accountId));
  return rows.map((r) => r.slug);
}

/** Inserts a workflow with its statuses and flags (call inside a transaction). */
export async function insertWorkflow(
  tx: Db,
  accountId: number,
  doc: WorkflowSchemaDocument,
  slug: string,
  sortOrder: number,
): Promise<number> {
  const [wf] = await tx
    .insert(workflows)
    .values({ accountId, name: doc.name, slug, sortOrder })
    .returning({ id: workflows.id });
  const workflowId = wf!.id;
  if (doc.statuses.length) {
    await tx.insert(workflowStatuses).values(
      doc.statuses.map((s, i) => ({
        workflowId,
        name: s.name,
        slug: s.slug,
        phase: s.phase,
        sortOrder: i,
      })),
    );
  }
  for (const [i, f] of doc.flags.entries()) {
    const [flag] = await tx
      .insert(workflowFlags)
      .values({ workflowId, name: f.name, slug: f.slug, sortOrder: i })
      .returning({ id: workflowFlags.id });
    await tx.insert(workflowFlagValues).values(
      f.values.map((v, j) => ({
        flagId: flag!.id,
        slug: v.slug,
        label: v.label,
        appearance: v.appearance,
        sortOrder: j,
      })),
    );
  }
  return workflowId;
}

export async function updateWorkflowRow(
  db: Db,
  accountId: number,
  id: number,
  fields: { name: string; isActive: boolean },
): Promise<void> {
  await db
    .update(workflows)
    .set(fields)
    .where(and(eq(workflows.id, id), eq(workflows.accountId, accountId)));
}

export async function hasMainAdminAccess(db: Db, userId: number): Promise<boolean> {
  const [u] = await db.select({ admin: users.mainAdminAccess }).from(users).where(eq(users.id, userId));
  return u?.admin === true;
}

/** A user's stored DEAL_WORKFLOWS web setting, unparsed (undefined when never saved). */
export async function findDealWorkflowsSetting(db: Db, userId: number): Promise<unknown> {
  const [row] = await db
    .select({ value: webSettings.value })
    .from(webSettings)
    .where(and(eq(webSettings.userId, userId), eq(webSettings.key, 'DEAL_WORKFLOWS')));
  return row?.value;
}

export async function saveDealWorkflowsSetting(
  db: Db,
  userId: number,
  value: DealWorkflowsSettings,
): Promise<void> {
  await db
    .insert(webSettings)
    .values({ userId, key: 'DEAL_WORKFLOWS', value })
    .onConflictDoUpdate({
      target: [webSettings.userId, webSettings.key],
      set: { value, updatedAt: sql`now()` },
    });
}
