import { z } from 'zod';
import { idParams, idSchema } from '../common';
import { defineEndpoint } from '../endpoint';

export const phases = ['New', 'Quoting', 'InProgress', 'Closed', 'Cancelled'] as const;

export const workflowStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  phase: z.enum(phases),
});

export const workflowFlagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  values: z.array(
    z.object({ id: z.number().int(), slug: z.string(), label: z.string(), appearance: z.string() }),
  ),
});

export const workflowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  isEditable: z.boolean(),
  statuses: z.array(workflowStatusSchema),
  flags: z.array(workflowFlagSchema),
});
export type Workflow = z.infer<typeof workflowSchema>;

export const listWorkflows = defineEndpoint({
  method: 'GET',
  path: '/workflows',
  summary: "The account's workflows with statuses and flags",
  auth: 'session',
  response: z.array(workflowSchema),
});

export const getWorkflow = defineEndpoint({
  method: 'GET',
  path: '/workflows/:id',
  summary: 'One workflow',
  auth: 'session',
  params: idParams,
  response: workflowSchema,
});

const slug = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes');

/** The portable workflow document: export from one account, import into another. */
export const workflowSchemaDocument = z.strictObject({
  format: z.literal('slat.workflow'),
  version: z.literal(1),
  name: z.string().trim().min(1, 'name is required').max(100),
  statuses: z
    .array(z.strictObject({ name: z.string().trim().min(1).max(100), slug, phase: z.enum(phases) }))
    .min(1, 'A workflow needs at least one status'),
  flags: z.array(
    z.strictObject({
      name: z.string().trim().min(1).max(100),
      slug,
      values: z
        .array(
          z.strictObject({
            slug,
            label: z.string().trim().min(1).max(100),
            appearance: z.string().trim().min(1).max(40).default('default'),
          }),
        )
        .min(1, 'A flag needs at least one value'),
    }),
  ),
});
export type WorkflowSchemaDocument = z.infer<typeof workflowSchemaDocument>;

export const exportWorkflowSchema = defineEndpoint({
  method: 'GET',
  path: '/workflows/:id/schema',
  summary: 'The workflow as a portable JSON document (statuses, phases, flags)',
  auth: 'session',
  params: idParams,
  response: workflowSchemaDocument,
});

export const importWorkflowSchema = defineEndpoint({
  method: 'POST',
  path: '/workflows/schema/import',
  summary: 'Create a workflow from an exported document (multipart field `file`, JSON, at most 1 MB)',
  auth: 'session',
  response: workflowSchema,
});

export const updateWorkflow = defineEndpoint({
  method: 'PUT',
  path: '/workflows/:id/update',
  summary: 'Rename a workflow or change its active state (editable workflows, main admins only)',
  auth: 'session',
  params: idParams,
  body: z.strictObject({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
    isActive: z.boolean(),
  }),
  response: workflowSchema,
});

// ——— Web settings: DEAL_WORKFLOWS ———

export const presetFilterSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  params: z.string().max(2000),
});

export const dealWorkflowsSettingsSchema = z.object({
  workflows: z.array(z.object({ workflowId: idSchema, presetFilters: z.array(presetFilterSchema).max(50) })),
});
export type DealWorkflowsSettings = z.infer<typeof dealWorkflowsSettingsSchema>;

export const getDealWorkflowsSettings = defineEndpoint({
  method: 'GET',
  path: '/account/web-settings/DEAL_WORKFLOWS',
  summary: "The user's board settings: preset filters per workflow",
  auth: 'session',
  response: dealWorkflowsSettingsSchema,
});

export const saveDealWorkflowsSettings = defineEndpoint({
  method: 'POST',
  path: '/account/web-settings/DEAL_WORKFLOWS',
  summary: 'Replace the whole settings object',
  auth: 'session',
  body: dealWorkflowsSettingsSchema,
  response: dealWorkflowsSettingsSchema,
});
