import { z } from 'zod';

/**
 * The catalog file `npm run catalog:import -- <file.json>` reads (docs/catalog-format.md). One
 * file holds one or more suppliers with their brands, shipping methods and products, and the
 * bundles built from those products. Money is a decimal string; sizes are numbers in the
 * product's unit.
 */

/** The product categories seeded by migration 0004; a product files into one of them. */
export const catalogCategorySlugs = [
  'roller',
  'roman',
  'venetian',
  'vertical',
  'honeycomb',
  'shutters',
  'curtains',
  'awnings',
  'motorisation',
  'accessories',
] as const;

const key = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and dashes')
  .max(64);
const name = z.string().trim().min(1, 'Required').max(200);
const moneyMessage = 'Expected a decimal string such as "125.00" (not a number, at most 4 decimals)';
const money = z.string({ error: moneyMessage }).regex(/^\d+(\.\d{1,4})?$/, moneyMessage);
const size = z.number().positive().finite();

const timezone = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'Unknown time zone');

const fabricSchema = z.strictObject({
  width: size,
  repeat: z.number().min(0).finite(),
  brand: name,
  colour: name,
});

const optionSchema = z.strictObject({
  key,
  name,
  type: z.enum(['BASE', 'FABRIC']),
  price: money,
  fabric: fabricSchema.optional(),
});

const optionGroupSchema = z.strictObject({
  key,
  name,
  required: z.boolean(),
  options: z.array(optionSchema).min(1, 'A group needs at least one option'),
});

export const priceGridSchema = z.strictObject({
  widths: z.array(size),
  drops: z.array(size),
  /** rows[d][w]: the price up to drops[d] × widths[w]. */
  rows: z.array(z.array(money)).min(1, 'At least one row of prices'),
});

export const sizeLimitsSchema = z.strictObject({
  minWidth: size.optional(),
  maxWidth: size.optional(),
  minHeight: size.optional(),
  maxHeight: size.optional(),
});

export const catalogProductSchema = z.strictObject({
  key,
  name,
  brand: name,
  category: z.enum(catalogCategorySlugs),
  hasWidth: z.boolean(),
  hasHeight: z.boolean(),
  hasQuantity: z.boolean(),
  bundleOnly: z.boolean().default(false),
  unit: z.enum(['mm', 'in']),
  sizeLimits: sizeLimitsSchema.default({}),
  priceGrid: priceGridSchema,
  optionGroups: z.array(optionGroupSchema).default([]),
  rules: z
    .strictObject({ incompatible: z.array(z.tuple([key, key])).default([]) })
    .default({ incompatible: [] }),
});

export const catalogSupplierSchema = z.strictObject({
  key,
  name,
  email: z.union([z.email('Expected an email address'), z.literal('')]).default(''),
  timezone: timezone.default('UTC'),
  logo: z.string().max(2000).nullable().default(null),
  isInternal: z.boolean().default(false),
  offlineOnly: z.boolean().default(false),
  shippingMethods: z.array(z.strictObject({ name, address: z.string().max(500).nullable().default(null) })),
  brands: z.array(z.strictObject({ name, disableFineFractions: z.boolean().default(false) })),
  products: z.array(catalogProductSchema),
});

export const catalogBundleSchema = z.strictObject({
  key,
  name,
  description: z.string().max(2000).default(''),
  exclusivityKey: key.nullable().default(null),
  sortOrder: z.number().int().default(0),
  templateFields: z
    .array(z.strictObject({ templateKey: key, label: name, operator: z.enum(['FACTOR', 'CURRENCY']) }))
    .default([]),
  /** "supplierKey/productKey" of products in this file. */
  products: z.array(z.string().regex(/^[a-z0-9-]+\/[a-z0-9-]+$/, 'Expected "supplierKey/productKey"')),
});

type Ctx = z.RefinementCtx;
type Path = (string | number)[];

function duplicates<T>(items: readonly T[], keyOf: (t: T) => string, ctx: Ctx, path: Path, what: string) {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = keyOf(item);
    if (seen.has(k))
      ctx.addIssue({ code: 'custom', path: [...path, i], message: `Duplicate ${what} '${k}'` });
    seen.add(k);
  });
}

function increasing(values: readonly number[], ctx: Ctx, path: Path) {
  values.forEach((v, i) => {
    if (i > 0 && v <= values[i - 1]!)
      ctx.addIssue({ code: 'custom', path: [...path, i], message: 'Breakpoints must increase' });
  });
}

