import { z } from 'zod';
import { idParams } from '../common';
import { defineEndpoint } from '../endpoint';

export const bundleMessages = {
  required: 'This field is required',
  factorRange: 'This field must be between 0 and 1',
  currencyMin: 'This field must be greater than 0',
  exclusive: 'Another bundle of this group is subscribed. Unsubscribe from it first.',
} as const;

export const templateFieldSchema = z.object({
  templateKey: z.string(),
  label: z.string(),
  operator: z.enum(['FACTOR', 'CURRENCY']),
  /** The subscribed value, as a decimal string; null when not subscribed. */
  value: z.string().nullable(),
});

export const bundleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  exclusivityKey: z.string().nullable(),
  sortOrder: z.number().int(),
  isSubscribed: z.boolean(),
  templateFields: z.array(templateFieldSchema),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const listBundles = defineEndpoint({
  method: 'GET',
  path: '/bundles',
  summary: 'Subscribable bundles',
  auth: 'session',
  response: z.array(bundleSchema),
});

/** Checks one template value against its operator; returns the §5 message or undefined. */
export function templateValueError(operator: 'FACTOR' | 'CURRENCY', raw: unknown): string | undefined {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
    return bundleMessages.required;
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^-?\d+(\.\d+)?$/.test(text)) return bundleMessages.required;
  const value = Number(text);
  if (operator === 'FACTOR' && (value < 0 || value > 1)) return bundleMessages.factorRange;
  if (operator === 'CURRENCY' && value < 0) return bundleMessages.currencyMin;
  return undefined;
}

export const subscribeBundle = defineEndpoint({
  method: 'POST',
  path: '/bundles/:id/subscribe',
  summary: 'Subscribe, with a value per template field (templateValues keyed by templateKey)',
  auth: 'session',
  params: idParams,
  body: z.strictObject({
    templateValues: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
  }),
  response: bundleSchema,
});

export const unsubscribeBundle = defineEndpoint({
  method: 'POST',
  path: '/bundles/:id/unsubscribe',
  summary: 'Unsubscribe',
  auth: 'session',
  params: idParams,
  response: bundleSchema,
});
