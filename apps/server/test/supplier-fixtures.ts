import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database';
import {
  brands,
  bundleProducts,
  bundles,
  catalogVersions,
  products,
  productVersions,
  shippingMethods,
  supplierDealers,
  suppliers,
} from '../src/db/schema';

let n = 0;

/** A supplier with two shipping methods, a brand and one roller product, linked to the given accounts. */
export async function createSupplier(db: Db, linkedAccountIds: number[], name = 'Test Supplier') {
  n += 1;
  const key = `supplier-${Date.now().toString(36)}-${n}`;
  const [m] = await db
    .insert(suppliers)
    .values({ key, name: `${name} ${n}`, email: `${key}@example.test` })
    .returning();
  const methods = await db
    .insert(shippingMethods)
    .values([
      { manufacturerId: m!.id, name: 'Courier', address: null },
      { manufacturerId: m!.id, name: 'Pick up', address: '2 Depot Road, Alexandria NSW' },
    ])
    .returning();
  const [brand] = await db
    .insert(brands)
    .values({ manufacturerId: m!.id, name: `Brand ${n}` })
    .returning();
  const [version] = await db
    .insert(catalogVersions)
    .values({ manufacturerId: m!.id, number: 1, contentHash: key })
    .returning();
  const [product] = await db.insert(products).values({ manufacturerId: m!.id, key: 'roller' }).returning();
  const [category] = await db
    .execute<{ id: number }>(sql`SELECT id FROM product_categories WHERE slug = 'roller'`)
    .then((r) => r.rows);
  await db.insert(productVersions).values({
    productId: product!.id,
    catalogVersionId: version!.id,
    name: `Roller Blind ${n}`,
    brandId: brand!.id,
    categoryId: category!.id,
    hasWidth: true,
    hasHeight: true,
    hasQuantity: true,
    definition: {},
  });
  for (const accountId of linkedAccountIds) {
    await db.insert(supplierDealers).values({ accountId, manufacturerId: m!.id });
  }
  return { manufacturer: m!, methods, brand: brand!, product: product!, productName: `Roller Blind ${n}` };
}

export async function createBundle(
  db: Db,
  productIds: number[],
  opts: {
    name: string;
    exclusivityKey?: string;
    templateFields?: { templateKey: string; label: string; operator: 'FACTOR' | 'CURRENCY' }[];
  },
) {
  n += 1;
  const [b] = await db
    .insert(bundles)
    .values({
      key: `bundle-${Date.now().toString(36)}-${n}`,
      name: opts.name,
      exclusivityKey: opts.exclusivityKey ?? null,
      templateFields: opts.templateFields ?? [],
      sortOrder: n,
    })
    .returning();
  if (productIds.length)
    await db.insert(bundleProducts).values(productIds.map((productId) => ({ bundleId: b!.id, productId })));
  return b!;
}
