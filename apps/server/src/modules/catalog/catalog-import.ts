import { createHash } from 'node:crypto';
import {
  type CatalogBundle,
  type CatalogProduct,
  type CatalogSupplier,
  parseCatalogFile,
} from '@slat/contracts';
import type { ProductDefinition } from '@slat/domain';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  brands,
  bundleProducts,
  bundleSubscriptions,
  bundles,
  catalogVersions,
  productCategories,
  products,
  productVersions,
  shippingMethods,
  suppliers,
} from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A catalog file that cannot be imported: `path: message` lines, the first bad field first. */
export class CatalogImportError extends Error {
  constructor(readonly errors: string[]) {
    super(errors[0] ?? 'Invalid catalog file');
  }
}

export type SupplierImport = {
  key: string;
  name: string;
  status: 'unchanged' | 'new version';
  version: number;
  products: number;
  brands: number;
  shippingMethods: number;
};

export type CatalogImportSummary = {
  suppliers: SupplierImport[];
  bundles: { key: string; status: 'unchanged' | 'created' | 'updated'; products: number }[];
};

// Imports are serialised so two of them never race for the same version number.
const IMPORT_LOCK = 727_002;

/** JSON with object keys sorted, so equal definitions hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The hash of a supplier's normalized definition (defaults applied): equal hash, nothing to do. */
export function supplierContentHash(supplier: CatalogSupplier): string {
  return createHash('sha256').update(canonicalJson(supplier)).digest('hex');
}

export function productDefinition(p: CatalogProduct): ProductDefinition {
  return {
    unit: p.unit,
    sizeLimits: p.sizeLimits,
    priceGrid: p.priceGrid,
    optionGroups: p.optionGroups,
    rules: { incompatible: p.rules.incompatible },
  };
}

/**
 * Imports a parsed catalog file, all or nothing, in one transaction. Per supplier: an
 * unchanged definition writes nothing; a changed one upserts the supplier, its brands and
 * shipping methods (by name) and its products (by key, so ids stay stable), and adds catalog
 * version N+1 with every product of the file. Bundles are upserted by key, their products replaced.
 */
export async function importCatalog(db: Db, input: unknown): Promise<CatalogImportSummary> {
  const parsed = parseCatalogFile(input);
  if (!parsed.ok) throw new CatalogImportError(parsed.errors);
  const file = parsed.file;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
    const categoryIds = new Map(
      (
        await tx.select({ id: productCategories.id, slug: productCategories.slug }).from(productCategories)
      ).map((c) => [c.slug, c.id]),
    );
    const missing = file.suppliers.flatMap((s, si) =>
      s.products.flatMap((p, pi) =>
        categoryIds.has(p.category)
          ? []
          : [`suppliers[${si}].products[${pi}].category: No category '${p.category}' in this database`],
      ),
    );
    if (missing.length > 0) throw new CatalogImportError(missing);

    const suppliers: SupplierImport[] = [];
    for (const supplier of file.suppliers) suppliers.push(await importSupplier(tx, supplier, categoryIds));
    const bundleResults = [];
    for (const bundle of file.bundles) bundleResults.push(await importBundle(tx, bundle));
    return { suppliers, bundles: bundleResults };
  });
}

async function importSupplier(
  tx: Tx,
  s: CatalogSupplier,
  categoryIds: Map<string, number>,
): Promise<SupplierImport> {
  const hash = supplierContentHash(s);
  const counts = {
    products: s.products.length,
    brands: s.brands.length,
    shippingMethods: s.shippingMethods.length,
  };
  const [existing] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.key, s.key));
  const [latest] = existing
    ? await tx
        .select({ number: catalogVersions.number, contentHash: catalogVersions.contentHash })
        .from(catalogVersions)
        .where(eq(catalogVersions.manufacturerId, existing.id))
        .orderBy(desc(catalogVersions.number))
        .limit(1)
    : [];
  if (latest && latest.contentHash === hash)
    return { key: s.key, name: s.name, status: 'unchanged', version: latest.number, ...counts };

  const fields = {
    name: s.name,
    email: s.email,
    timezone: s.timezone,
    logoUrl: s.logo,
    isInternal: s.isInternal,
    offlineOnly: s.offlineOnly,
  };
  const [manufacturer] = await tx
    .insert(suppliers)
    .values({ key: s.key, ...fields })
    .onConflictDoUpdate({ target: suppliers.key, set: fields })
    .returning({ id: suppliers.id });
  const manufacturerId = manufacturer!.id;

  if (s.shippingMethods.length > 0)
    await tx
      .insert(shippingMethods)
      .values(s.shippingMethods.map((m) => ({ manufacturerId, name: m.name, address: m.address })))
      .onConflictDoUpdate({
        target: [shippingMethods.manufacturerId, shippingMethods.name],
        set: { address: sql`excluded.address` },
      });
  const brandRows =
    s.brands.length > 0
      ? await tx
          .insert(brands)
          .values(
            s.brands.map((b) => ({
              manufacturerId,
              name: b.name,
              disableFineFractions: b.disableFineFractions,
            })),
          )
          .onConflictDoUpdate({
            target: [brands.manufacturerId, brands.name],
            set: { disableFineFractions: sql`excluded.disable_fine_fractions` },
          })
          .returning({ id: brands.id, name: brands.name })
      : [];
  const brandIds = new Map(brandRows.map((b) => [b.name, b.id]));

  const [version] = await tx
    .insert(catalogVersions)
    .values({ manufacturerId, number: (latest?.number ?? 0) + 1, contentHash: hash })
    .returning({ id: catalogVersions.id, number: catalogVersions.number });

  if (s.products.length > 0) {
    await tx
      .insert(products)
      .values(s.products.map((p) => ({ manufacturerId, key: p.key })))
      .onConflictDoNothing();
    const productIds = new Map(
      (
        await tx
          .select({ id: products.id, key: products.key })
          .from(products)
          .where(eq(products.manufacturerId, manufacturerId))
      ).map((p) => [p.key, p.id]),
    );
    await tx.insert(productVersions).values(
      s.products.map((p) => ({
        productId: productIds.get(p.key)!,
        catalogVersionId: version!.id,
        name: p.name,
        brandId: brandIds.get(p.brand)!,
        categoryId: categoryIds.get(p.category)!,
        hasWidth: p.hasWidth,
        hasHeight: p.hasHeight,
        hasQuantity: p.hasQuantity,
        bundleOnly: p.bundleOnly,
        definition: productDefinition(p),
      })),
    );
  }
  return { key: s.key, name: s.name, status: 'new version', version: version!.number, ...counts };
}

