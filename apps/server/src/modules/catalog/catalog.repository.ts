import type { ProductDefinition } from '@slat/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, namedStatement, runNamed } from '../../db/database';
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
export async function latestLinkedCatalogVersions(db: Db, accountId: number) {
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

// Columns named as productColumns names them (quoted aliases), so the row needs no mapping.
const QUOTABLE_PRODUCT = namedStatement(
  'catalog_quotable_product',
  `SELECT p.id, pv.name, s.id AS "manufacturerId", s.name AS "manufacturerName", b.id AS "brandId",
          b.name AS "brandName", b.disable_fine_fractions AS "disableFineFractions", pc.id AS "categoryId",
          pc.slug AS "categorySlug", pc.name AS "categoryName", pc.sort_order AS "categorySortOrder",
          pv.has_width AS "hasWidth", pv.has_height AS "hasHeight", pv.has_quantity AS "hasQuantity",
          pv.bundle_only AS "bundleOnly", pv.catalog_version_id AS "catalogVersionId", pv.definition,
          cv.number AS "catalogVersionNumber"
     FROM products p
     JOIN manufacturer_customers mc ON mc.manufacturer_id = p.manufacturer_id AND mc.account_id = $2
     JOIN manufacturers s ON s.id = p.manufacturer_id
     JOIN LATERAL (SELECT c.id, c.number FROM catalog_versions c
                    WHERE c.manufacturer_id = p.manufacturer_id ORDER BY c.number DESC LIMIT 1) cv ON true
     JOIN product_versions pv ON pv.product_id = p.id AND pv.catalog_version_id = cv.id
     JOIN brands b ON b.id = pv.brand_id
     JOIN product_categories pc ON pc.id = pv.category_id
    WHERE p.id = $1
      AND (NOT pv.bundle_only OR EXISTS (
            SELECT 1 FROM bundle_subscriptions bs JOIN bundle_products bp ON bp.bundle_id = bs.bundle_id
             WHERE bs.account_id = $2 AND bp.product_id = p.id))`,
);

type ProductRow = Awaited<ReturnType<typeof productsOfCatalogVersions>>[number];

/**
 * A product as its supplier's latest catalog version defines it (with the definition and that
 * version's number), when the account may quote it: linked to the supplier, and for a bundle-only
 * product subscribed to a bundle that brings it. One statement, prepared by name: adding a line
 * runs it inside the order's lock.
 */
export async function findQuotableProduct(db: Db, accountId: number, productId: number) {
  const [row] = await runNamed<ProductRow & { definition: ProductDefinition; catalogVersionNumber: number }>(
    db,
    QUOTABLE_PRODUCT,
    [productId, accountId],
  );
  return row;
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
 * The account's most quoted product ids: by number of deal quote lines, then total quantity, then
 * id; lines of archived deal quotes left out, and purchase orders' lines too (copies of quoted
 * lines, or orders placed with a supplier: not what the dealer quotes).
 */
export async function topSellingProductIds(db: Db, accountId: number, limit: number): Promise<number[]> {
  const { rows } = await db.execute<{ product_id: number }>(sql`
    SELECT l.product_id
      FROM order_lines l
      JOIN deal_quotes q ON q.order_id = l.order_id
     WHERE l.account_id = ${accountId} AND NOT q.is_archived
     GROUP BY l.product_id
     ORDER BY COUNT(*) DESC, SUM(l.quantity) DESC, l.product_id
     LIMIT ${limit}`);
  return rows.map((r) => Number(r.product_id));
}
