import type { Workflow, WorkflowSchemaDocument } from '@slat/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { workflowFlags, workflowFlagValues, workflowStatuses, workflows } from '../../db/schema';
import { notFound } from '../../lib/app-error';

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'workflow';

/** The account's workflows with statuses and flags, in order; `ids` narrows to some. */
export async function loadWorkflows(db: Db, accountId: number, ids?: number[]): Promise<Workflow[]> {
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

export async function loadWorkflow(db: Db, accountId: number, id: number): Promise<Workflow> {
  const [workflow] = await loadWorkflows(db, accountId, [id]);
  if (!workflow) throw notFound('Workflow not found');
  return workflow;
}

export function toSchemaDocument(w: Workflow): WorkflowSchemaDocument {
  return {
    format: 'slat.workflow',
    version: 1,
    name: w.name,
    statuses: w.statuses.map((s) => ({ name: s.name, slug: s.slug, phase: s.phase })),
    flags: w.flags.map((f) => ({
      name: f.name,
      slug: f.slug,
      values: f.values.map((v) => ({ slug: v.slug, label: v.label, appearance: v.appearance })),
    })),
  };
}

/** Creates a workflow from a document; its slug is made unique within the account. */
export async function createWorkflowFromDocument(
  db: Db,
  accountId: number,
  doc: WorkflowSchemaDocument,
): Promise<number> {
  return db.transaction(async (tx) => {
    const taken = new Set(
      (
        await tx.select({ slug: workflows.slug }).from(workflows).where(eq(workflows.accountId, accountId))
      ).map((r) => r.slug),
    );
    const base = slugify(doc.name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const [wf] = await tx
      .insert(workflows)
      .values({ accountId, name: doc.name, slug, sortOrder: taken.size })
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
  });
}
