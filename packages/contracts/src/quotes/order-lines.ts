import { z } from 'zod';
import { idParam, idSchema } from '../common';
import { defineEndpoint } from '../endpoint';
import { lineErrorSchema } from './line-errors';
import { measureSchema, sizeInput, unitInput } from './measurements';

/**
 * Windows and order lines, modelled once for quotes and purchase orders: the spec's
 * `/old/quotes/{orderId}/…` calls address the order that holds them (a deal quote's
 * `externalId`, or a purchase order's id). Bodies are the legacy snake_case; unknown fields
 * (`_token`, `_method`) are ignored. `type` says which kind of order the caller means.
 */
export const orderTypeInput = z.enum(['quote', 'order']);

const optionKey = z.string().min(1).max(100);

/** A line's configuration in a request: the selected option keys, one per option group. */
export const lineDetailsInput = z.object({ options: z.array(optionKey).max(100) });

/** An option as the §3 order line shows it. */
export const lineOptionSchema = z.object({
  /** The option's key in the catalog. */
  value: z.string(),
  itemName: z.string(),
  /** Decimal string, for one item, ex tax. */
  price: z.string(),
  quantity: z.number().int(),
  type: z.enum(['BASE', 'FABRIC']),
  itemFabricWidth: z.number().optional(),
  itemFabricRepeat: z.number().optional(),
  brandName: z.string().optional(),
  color: z.string().optional(),
});

export const markupRuleSchema = z.object({
  type: z.enum(['PERCENT_MARK_UP', 'PERCENT_MARGIN']),
  value: z.string(),
  source: z.enum(['PRODUCT', 'CATEGORY', 'ACCOUNT']),
});

/** How a line's product is fitted (§7 `site_mount`): inside the recess or on the face of the frame; '' not set yet. */
export const siteMounts = ['', 'INSIDE', 'OUTSIDE'] as const;
export type SiteMount = (typeof siteMounts)[number];
/** The measure and install sheets' words for a mount (a value from before the choice prints as stored). */
export const siteMountLabels: Record<Exclude<SiteMount, ''>, string> = {
  INSIDE: 'Inside (recess) fit',
  OUTSIDE: 'Outside (face) fit',
};

/** The §3 Order line. `costPrice` and `sellPrice` are line totals (quantity included): costᵢ and exᵢ. */
export const orderLineSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  windowGroupName: z.string(),
  orderWindowId: z.number().int(),
  externalOrderLineId: z.string().nullable(),
  quantity: z.number().int(),
  /** Decimal strings; null when the size has no price (BAD_SIZE). */
  costPrice: z.string().nullable(),
  sellPrice: z.string().nullable(),
  notes: z.string(),
  siteMount: z.string(),
  isTaxable: z.boolean(),
  hasFreight: z.boolean(),
  hasInstallation: z.boolean(),
  manufacturerId: z.number().int(),
  dimensions: z.object({ width: measureSchema.nullable(), height: measureSchema.nullable() }),
  context: z.object({
    configuration: z.object({
      /** As entered, for showing: `36 3/8"`, `1200 mm`. */
      width: z.string().nullable(),
      height: z.string().nullable(),
      optionGroups: z.array(z.object({ name: z.string(), options: z.array(lineOptionSchema) })),
    }),
    errors: z.array(lineErrorSchema),
    product: z.object({
      id: z.number().int(),
      name: z.string(),
      hasWidth: z.boolean(),
      hasHeight: z.boolean(),
      hasQuantity: z.boolean(),
      categoryName: z.string(),
      brandName: z.string(),
      /** Imperial sizes of the brand take halves and quarters only. */
      disableFineFractions: z.boolean(),
    }),
    /** Grid price plus options for one item (costPrice / quantity). */
    unitCostPrice: z.string().nullable(),
    markup: markupRuleSchema,
    /** The catalog version the line is priced against, and whether it is the supplier's latest. */
    catalogVersion: z.object({ id: z.number().int(), number: z.number().int(), isLatest: z.boolean() }),
  }),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderWindowSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  /** Group path, slashes nesting: "Building/Room/Window"; '' for none. */
  name: z.string(),
  quantity: z.number().int(),
  width: measureSchema.nullable(),
  height: measureSchema.nullable(),
  sort_order: z.number().int(),
  /** The window's order lines (ids), in order. */
  product_ids: z.array(z.number().int()),
});
export type OrderWindow = z.infer<typeof orderWindowSchema>;

const orderParams = z.object({ orderId: idParam() });
const windowParams = z.object({ orderId: idParam(), windowId: idParam() });
const lineParams = z.object({ orderId: idParam(), windowId: idParam(), id: idParam() });

export const listOrderWindows = defineEndpoint({
  method: 'GET',
  path: '/old/quotes/:orderId/windows',
  summary: "An order's windows in order (a quote's externalId or a purchase order's id)",
  auth: 'session',
  params: orderParams,
  response: z.object({ data: z.array(orderWindowSchema) }),
});

const windowEntry = z.object({
  order_id: idSchema,
  quantity: z.number().int().min(1).max(10_000).optional(),
  width: sizeInput.nullish(),
  height: sizeInput.nullish(),
  /** Extension: the unit of width and height (default: the company's measure system). */
  unit: unitInput.optional(),
  /** Extension: the window's group path, "Building/Room/Window". */
  name: z.string().trim().max(300).optional(),
});

