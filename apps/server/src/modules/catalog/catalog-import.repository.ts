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

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

// Imports are serialised so two of them never race for the same version number.
const IMPORT_LOCK = 727_002;

export async function lockImports(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
}

export async function categoryIdsBySlug(tx: Tx): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: productCategories.id, slug: productCategories.slug })
    .from(productCategories);
  return new Map(rows.map((c) => [c.slug, c.id]));
}

/** The latest catalog version of the supplier with this key, if it was ever imported. */
export async function latestSupplierVersion(
  tx: Tx,
  supplierKey: string,
): Promise<{ number: number; contentHash: string } | undefined> {
  const [existing] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.key, supplierKey));
  if (!existing) return undefined;
  const [latest] = await tx
    .select({ number: catalogVersions.number, contentHash: catalogVersions.contentHash })
    .from(catalogVersions)
    .where(eq(catalogVersions.manufacturerId, existing.id))
    .orderBy(desc(catalogVersions.number))
    .limit(1);
  return latest;
}

export type SupplierFields = {
  name: string;
  email: string;
  timezone: string;
  logoUrl: string | null;
  isInternal: boolean;
  offlineOnly: boolean;
};

export async function upsertSupplier(tx: Tx, key: string, fields: SupplierFields): Promise<number> {
  const [row] = await tx
    .insert(suppliers)
    .values({ key, ...fields })
    .onConflictDoUpdate({ target: suppliers.key, set: fields })
    .returning({ id: suppliers.id });
  return row!.id;
}

export async function upsertShippingMethods(
  tx: Tx,
  manufacturerId: number,
  methods: { name: string; address: string | null }[],
): Promise<void> {
  if (methods.length === 0) return;
  await tx
    .insert(shippingMethods)
    .values(methods.map((m) => ({ manufacturerId, name: m.name, address: m.address })))
    .onConflictDoUpdate({
      target: [shippingMethods.manufacturerId, shippingMethods.name],
      set: { address: sql`excluded.address` },
    });
}

/** Upserts the supplier's brands by name; answers their ids by name. */
export async function upsertBrands(
  tx: Tx,
  manufacturerId: number,
  list: { name: string; disableFineFractions: boolean }[],
): Promise<Map<string, number>> {
  if (list.length === 0) return new Map();
  const rows = await tx
    .insert(brands)
    .values(list.map((b) => ({ manufacturerId, name: b.name, disableFineFractions: b.disableFineFractions })))
    .onConflictDoUpdate({
      target: [brands.manufacturerId, brands.name],
      set: { disableFineFractions: sql`excluded.disable_fine_fractions` },
    })
    .returning({ id: brands.id, name: brands.name });
  return new Map(rows.map((b) => [b.name, b.id]));
}

export async function insertCatalogVersion(
  tx: Tx,
  manufacturerId: number,
  number: number,
  contentHash: string,
): Promise<{ id: number; number: number }> {
  const [version] = await tx
    .insert(catalogVersions)
    .values({ manufacturerId, number, contentHash })
    .returning({ id: catalogVersions.id, number: catalogVersions.number });
  return version!;
}

/** Makes sure a product row exists per key (ids stay stable across versions); answers ids by key. */
export async function upsertProducts(
  tx: Tx,
  manufacturerId: number,
  keys: string[],
): Promise<Map<string, number>> {
  await tx
    .insert(products)
    .values(keys.map((key) => ({ manufacturerId, key })))
    .onConflictDoNothing();
  const rows = await tx
    .select({ id: products.id, key: products.key })
    .from(products)
    .where(eq(products.manufacturerId, manufacturerId));
  return new Map(rows.map((p) => [p.key, p.id]));
}

export type NewProductVersion = {
  productId: number;
  catalogVersionId: number;
  name: string;
  brandId: number;
  categoryId: number;
  hasWidth: boolean;
  hasHeight: boolean;
  hasQuantity: boolean;
  bundleOnly: boolean;
  definition: ProductDefinition;
};

export async function insertProductVersions(tx: Tx, rows: NewProductVersion[]): Promise<void> {
  if (rows.length > 0) await tx.insert(productVersions).values(rows);
}

/** Product ids by `supplierKey/productKey` for the products of these suppliers. */
export async function productIdsByRef(tx: Tx, supplierKeys: string[]): Promise<Map<string, number>> {
  if (supplierKeys.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, key: products.key, supplierKey: suppliers.key })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.manufacturerId))
    .where(inArray(suppliers.key, supplierKeys));
  return new Map(rows.map((p) => [`${p.supplierKey}/${p.key}`, p.id]));
}

export type BundleFields = {
  name: string;
  description: string;
  exclusivityKey: string | null;
  sortOrder: number;
  templateFields: unknown;
};

/** The bundle with this key and its product ids (ascending), if it exists. */
export async function findBundle(
  tx: Tx,
  key: string,
): Promise<(BundleFields & { id: number; productIds: number[] }) | undefined> {
  const [existing] = await tx.select().from(bundles).where(eq(bundles.key, key));
  if (!existing) return undefined;
  const linked = await tx
    .select({ productId: bundleProducts.productId })
    .from(bundleProducts)
    .where(eq(bundleProducts.bundleId, existing.id));
  return { ...existing, productIds: linked.map((r) => r.productId).sort((x, y) => x - y) };
}

/** Upserts the bundle by key and replaces its products; subscriptions follow a new exclusivity key. */
export async function saveBundle(
  tx: Tx,
  key: string,
  fields: BundleFields,
  productIds: number[],
  exclusivityChanged: boolean,
): Promise<void> {
  const [row] = await tx
    .insert(bundles)
    .values({ key, ...fields })
    .onConflictDoUpdate({ target: bundles.key, set: fields })
    .returning({ id: bundles.id });
  const bundleId = row!.id;
  if (exclusivityChanged)
    await tx
      .update(bundleSubscriptions)
      .set({ exclusivityKey: fields.exclusivityKey })
      .where(eq(bundleSubscriptions.bundleId, bundleId));
  await tx.delete(bundleProducts).where(eq(bundleProducts.bundleId, bundleId));
  if (productIds.length > 0)
    await tx.insert(bundleProducts).values(productIds.map((productId) => ({ bundleId, productId })));
}
