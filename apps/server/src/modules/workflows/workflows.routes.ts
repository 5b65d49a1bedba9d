import {
  type DealWorkflowsSettings,
  dealWorkflowsSettingsSchema,
  exportWorkflowSchema,
  getDealWorkflowsSettings,
  getWorkflow,
  importWorkflowSchema,
  listWorkflows,
  saveDealWorkflowsSettings,
  updateWorkflow,
  type WorkflowSchemaDocument,
  workflowSchemaDocument,
} from '@slat/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, webSettings, workflows } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { readUpload } from '../../lib/uploads';
import { route } from '../../plugins/api';
import { formatPath } from '../../plugins/errors';
import type { Services } from '../../services';
import {
  createWorkflowFromDocument,
  loadWorkflow,
  loadWorkflows,
  toSchemaDocument,
} from './workflows.service';

async function requireMainAdmin(services: Services, userId: number): Promise<void> {
  const [u] = await services.db
    .select({ admin: users.mainAdminAccess })
    .from(users)
    .where(eq(users.id, userId));
  if (!u?.admin) throw new AppError('FORBIDDEN', 'Only a main administrator can change workflows');
}

/** Slugs must be unique among statuses, among flags, and among a flag's values. */
function duplicateSlugErrors(doc: WorkflowSchemaDocument) {
  const fields: { path: string; message: string }[] = [];
  const check = (items: { slug: string }[], base: (string | number)[]) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.slug))
        fields.push({ path: formatPath([...base, i, 'slug']), message: `Duplicate slug '${item.slug}'` });
      seen.add(item.slug);
    });
  };
  check(doc.statuses, ['statuses']);
  check(doc.flags, ['flags']);
  for (const [i, f] of doc.flags.entries()) check(f.values, ['flags', i, 'values']);
  return fields;
}

export function workflowRoutes(app: FastifyInstance, services: Services): void {
  route(app, listWorkflows, async ({ session }) => loadWorkflows(services.db, session().accountId));

  route(app, getWorkflow, async ({ session, params }) =>
    loadWorkflow(services.db, session().accountId, params.id),
  );

  route(app, exportWorkflowSchema, async ({ session, params, reply }) => {
    const workflow = await loadWorkflow(services.db, session().accountId, params.id);
    reply.header('content-disposition', `attachment; filename="${workflow.slug}.workflow.json"`);
    return toSchemaDocument(workflow);
  });

  route(app, importWorkflowSchema, async ({ session, request }) => {
    const s = session();
    await requireMainAdmin(services, s.userId);
    const upload = await readUpload(request, { maxBytes: 1024 * 1024, extensions: ['json'], field: 'file' });
    let json: unknown;
    try {
      json = JSON.parse(upload.buffer.toString('utf8'));
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The file is not valid JSON', [
        { path: 'file', message: 'The file is not valid JSON' },
      ]);
    }
    const parsed = workflowSchemaDocument.safeParse(json);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({
        path: formatPath(i.path) || '(file)',
        message: i.message,
      }));
      throw new AppError('VALIDATION_FAILED', `${fields[0]!.path}: ${fields[0]!.message}`, fields);
    }
    const duplicates = duplicateSlugErrors(parsed.data);
    if (duplicates.length)
      throw new AppError(
        'VALIDATION_FAILED',
        `${duplicates[0]!.path}: ${duplicates[0]!.message}`,
        duplicates,
      );
    const id = await createWorkflowFromDocument(services.db, s.accountId, parsed.data);
    return loadWorkflow(services.db, s.accountId, id);
  });

  route(app, updateWorkflow, async ({ session, params, body }) => {
    const s = session();
    const current = await loadWorkflow(services.db, s.accountId, params.id);
    await requireMainAdmin(services, s.userId);
    if (!current.isEditable) throw new AppError('FORBIDDEN', 'This workflow cannot be edited');
    await services.db
      .update(workflows)
      .set({ name: body.name, isActive: body.isActive })
      .where(and(eq(workflows.id, params.id), eq(workflows.accountId, s.accountId)));
    return loadWorkflow(services.db, s.accountId, params.id);
  });

  route(app, getDealWorkflowsSettings, async ({ session }) => {
    const [row] = await services.db
      .select({ value: webSettings.value })
      .from(webSettings)
      .where(and(eq(webSettings.userId, session().userId), eq(webSettings.key, 'DEAL_WORKFLOWS')));
    const parsed = dealWorkflowsSettingsSchema.safeParse(row?.value);
    return parsed.success ? parsed.data : { workflows: [] };
  });

  route(app, saveDealWorkflowsSettings, async ({ session, body }) => {
    const s = session();
    const own = new Set((await loadWorkflows(services.db, s.accountId)).map((w) => w.id));
    body.workflows.forEach((w, i) => {
      if (!own.has(w.workflowId)) throw notFound(`workflows[${i}].workflowId: workflow not found`);
    });
    const value: DealWorkflowsSettings = body;
    await services.db
      .insert(webSettings)
      .values({ userId: s.userId, key: 'DEAL_WORKFLOWS', value })
      .onConflictDoUpdate({
        target: [webSettings.userId, webSettings.key],
        set: { value, updatedAt: sql`now()` },
      });
    return value;
  });
}
