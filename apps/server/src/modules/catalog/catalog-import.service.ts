import { createHash } from 'node:crypto';
import {
  type CatalogBundle,
  type CatalogProduct,
  type CatalogSupplier,
  parseCatalogFile,
} from '@slat/contracts';
import type { ProductDefinition } from '@slat/domain';
import type { Db } from '../../db/database';
import * as repo from './catalog-import.repository';

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
    await repo.lockImports(tx);
    const categoryIds = await repo.categoryIdsBySlug(tx);
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
  tx: repo.Tx,
  s: CatalogSupplier,
  categoryIds: Map<string, number>,
): Promise<SupplierImport> {
  const hash = supplierContentHash(s);
  const counts = {
    products: s.products.length,
    brands: s.brands.length,
    shippingMethods: s.shippingMethods.length,
  };
  const latest = await repo.latestSupplierVersion(tx, s.key);
  if (latest && latest.contentHash === hash)
    return { key: s.key, name: s.name, status: 'unchanged', version: latest.number, ...counts };

  const manufacturerId = await repo.upsertSupplier(tx, s.key, {
    name: s.name,
    email: s.email,
    timezone: s.timezone,
    logoUrl: s.logo,
    isInternal: s.isInternal,
    offlineOnly: s.offlineOnly,
  });
  await repo.upsertShippingMethods(tx, manufacturerId, s.shippingMethods);
  const brandIds = await repo.upsertBrands(tx, manufacturerId, s.brands);
  const version = await repo.insertCatalogVersion(tx, manufacturerId, (latest?.number ?? 0) + 1, hash);
  if (s.products.length > 0) {
    const productIds = await repo.upsertProducts(
      tx,
      manufacturerId,
      s.products.map((p) => p.key),
    );
    await repo.insertProductVersions(
      tx,
      s.products.map((p) => ({
        productId: productIds.get(p.key)!,
        catalogVersionId: version.id,
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
  return { key: s.key, name: s.name, status: 'new version', version: version.number, ...counts };
}

async function importBundle(tx: repo.Tx, b: CatalogBundle) {
  const supplierKeys = [...new Set(b.products.map((ref) => ref.split('/')[0]!))];
  const idOf = await repo.productIdsByRef(tx, supplierKeys);
  // The file was validated, so every ref names a product of this file, now in the database.
  const productIds = b.products.map((ref) => idOf.get(ref)!);

  const fields = {
    name: b.name,
    description: b.description,
    exclusivityKey: b.exclusivityKey,
    sortOrder: b.sortOrder,
    templateFields: b.templateFields,
  };
  const existing = await repo.findBundle(tx, b.key);
  if (existing) {
    const same =
      existing.name === fields.name &&
      existing.description === fields.description &&
      existing.exclusivityKey === fields.exclusivityKey &&
      existing.sortOrder === fields.sortOrder &&
      canonicalJson(existing.templateFields) === canonicalJson(fields.templateFields) &&
      canonicalJson(existing.productIds) === canonicalJson([...productIds].sort((x, y) => x - y));
    if (same) return { key: b.key, status: 'unchanged' as const, products: productIds.length };
  }
  await repo.saveBundle(
    tx,
    b.key,
    fields,
    productIds,
    existing !== undefined && existing.exclusivityKey !== fields.exclusivityKey,
  );
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
