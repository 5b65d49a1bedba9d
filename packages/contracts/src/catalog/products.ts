import { z } from 'zod';
import { idParam } from '../common';
import { defineEndpoint } from '../endpoint';

/** One product as the quote screens list it. */
export const productTreeItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  manufacturerId: z.number().int(),
  manufacturerName: z.string(),
  brandId: z.number().int(),
  brandName: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  hasWidth: z.boolean(),
  hasHeight: z.boolean(),
  hasQuantity: z.boolean(),
  /** The subscribed bundles that bring this product in; empty for a product every dealer sees. */
  bundles: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ProductTreeItem = z.infer<typeof productTreeItemSchema>;

/** A brand under a category: its products, sorted by name. */
export const productTreeBrandGroupSchema = z.object({
  key: z.string(),
  name: z.string(),
  products: z.array(productTreeItemSchema),
});

/**
 * A top-level group of the tree. `key` is `top-products` for 'Top Products' (the dealer's
 * top-selling products, present only when there are any) or `category:{slug}`; category
 * groups hold one brand group each (`brand:{brandId}`) and no products of their own, the Top
 * Products group holds products and no brand groups.
 */
export const productTreeGroupSchema = z.object({
  key: z.string(),
  name: z.string(),
  groups: z.array(productTreeBrandGroupSchema),
  products: z.array(productTreeItemSchema),
});
export type ProductTreeGroup = z.infer<typeof productTreeGroupSchema>;

/**
 * The products a dealer may quote: the latest catalog version of every linked supplier, less
 * bundle-only products, plus the bundle-only products of subscribed bundles. Groups: 'Top
 * Products' first (when there are any), then categories in their sort order, each by brand name.
 */
export const listProductTree = defineEndpoint({
  method: 'GET',
  path: '/products',
  summary: 'Product tree for the quote screens',
  auth: 'session',
  response: z.object({ groups: z.array(productTreeGroupSchema) }),
});
export type ProductTreeResponse = z.infer<typeof listProductTree.response>;

/** Product ids, best-selling first, from the dealer's order history. */
export const listTopSellingProducts = defineEndpoint({
  method: 'GET',
  path: '/products/top-selling',
  summary: "The dealer's top-selling product ids",
  auth: 'session',
  response: z.array(z.number().int()),
});

export const productIdParamsSchema = z.object({ id: idParam('Expected a product id') });

const detailOptionSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: z.enum(['BASE', 'FABRIC']),
  /** Decimal string in the supplier's currency, ex tax. */
  price: z.string(),
  /** FABRIC options only: width and repeat in the product's unit. */
  fabric: z
    .object({ width: z.number(), repeat: z.number(), brand: z.string(), colour: z.string() })
    .nullable(),
});

export const productDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  manufacturer_id: z.number().int(),
  manufacturer_name: z.string(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  /** Imperial sizes of this brand take halves and quarters only. */
  disable_fine_fractions: z.boolean(),
  category_id: z.number().int(),
  category_name: z.string(),
  has_width: z.boolean(),
  has_height: z.boolean(),
  has_quantity: z.boolean(),
  unit: z.enum(['mm', 'in']),
  size_limits: z.object({
    min_width: z.number().nullable(),
    max_width: z.number().nullable(),
    min_height: z.number().nullable(),
    max_height: z.number().nullable(),
  }),
  /** The catalog version this detail comes from (the supplier's latest). */
  catalog_version_id: z.number().int(),
  catalog_version: z.number().int(),
  option_groups: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      required: z.boolean(),
      options: z.array(detailOptionSchema),
    }),
  ),
  /** Pairs of option keys that cannot be selected together. */
  incompatible_options: z.array(z.tuple([z.string(), z.string()])),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const getProductDetail = defineEndpoint({
  method: 'GET',
  path: '/old/products/:id/detail',
  summary: 'One product in its latest catalog version',
  auth: 'session',
  params: productIdParamsSchema,
  response: productDetailSchema,
});
