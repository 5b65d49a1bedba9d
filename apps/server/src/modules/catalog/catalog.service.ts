import type { ProductDetail, ProductTreeGroup, ProductTreeItem, ProductTreeResponse } from '@slat/contracts';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/app-error';
import * as repo from './catalog.repository';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en') || 0;

/**
 * Top-selling product ids from the dealer's order lines: by number of lines, then quantity,
 * lines of archived quotes left out, at most 10.
 */
export async function topSellingProductIds(db: Db, accountId: number): Promise<number[]> {
  return repo.topSellingProductIds(db, accountId, 10);
}

/** The products the account may quote, with the bundles that bring bundle-only ones in. */
async function visibleProducts(db: Db, accountId: number) {
  const versions = await repo.latestLinkedCatalogVersions(db, accountId);
  const rows = await repo.productsOfCatalogVersions(
    db,
    versions.map((v) => v.id),
  );
  const viaBundles = await repo.subscribedBundleProducts(db, accountId);
  return rows
    .map((row) => ({ row, bundles: viaBundles.get(row.id) ?? [] }))
    .filter(({ row, bundles }) => !row.bundleOnly || bundles.length > 0);
}

export async function productTree(db: Db, accountId: number): Promise<ProductTreeResponse> {
  const visible = await visibleProducts(db, accountId);
  const items = new Map<number, ProductTreeItem>();
  const categories = new Map<
    string,
    { group: ProductTreeGroup; sortOrder: number; brands: Map<number, ProductTreeGroup['groups'][number]> }
  >();
  for (const { row, bundles } of visible) {
    const item: ProductTreeItem = {
      id: row.id,
      name: row.name,
      manufacturerId: row.manufacturerId,
      manufacturerName: row.manufacturerName,
      brandId: row.brandId,
      brandName: row.brandName,
      categoryId: row.categoryId,
      categoryName: row.categoryName,
      hasWidth: row.hasWidth,
      hasHeight: row.hasHeight,
      hasQuantity: row.hasQuantity,
      bundles,
    };
    items.set(item.id, item);
    let category = categories.get(row.categorySlug);
    if (!category) {
      category = {
        group: { key: `category:${row.categorySlug}`, name: row.categoryName, groups: [], products: [] },
        sortOrder: row.categorySortOrder,
        brands: new Map(),
      };
      categories.set(row.categorySlug, category);
    }
    let brand = category.brands.get(row.brandId);
    if (!brand) {
      brand = { key: `brand:${row.brandId}`, name: row.brandName, products: [] };
      category.brands.set(row.brandId, brand);
    }
    brand.products.push(item);
  }

  const groups: ProductTreeGroup[] = [];
  const top = (await topSellingProductIds(db, accountId)).flatMap((id) => items.get(id) ?? []);
  if (top.length > 0) groups.push({ key: 'top-products', name: 'Top Products', groups: [], products: top });
  for (const category of [...categories.values()].sort((a, b) => a.sortOrder - b.sortOrder)) {
    category.group.groups = [...category.brands.values()].sort(byName);
    for (const brand of category.group.groups) brand.products.sort((a, b) => byName(a, b) || a.id - b.id);
    groups.push(category.group);
  }
  return { groups };
}

type QuotableRow = NonNullable<Awaited<ReturnType<typeof repo.findQuotableProduct>>>;

export type QuotableProduct = Omit<QuotableRow, 'catalogVersionNumber'> & {
  catalogVersion: { id: number; number: number };
};

/**
 * A product in its supplier's latest catalog version, if the account may quote it (a linked
 * supplier, the latest version still has it, a bundle-only product only when subscribed to a
 * bundle that brings it); undefined otherwise.
 */
export async function quotableProduct(
  db: Db,
  accountId: number,
  productId: number,
): Promise<QuotableProduct | undefined> {
  const row = await repo.findQuotableProduct(db, accountId, productId);
  if (!row) return undefined;
  const { catalogVersionNumber, ...product } = row;
  return { ...product, catalogVersion: { id: product.catalogVersionId, number: catalogVersionNumber } };
}

/**
 * A product in its supplier's latest catalog version, if the account may quote it: a foreign
 * supplier's product, one the latest version dropped, or an unsubscribed bundle-only product is
 * not found, exactly like a missing id.
 */
export async function productDetail(db: Db, accountId: number, productId: number): Promise<ProductDetail> {
  const product = await quotableProduct(db, accountId, productId);
  if (!product) throw notFound('Product not found');
  const version = product.catalogVersion;
  const { definition: d } = product;
  return {
    id: product.id,
    name: product.name,
    manufacturer_id: product.manufacturerId,
    manufacturer_name: product.manufacturerName,
    brand_id: product.brandId,
    brand_name: product.brandName,
    disable_fine_fractions: product.disableFineFractions,
    category_id: product.categoryId,
    category_name: product.categoryName,
    has_width: product.hasWidth,
    has_height: product.hasHeight,
    has_quantity: product.hasQuantity,
    unit: d.unit,
    size_limits: {
      min_width: d.sizeLimits.minWidth ?? null,
      max_width: d.sizeLimits.maxWidth ?? null,
      min_height: d.sizeLimits.minHeight ?? null,
      max_height: d.sizeLimits.maxHeight ?? null,
    },
    catalog_version_id: version.id,
    catalog_version: version.number,
    option_groups: d.optionGroups.map((g) => ({
      key: g.key,
      name: g.name,
      required: g.required,
      options: g.options.map((o) => ({
        key: o.key,
        name: o.name,
        type: o.type,
        price: o.price,
        fabric: o.fabric ?? null,
      })),
    })),
    incompatible_options: d.rules.incompatible,
  };
}

/**
 * Links an account to a supplier (by key), keeping an existing link; the default shipping
 * method is the named one, else the supplier's first (demo seed, tests).
 */
export const linkAccountToSupplier = repo.linkAccountToSupplier;