async function importBundle(tx: Tx, b: CatalogBundle) {
  const refs = b.products.map((ref) => {
    const [supplierKey, productKey] = ref.split('/') as [string, string];
    return { supplierKey, productKey };
  });
  const supplierKeys = [...new Set(refs.map((r) => r.supplierKey))];
  const known =
    supplierKeys.length > 0
      ? await tx
          .select({ id: products.id, key: products.key, supplierKey: suppliers.key })
          .from(products)
          .innerJoin(suppliers, eq(suppliers.id, products.manufacturerId))
          .where(inArray(suppliers.key, supplierKeys))
      : [];
  const idOf = new Map(known.map((p) => [`${p.supplierKey}/${p.key}`, p.id]));
  // The file was validated, so every ref names a product of this file, now in the database.
  const productIds = b.products.map((ref) => idOf.get(ref)!);

  const fields = {
    name: b.name,
    description: b.description,
    exclusivityKey: b.exclusivityKey,
    sortOrder: b.sortOrder,
    templateFields: b.templateFields,
  };
  const [existing] = await tx.select().from(bundles).where(eq(bundles.key, b.key));
  if (existing) {
    const linked = (
      await tx
        .select({ productId: bundleProducts.productId })
        .from(bundleProducts)
        .where(eq(bundleProducts.bundleId, existing.id))
    )
      .map((r) => r.productId)
      .sort((x, y) => x - y);
    const same =
      existing.name === fields.name &&
      existing.description === fields.description &&
      existing.exclusivityKey === fields.exclusivityKey &&
      existing.sortOrder === fields.sortOrder &&
      canonicalJson(existing.templateFields) === canonicalJson(fields.templateFields) &&
      canonicalJson(linked) === canonicalJson([...productIds].sort((x, y) => x - y));
    if (same) return { key: b.key, status: 'unchanged' as const, products: productIds.length };
  }
  const [row] = await tx
    .insert(bundles)
    .values({ key: b.key, ...fields })
    .onConflictDoUpdate({ target: bundles.key, set: fields })
    .returning({ id: bundles.id });
  const bundleId = row!.id;
  if (existing && existing.exclusivityKey !== fields.exclusivityKey)
    await tx
      .update(bundleSubscriptions)
      .set({ exclusivityKey: fields.exclusivityKey })
      .where(eq(bundleSubscriptions.bundleId, bundleId));
  await tx.delete(bundleProducts).where(eq(bundleProducts.bundleId, bundleId));
  if (productIds.length > 0)
    await tx.insert(bundleProducts).values(productIds.map((productId) => ({ bundleId, productId })));
  return {
    key: b.key,
    status: existing ? ('updated' as const) : ('created' as const),
    products: productIds.length,
  };
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The lines the command prints: one per supplier, one per bundle. */
export function formatImportSummary(summary: CatalogImportSummary): string[] {
  const lines = summary.suppliers.map((s) =>
    s.status === 'unchanged'
      ? `${s.key} (${s.name}): unchanged, still version ${s.version}`
      : `${s.key} (${s.name}): new version ${s.version} with ${count(s.products, 'product')}, ${count(s.brands, 'brand')}, ${count(s.shippingMethods, 'shipping method')}`,
  );
  for (const b of summary.bundles)
    lines.push(`bundle ${b.key}: ${b.status} (${count(b.products, 'product')})`);
  if (lines.length === 0) lines.push('The file has no suppliers and no bundles.');
  return lines;
}
