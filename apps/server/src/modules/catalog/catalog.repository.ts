import type { ProductDefinition } from '@slat/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
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
  supplierDealers,
  suppliers,
} from '../../db/schema';

/** The latest catalog version of every supplier the account is linked to. */
export async function latestLinkedCatalogVersions(db: Db, accountId: number, manufacturerId?: number) {
  return db
    .selectDistinctOn([catalogVersions.manufacturerId], {
      id: catalogVersions.id,
      number: catalogVersions.number,
      manufacturerId: catalogVersions.manufacturerId,
    })
    .from(catalogVersions)
    .innerJoin(
      supplierDealers,
      and(
        eq(supplierDealers.manufacturerId, catalogVersions.manufacturerId),
        eq(supplierDealers.accountId, accountId),
      ),
    )
    .where(manufacturerId === undefined ? undefined : eq(catalogVersions.manufacturerId, manufacturerId))
    .orderBy(catalogVersions.manufacturerId, desc(catalogVersions.number));
}

/** Product id → the subscribed bundles that include it. */
export async function subscribedBundleProducts(db: Db, accountId: number) {
  const rows = await db
    .select({ productId: bundleProducts.productId, id: bundles.id, name: bundles.name })
    .from(bundleSubscriptions)
    .innerJoin(bundles, eq(bundles.id, bundleSubscriptions.bundleId))
    .innerJoin(bundleProducts, eq(bundleProducts.bundleId, bundles.id))
    .where(eq(bundleSubscriptions.accountId, accountId))
    .orderBy(asc(bundles.sortOrder), asc(bundles.name));
  const byProduct = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) {
    const list = byProduct.get(r.productId) ?? [];
    list.push({ id: r.id, name: r.name });
    byProduct.set(r.productId, list);
  }
  return byProduct;
}

const productColumns = {
  id: products.id,
  name: productVersions.name,
  manufacturerId: suppliers.id,
  manufacturerName: suppliers.name,
  brandId: brands.id,
  brandName: brands.name,
  disableFineFractions: brands.disableFineFractions,
  categoryId: productCategories.id,
  categorySlug: productCategories.slug,
  categoryName: productCategories.name,
  categorySortOrder: productCategories.sortOrder,
  hasWidth: productVersions.hasWidth,
  hasHeight: productVersions.hasHeight,
  hasQuantity: productVersions.hasQuantity,
  bundleOnly: productVersions.bundleOnly,
  catalogVersionId: productVersions.catalogVersionId,
};

/** Every product of the given catalog versions, without their definitions. */
export async function productsOfCatalogVersions(db: Db, catalogVersionIds: number[]) {
  if (catalogVersionIds.length === 0) return [];
  return db
    .select(productColumns)
    .from(productVersions)
    .innerJoin(products, eq(products.id, productVersions.productId))
    .innerJoin(suppliers, eq(suppliers.id, products.manufacturerId))
    .innerJoin(brands, eq(brands.id, productVersions.brandId))
    .innerJoin(productCategories, eq(productCategories.id, productVersions.categoryId))
    .where(inArray(productVersions.catalogVersionId, catalogVersionIds));
}

/** One product as one catalog version defines it, with its definition. */
export async function productInCatalogVersion(db: Db, productId: number, catalogVersionId: number) {
  const [row] = await db
    .select({ ...productColumns, definition: productVersions.definition })
    .from(productVersions)
    .innerJoin(products, eq(products.id, productVersions.productId))
    .innerJoin(suppliers, eq(suppliers.id, products.manufacturerId))
    .innerJoin(brands, eq(brands.id, productVersions.brandId))
    .innerJoin(productCategories, eq(productCategories.id, productVersions.categoryId))
    .where(
      and(eq(productVersions.productId, productId), eq(productVersions.catalogVersionId, catalogVersionId)),
    )
    .limit(1);
  return row ? { ...row, definition: row.definition as ProductDefinition } : undefined;
}

export async function manufacturerOfProduct(db: Db, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ manufacturerId: products.manufacturerId })
    .from(products)
    .where(eq(products.id, productId));
  return row?.manufacturerId;
}

/**
 * Links an account to a supplier (by key), keeping an existing link; the default shipping
 * method is the named one, else the supplier's first.
 */
export async function linkAccountToSupplier(
  db: Db,
  accountId: number,
  supplierKey: string,
  defaultShippingMethod?: string,
): Promise<void> {
  const [manufacturer] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.key, supplierKey));
  if (!manufacturer) throw new Error(`No supplier '${supplierKey}'`);
  const methods = await db
    .select({ id: shippingMethods.id, name: shippingMethods.name })
    .from(shippingMethods)
    .where(eq(shippingMethods.manufacturerId, manufacturer.id))
    .orderBy(asc(shippingMethods.id));
  const method = methods.find((m) => m.name === defaultShippingMethod) ?? methods[0];
  await db
    .insert(supplierDealers)
    .values({ accountId, manufacturerId: manufacturer.id, defaultShippingMethodId: method?.id ?? null })
    .onConflictDoNothing();
}

/**
 * The account's most quoted product ids: by number of order lines, then total quantity, then id;
 * lines of archived deal quotes left out.
 */
export async function topSellingProductIds(db: Db, accountId: number, limit: number): Promise<number[]> {
  const { rows } = await db.execute<{ product_id: number }>(sql`
    SELECT l.product_id
      FROM order_lines l
      LEFT JOIN deal_quotes q ON q.order_id = l.order_id
     WHERE l.account_id = ${accountId} AND NOT COALESCE(q.is_archived, false)
     GROUP BY l.product_id
     ORDER BY COUNT(*) DESC, SUM(l.quantity) DESC, l.product_id
     LIMIT ${limit}`);
  return rows.map((r) => Number(r.product_id));
}
