import {
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
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { readUpload } from '../../lib/uploads';
import { route } from '../../plugins/api';
import { formatPath } from '../../plugins/errors';
import type { Services } from '../../services';
import * as workflows from './workflows.service';

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

export function registerWorkflowRoutes(app: FastifyInstance, services: Services): void {
  route(app, listWorkflows, async ({ session }) => workflows.loadWorkflows(services.db, session().accountId));

  route(app, getWorkflow, async ({ session, params }) =>
    workflows.loadWorkflow(services.db, session().accountId, params.id),
  );

  route(app, exportWorkflowSchema, async ({ session, params, reply }) => {
    const workflow = await workflows.loadWorkflow(services.db, session().accountId, params.id);
    reply.header('content-disposition', `attachment; filename="${workflow.slug}.workflow.json"`);
    return workflows.toSchemaDocument(workflow);
  });

  route(app, importWorkflowSchema, async ({ session, request }) => {
    const s = session();
    await workflows.requireMainAdmin(services.db, s.userId);
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
    const id = await workflows.createWorkflowFromDocument(services.db, s.accountId, parsed.data);
    return workflows.loadWorkflow(services.db, s.accountId, id);
  });

  route(app, updateWorkflow, async ({ session, params, body }) => {
    const s = session();
    return workflows.editWorkflow(services.db, s.accountId, s.userId, params.id, body);
  });

  route(app, getDealWorkflowsSettings, async ({ session }) =>
    workflows.dealWorkflowsSettings(services.db, session().userId),
  );

  route(app, saveDealWorkflowsSettings, async ({ session, body }) => {
    const s = session();
    return workflows.saveDealWorkflowsSettings(services.db, s.accountId, s.userId, body);
  });
}