function checkProduct(p: z.output<typeof catalogProductSchema>, brandNames: Set<string>, ctx: Ctx, at: Path) {
  if (!brandNames.has(p.brand))
    ctx.addIssue({ code: 'custom', path: [...at, 'brand'], message: `Unknown brand '${p.brand}'` });
  const grid = p.priceGrid;
  const g = [...at, 'priceGrid'];
  if (p.hasWidth !== grid.widths.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: [...g, 'widths'],
      message: p.hasWidth
        ? 'A product with width needs width breakpoints'
        : 'A product without width has no widths',
    });
  if (p.hasHeight !== grid.drops.length > 0)
    ctx.addIssue({
      code: 'custom',
      path: [...g, 'drops'],
      message: p.hasHeight
        ? 'A product with height needs drop breakpoints'
        : 'A product without height has no drops',
    });
  if (p.unit === 'mm') {
    for (const [dim, list] of [
      ['widths', grid.widths],
      ['drops', grid.drops],
    ] as const)
      list.forEach((v, i) => {
        if (!Number.isInteger(v))
          ctx.addIssue({ code: 'custom', path: [...g, dim, i], message: 'Millimetres are whole numbers' });
      });
  }
  increasing(grid.widths, ctx, [...g, 'widths']);
  increasing(grid.drops, ctx, [...g, 'drops']);
  const rowCount = Math.max(1, grid.drops.length);
  const columnCount = Math.max(1, grid.widths.length);
  if (grid.rows.length !== rowCount)
    ctx.addIssue({
      code: 'custom',
      path: [...g, 'rows'],
      message: `Expected ${rowCount} rows, one per drop`,
    });
  grid.rows.forEach((row, i) => {
    if (row.length !== columnCount)
      ctx.addIssue({
        code: 'custom',
        path: [...g, 'rows', i],
        message: `Expected ${columnCount} prices, one per width`,
      });
  });
  const limits = p.sizeLimits;
  const l = [...at, 'sizeLimits'];
  if (p.hasWidth && (limits.minWidth === undefined || limits.maxWidth === undefined))
    ctx.addIssue({ code: 'custom', path: l, message: 'A product with width needs minWidth and maxWidth' });
  if (p.hasHeight && (limits.minHeight === undefined || limits.maxHeight === undefined))
    ctx.addIssue({ code: 'custom', path: l, message: 'A product with height needs minHeight and maxHeight' });
  if (limits.minWidth !== undefined && limits.maxWidth !== undefined && limits.minWidth > limits.maxWidth)
    ctx.addIssue({ code: 'custom', path: [...l, 'maxWidth'], message: 'maxWidth is below minWidth' });
  if (limits.minHeight !== undefined && limits.maxHeight !== undefined && limits.minHeight > limits.maxHeight)
    ctx.addIssue({ code: 'custom', path: [...l, 'maxHeight'], message: 'maxHeight is below minHeight' });

  duplicates(p.optionGroups, (o) => o.key, ctx, [...at, 'optionGroups'], 'option group key');
  const optionKeys = new Set<string>();
  p.optionGroups.forEach((group, gi) => {
    group.options.forEach((option, oi) => {
      const o = [...at, 'optionGroups', gi, 'options', oi];
      if (optionKeys.has(option.key))
        ctx.addIssue({
          code: 'custom',
          path: [...o, 'key'],
          message: `Duplicate option key '${option.key}'`,
        });
      optionKeys.add(option.key);
      if (option.type === 'FABRIC' && !option.fabric)
        ctx.addIssue({ code: 'custom', path: [...o, 'fabric'], message: 'A FABRIC option needs its fabric' });
      if (option.type === 'BASE' && option.fabric)
        ctx.addIssue({
          code: 'custom',
          path: [...o, 'fabric'],
          message: 'Only a FABRIC option has a fabric',
        });
    });
  });
  p.rules.incompatible.forEach((pair, ri) => {
    pair.forEach((k, ki) => {
      if (!optionKeys.has(k))
        ctx.addIssue({
          code: 'custom',
          path: [...at, 'rules', 'incompatible', ri, ki],
          message: `Unknown option key '${k}'`,
        });
    });
    if (pair[0] === pair[1])
      ctx.addIssue({
        code: 'custom',
        path: [...at, 'rules', 'incompatible', ri],
        message: 'An option cannot be incompatible with itself',
      });
  });
}

export const catalogFileSchema = z
  .strictObject({
    suppliers: z.array(catalogSupplierSchema).default([]),
    bundles: z.array(catalogBundleSchema).default([]),
  })
  .superRefine((file, ctx) => {
    duplicates(file.suppliers, (s) => s.key, ctx, ['suppliers'], 'supplier key');
    const productRefs = new Set<string>();
    file.suppliers.forEach((s, si) => {
      const at: Path = ['suppliers', si];
      duplicates(s.brands, (b) => b.name, ctx, [...at, 'brands'], 'brand');
      duplicates(s.shippingMethods, (m) => m.name, ctx, [...at, 'shippingMethods'], 'shipping method');
      duplicates(s.products, (p) => p.key, ctx, [...at, 'products'], 'product key');
      const brandNames = new Set(s.brands.map((b) => b.name));
      s.products.forEach((p, pi) => {
        checkProduct(p, brandNames, ctx, [...at, 'products', pi]);
        productRefs.add(`${s.key}/${p.key}`);
      });
    });
    duplicates(file.bundles, (b) => b.key, ctx, ['bundles'], 'bundle key');
    file.bundles.forEach((b, bi) => {
      duplicates(
        b.templateFields,
        (f) => f.templateKey,
        ctx,
        ['bundles', bi, 'templateFields'],
        'template key',
      );
      duplicates(b.products, (r) => r, ctx, ['bundles', bi, 'products'], 'product');
      b.products.forEach((ref, ri) => {
        if (!productRefs.has(ref))
          ctx.addIssue({
            code: 'custom',
            path: ['bundles', bi, 'products', ri],
            message: `No product '${ref}' in this file`,
          });
      });
    });
  });

export type CatalogFile = z.output<typeof catalogFileSchema>;
export type CatalogSupplier = z.output<typeof catalogSupplierSchema>;
export type CatalogProduct = z.output<typeof catalogProductSchema>;
export type CatalogBundle = z.output<typeof catalogBundleSchema>;

/** `suppliers[1].products[3].priceGrid.rows[2]`: the path as a person reads it. */
export function formatCatalogPath(path: readonly PropertyKey[]): string {
  return (
    path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? String(s) : `.${String(s)}`)).join('') ||
    '(file)'
  );
}

export type CatalogFileParse = { ok: true; file: CatalogFile } | { ok: false; errors: string[] };

/** Validates a parsed catalog file; errors are `path: message` lines in document order. */
export function parseCatalogFile(input: unknown): CatalogFileParse {
  const result = catalogFileSchema.safeParse(input);
  if (result.success) return { ok: true, file: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((issue) => `${formatCatalogPath(issue.path)}: ${issue.message}`),
  };
}