export const addOrderWindows = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:orderId/windows',
  summary: 'Add windows to an order (each entry names the order of the path)',
  auth: 'session',
  params: orderParams,
  body: z.object({ order_windows: z.array(windowEntry).min(1).max(200) }),
  response: z.object({ data: z.array(orderWindowSchema) }),
});

/** Extension: rename or resize a window (its group path, quantity and opening size). */
export const updateOrderWindow = defineEndpoint({
  method: 'PUT',
  path: '/old/quotes/:orderId/windows/:windowId',
  summary: "Change a window's group path, quantity or size",
  auth: 'session',
  params: windowParams,
  body: windowEntry.omit({ order_id: true }),
  response: z.object({ data: orderWindowSchema }),
});

export const deleteOrderWindow = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:orderId/windows/:windowId',
  summary: 'Delete a window and its products (`_method: DELETE`)',
  auth: 'session',
  params: windowParams,
  body: z.object({ _method: z.literal('DELETE') }),
  response: z.object({ success: z.literal(true) }),
});

const lineFields = {
  details: lineDetailsInput.optional(),
  notes: z.string().max(5000).optional(),
  quantity: z.number().int().min(1).max(10_000).nullish(),
  width: sizeInput.nullish(),
  height: sizeInput.nullish(),
  /** Extension: the unit of width and height (default: the company's measure system). */
  unit: unitInput.optional(),
};

export const addOrderLine = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:orderId/windows/:windowId/products',
  summary: 'Add a product to a window, priced in its supplier’s latest catalog version',
  auth: 'session',
  params: windowParams,
  body: z.object({
    order_id: idSchema.optional(),
    order_window_id: idSchema.optional(),
    product_id: idSchema,
    brand_id: idSchema.optional(),
    category_id: idSchema.optional(),
    ...lineFields,
  }),
  response: z.object({ order_window_product_id: z.number().int(), data: orderLineSchema }),
});

export const updateOrderLine = defineEndpoint({
  method: 'PUT',
  path: '/old/quotes/:orderId/windows/:windowId/products/:id',
  summary: 'Change a line (fields left out keep their value); answers the repriced line',
  auth: 'session',
  params: lineParams,
  body: z.object({
    site_mount: z.enum(siteMounts).optional(),
    type: orderTypeInput.optional(),
    is_taxable: z.boolean().optional(),
    has_freight: z.boolean().optional(),
    has_installation: z.boolean().optional(),
    ...lineFields,
  }),
  response: z.object({ data: orderLineSchema }),
});

/** Extension: remove one product from its window (the window stays). */
export const deleteOrderLine = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:orderId/windows/:windowId/products/:id',
  summary: 'Remove a product from its window (`_method: DELETE`)',
  auth: 'session',
  params: lineParams,
  body: z.object({ _method: z.literal('DELETE') }),
  response: z.object({ success: z.literal(true) }),
});

const displayOptionSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: z.enum(['BASE', 'FABRIC']),
  price: z.string(),
  fabric: z
    .object({ width: z.number(), repeat: z.number(), brand: z.string(), colour: z.string() })
    .nullable(),
  selected: z.boolean(),
});

/** What the options frame shows: the line, and its product's option groups in the line's catalog version. */
export const getOrderLineOptions = defineEndpoint({
  method: 'GET',
  path: '/old/quotes/:orderId/windows/:windowId/products/:productId/options/display',
  summary: "A line's option groups with its selection (productId is the line's id)",
  auth: 'session',
  params: z.object({ orderId: idParam(), windowId: idParam(), productId: idParam() }),
  response: z.object({
    data: z.object({
      line: orderLineSchema,
      isReadOnly: z.boolean(),
      unit: z.enum(['mm', 'in']),
      optionGroups: z.array(
        z.object({
          key: z.string(),
          name: z.string(),
          required: z.boolean(),
          options: z.array(displayOptionSchema),
        }),
      ),
      incompatibleOptions: z.array(z.tuple([z.string(), z.string()])),
    }),
  }),
});

export const copyOrderWindow = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:orderId/windows/copy-and-paste',
  summary: 'Copy a window with its products and paste it after the original',
  auth: 'session',
  params: orderParams,
  body: z.object({ order_window_id: idSchema, type: orderTypeInput.optional() }),
  response: z.object({ data: orderWindowSchema }),
});

export const recalculateOrder = defineEndpoint({
  method: 'POST',
  path: '/old/quotes/:orderId/windows/recalculate',
  summary:
    "Reprice lines in their supplier's latest catalog version with today's markup rules: the lines of `order_window_ids`, or the lines `ids`, or every line",
  auth: 'session',
  params: orderParams,
  body: z.object({
    order_id: idSchema.optional(),
    first_run: z.boolean().optional(),
    last_run: z.boolean().optional(),
    type: orderTypeInput.optional(),
    order_window_ids: z.array(idSchema).max(1000).optional(),
    ids: z.array(idSchema).max(1000).optional(),
  }),
  response: z.object({ data: z.object({ recalculated: z.number().int() }) }),
});

export const listSalesReps = defineEndpoint({
  method: 'GET',
  path: '/quotes/sales-reps',
  summary: "The names a quote or order may name as sales rep (the account's active users)",
  auth: 'session',
  response: z.array(z.string()),
});
