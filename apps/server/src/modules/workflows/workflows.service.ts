import {
  type DealWorkflowsSettings,
  dealWorkflowsSettingsSchema,
  type Workflow,
  type WorkflowSchemaDocument,
} from '@slat/contracts';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import * as repo from './workflows.repository';

export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'workflow';

/** The account's workflows with statuses and flags, in order; `ids` narrows to some. */
export const loadWorkflows = (db: Db, accountId: number, ids?: number[]): Promise<Workflow[]> =>
  repo.findWorkflows(db, accountId, ids);

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
    const taken = new Set(await repo.findWorkflowSlugs(tx, accountId));
    const base = slugify(doc.name);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return repo.insertWorkflow(tx, accountId, doc, slug, taken.size);
  });
}

export async function requireMainAdmin(db: Db, userId: number): Promise<void> {
  if (!(await repo.hasMainAdminAccess(db, userId)))
    throw new AppError('FORBIDDEN', 'Only a main administrator can change workflows');
}

export async function editWorkflow(
  db: Db,
  accountId: number,
  userId: number,
  id: number,
  fields: { name: string; isActive: boolean },
): Promise<Workflow> {
  const current = await loadWorkflow(db, accountId, id);
  await requireMainAdmin(db, userId);
  if (!current.isEditable) throw new AppError('FORBIDDEN', 'This workflow cannot be edited');
  await repo.updateWorkflowRow(db, accountId, id, { name: fields.name, isActive: fields.isActive });
  return loadWorkflow(db, accountId, id);
}

/** The user's saved board presets per workflow; an unreadable or missing setting reads as none. */
export async function dealWorkflowsSettings(db: Db, userId: number): Promise<DealWorkflowsSettings> {
  const parsed = dealWorkflowsSettingsSchema.safeParse(await repo.findDealWorkflowsSetting(db, userId));
  return parsed.success ? parsed.data : { workflows: [] };
}

export async function saveDealWorkflowsSettings(
  db: Db,
  accountId: number,
  userId: number,
  value: DealWorkflowsSettings,
): Promise<DealWorkflowsSettings> {
  const own = new Set((await loadWorkflows(db, accountId)).map((w) => w.id));
  value.workflows.forEach((w, i) => {
    if (!own.has(w.workflowId)) throw notFound(`workflows[${i}].workflowId: workflow not found`);
  });
  await repo.saveDealWorkflowsSetting(db, userId, value);
  return value;
}
