import { z } from 'zod';
import { idParams, idSchema, MAX_ID } from '../common';
import { defineEndpoint } from '../endpoint';
import { adjustmentTypeSchema, decimalString, successSchema } from './shared';

export const markupOverrideMessages = {
  productTaken: 'This product already has an override',
  categoryTaken: 'This category already has an override',
  categoryRequired: 'Category is required',
  productRequired: 'Product is required',
} as const;

export const markupOverrideSchema = z.object({
  id: z.number().int(),
  overrideType: z.enum(['CATEGORY', 'PRODUCT']),
  selectedId: z.number().int(),
  adjustmentType: adjustmentTypeSchema,
  adjustmentValue: z.string(),
  context: z.object({
    product: z.object({ id: z.number().int(), productName: z.string(), brandName: z.string() }).optional(),
    category: z.object({ id: z.number().int(), name: z.string() }).optional(),
  }),
});
export type MarkupOverride = z.infer<typeof markupOverrideSchema>;

export const markupOverrideRequestSchema = z
  .strictObject({
    /** 0 for a new one (the spec's form model); ignored by the server. */
    id: z.number().int().min(0).max(MAX_ID).optional(),
    overrideType: z.enum(['CATEGORY', 'PRODUCT']),
    selectedId: idSchema.nullable(),
    adjustmentType: adjustmentTypeSchema,
    adjustmentValue: decimalString({ max: 10000, label: 'Amount' }),
  })
  .superRefine((v, ctx) => {
    if (v.selectedId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['selectedId'],
        message:
          v.overrideType === 'CATEGORY'
            ? markupOverrideMessages.categoryRequired
            : markupOverrideMessages.productRequired,
      });
    }
    if (v.adjustmentType === 'PERCENT_MARGIN' && Number(v.adjustmentValue) >= 100) {
      ctx.addIssue({ code: 'custom', path: ['adjustmentValue'], message: 'A margin must be less than 100%' });
    }
  });
export type MarkupOverrideRequest = z.input<typeof markupOverrideRequestSchema>;

const base = '/old/account-settings/dealer-portal/markup-overrides';

export const listMarkupOverrides = defineEndpoint({
  method: 'GET',
  path: base,
  summary: 'Markup overrides (one per product or category)',
  auth: 'session',
  response: z.array(markupOverrideSchema),
});

export const createMarkupOverride = defineEndpoint({
  method: 'POST',
  path: base,
  summary: 'Add a markup override',
  auth: 'session',
  body: markupOverrideRequestSchema,
  response: markupOverrideSchema,
});

export const updateMarkupOverride = defineEndpoint({
  method: 'PUT',
  path: `${base}/:id`,
  summary: 'Change a markup override',
  auth: 'session',
  params: idParams,
  body: markupOverrideRequestSchema,
  response: markupOverrideSchema,
});

export const deleteMarkupOverride = defineEndpoint({
  method: 'DELETE',
  path: `${base}/:id`,
  summary: 'Remove a markup override',
  auth: 'session',
  params: idParams,
  response: successSchema,
});

/** For the override editor's pickers: categories and the dealer's products, searchable. */
export const markupOverrideOptions = defineEndpoint({
  method: 'GET',
  path: `${base}/options`,
  summary: 'Categories and products an override can target (search by name)',
  auth: 'session',
  query: z.object({ search: z.string().trim().max(100).optional() }),
  response: z.object({
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    products: z.array(z.object({ id: z.number().int(), productName: z.string(), brandName: z.string() })),
  }),
});
