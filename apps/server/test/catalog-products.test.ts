import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProductDetail, ProductTreeGroup, ProductTreeResponse } from '@slat/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bundleSubscriptions,
  bundles,
  products,
  shippingMethods,
  supplierDealers,
  suppliers,
} from '../src/db/schema';
import { DEMO_LOGIN, demoCatalogPath, seedDemoCatalog, seedDemoIfEmpty } from '../src/db/seed/demo';
import { importCatalog, linkAccountToSupplier } from '../src/modules/catalog/index';
import { createDealer, createTestApp, signedInClient, type TestApp, TestClient } from './harness';

let t: TestApp;
const demo = JSON.parse(await fs.readFile(demoCatalogPath(), 'utf8'));

/** A supplier no test dealer below is linked to, with one product. */
const foreignCatalog = {
  suppliers: [
    {
      key: 'elsewhere',
      name: 'Elsewhere Blinds',
      shippingMethods: [{ name: 'Courier', address: null }],
      brands: [{ name: 'Elsewhere' }],
      products: [
        {
          key: 'roller',
          name: 'Elsewhere Roller',
          brand: 'Elsewhere',
          category: 'roller',
          hasWidth: true,
          hasHeight: true,
          hasQuantity: true,
          unit: 'mm',
          sizeLimits: { minWidth: 300, maxWidth: 1200, minHeight: 300, maxHeight: 1200 },
          priceGrid: {
            widths: [600, 1200],
            drops: [600, 1200],
            rows: [
              ['10.00', '20.00'],
              ['30.00', '40.00'],
            ],
          },
        },
      ],
    },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  await importCatalog(t.db, demo);
  await importCatalog(t.db, foreignCatalog);
});
afterAll(async () => {
  await t?.close();
});

async function productId(supplierKey: string, key: string): Promise<number> {
  const [row] = await t.db
    .select({ id: products.id, supplier: suppliers.key })
    .from(products)
    .innerJoin(suppliers, eq(suppliers.id, products.manufacturerId))
    .where(eq(products.key, key));
  expect(row?.supplier).toBe(supplierKey);
  return row!.id;
}

async function linkedDealer() {
  const dealer = await createDealer(t.db);
  await seedDemoCatalog(t.db, dealer.accountId);
  return { dealer, client: await signedInClient(t, dealer) };
}

const idsIn = (tree: ProductTreeResponse) =>
  tree.groups
    .flatMap((g: ProductTreeGroup) => [...g.products, ...g.groups.flatMap((b) => b.products)])
    .map((p) => p.id);

describe('GET /products', () => {
  it('lists the linked suppliers’ products by category then brand, without bundle-only ones', async () => {
    const { client } = await linkedDealer();
    const res = await client.get('/api/products');
    expect(res.statusCode).toBe(200);
    const tree = res.json<ProductTreeResponse>();
    expect(tree.groups.map((g) => g.name)).toEqual([
      'Roller Blinds',
      'Roman Blinds',
      'Venetian Blinds',
      'Vertical Blinds',
      'Honeycomb Blinds',
      'Shutters',
      'Curtains',
      'Awnings',
    ]);
    const roller = tree.groups[0]!;
    expect(roller.key).toBe('category:roller');
    expect(roller.groups.map((b) => b.name)).toEqual(['Aria Shades', 'Coastline', 'Heritage Imperial']);
    expect(roller.groups[1]!.products.map((p) => p.name)).toEqual([
      'Roller Blind — Blockout',
      'Roller Blind — Light Filtering',
    ]);
    expect(roller.groups[1]!.products[0]).toMatchObject({
      manufacturerName: 'Coastline Window Furnishings',
      brandName: 'Coastline',
      categoryName: 'Roller Blinds',
      hasWidth: true,
      hasHeight: true,
      hasQuantity: true,
      bundles: [],
    });
    const ids = idsIn(tree);
    expect(ids).toHaveLength(25);
    expect(ids).not.toContain(await productId('coastline', 'motion-hub'));
    expect(ids).not.toContain(await productId('elsewhere', 'roller'));
  });

  it('shows only the products of suppliers the dealer is linked to', async () => {
    const dealer = await createDealer(t.db);
    const client = await signedInClient(t, dealer);
    expect((await client.get('/api/products')).json()).toEqual({ groups: [] });
    await linkAccountToSupplier(t.db, dealer.accountId, 'sunview');
    const tree = (await client.get('/api/products')).json<ProductTreeResponse>();
    expect(tree.groups.map((g) => g.key)).toEqual([
      'category:venetian',
      'category:shutters',
      'category:awnings',
    ]);
    expect(idsIn(tree)).toHaveLength(8);
  });

  it('adds the products of subscribed bundles, and only those', async () => {
    const { dealer, client } = await linkedDealer();
    const [premiumA] = await t.db.select().from(bundles).where(eq(bundles.key, 'premium-fabrics-a'));
    await t.db.insert(bundleSubscriptions).values({
      accountId: dealer.accountId,
      bundleId: premiumA!.id,
      exclusivityKey: premiumA!.exclusivityKey,
      templateValues: { 'fabric-factor': '0.9' },
    });
    const tree = (await client.get('/api/products')).json<ProductTreeResponse>();
    const silk = await productId('harbour-workroom', 'premium-silk-roman');
    const velvet = await productId('harbour-workroom', 'premium-velvet-curtain');
    expect(idsIn(tree)).toContain(silk);
    expect(idsIn(tree)).not.toContain(velvet);
    const roman = tree.groups.find((g) => g.key === 'category:roman')!;
    const item = roman.groups.flatMap((b) => b.products).find((p) => p.id === silk);
    expect(item?.bundles).toEqual([{ id: premiumA!.id, name: 'Premium Fabrics A' }]);

    // Another dealer, not subscribed, does not see it.
    const { client: other } = await linkedDealer();
    expect(idsIn((await other.get('/api/products')).json())).not.toContain(silk);
  });

  it('answers 401 signed out', async () => {
    const res = await new TestClient(t.app).get('/api/products');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('GET /products/top-selling', () => {
  it('is an empty list while there are no order lines', async () => {
    const { client } = await linkedDealer();
    const res = await client.get('/api/products/top-selling');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await new TestClient(t.app).get('/api/products/top-selling')).statusCode).toBe(401);
  });
});

describe('GET /old/products/{id}/detail', () => {
  it('answers the product in its latest version, snake_case, money as decimal strings', async () => {
    const { client } = await linkedDealer();
    const id = await productId('coastline', 'roller-blockout');
    const res = await client.get(`/api/old/products/${id}/detail`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<ProductDetail>();
    expect(detail).toMatchObject({
      id,
      name: 'Roller Blind — Blockout',
      manufacturer_name: 'Coastline Window Furnishings',
      brand_name: 'Coastline',
      disable_fine_fractions: false,
      category_name: 'Roller Blinds',
      has_width: true,
      has_height: true,
      has_quantity: true,
      unit: 'mm',
      size_limits: { min_width: 300, max_width: 3000, min_height: 300, max_height: 3000 },
      catalog_version: 1,
      incompatible_options: [
        ['spring', 'rail-sealed'],
        ['motor-li-ion', 'fascia-90'],
      ],
    });
    expect(detail.option_groups.map((g) => [g.key, g.required])).toEqual([
      ['control', true],
      ['bottom-rail', true],
      ['fabric', true],
      ['fascia', false],
    ]);
    const motor = detail.option_groups[0]!.options.find((o) => o.key === 'motor-li-ion');
    expect(motor).toEqual({
      key: 'motor-li-ion',
      name: 'Motorised, rechargeable Li-ion',
      type: 'BASE',
      price: '385.00',
      fabric: null,
    });
    expect(detail.option_groups[2]!.options[0]).toMatchObject({
      type: 'FABRIC',
      fabric: { width: 3000, repeat: 0, brand: 'Coastline', colour: 'Chalk' },
    });
  });

  it('tells an imperial brand without fine fractions', async () => {
    const { client } = await linkedDealer();
    const id = await productId('harbour-workroom', 'heritage-roller');
    const detail = (await client.get(`/api/old/products/${id}/detail`)).json<ProductDetail>();
    expect(detail).toMatchObject({
      unit: 'in',
      disable_fine_fractions: true,
      brand_name: 'Heritage Imperial',
    });
  });

  it('answers 404 for a product of a supplier the dealer is not linked to, as for a missing one', async () => {
    const { client } = await linkedDealer();
    const foreign = await client.get(`/api/old/products/${await productId('elsewhere', 'roller')}/detail`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('NOT_FOUND');
    const missing = await client.get('/api/old/products/987654/detail');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(foreign.json());
  });

  it('answers 404 for an unsubscribed bundle-only product', async () => {
    const { client } = await linkedDealer();
    const hub = await client.get(`/api/old/products/${await productId('coastline', 'motion-hub')}/detail`);
    expect(hub.statusCode).toBe(404);
  });

  it('answers 400 with the field path for a bad id', async () => {
    const { client } = await linkedDealer();
    const res = await client.get('/api/old/products/abc/detail');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields[0].path).toBe('id');
  });

  it('answers 401 signed out', async () => {
    const id = await productId('coastline', 'roller-blockout');
    expect((await new TestClient(t.app).get(`/api/old/products/${id}/detail`)).statusCode).toBe(401);
  });

  it('follows a new catalog version', async () => {
    const { client } = await linkedDealer();
    const changed = structuredClone(demo);
    changed.suppliers[0].products[0].optionGroups[0].options[3].price = '399.00';
    await importCatalog(t.db, changed);
    const id = await productId('coastline', 'roller-blockout');
    const detail = (await client.get(`/api/old/products/${id}/detail`)).json<ProductDetail>();
    expect(detail.catalog_version).toBe(2);
    expect(detail.option_groups[0]!.options[3]).toMatchObject({ key: 'motor-li-ion', price: '399.00' });
  });
});

describe('the demo seed', () => {
  it('imports the demo catalog and links the demo dealer to its three suppliers', async () => {
    const demoApp = await createTestApp();
    try {
      expect(await seedDemoIfEmpty(demoApp.db, { filesRoot: path.join(demoApp.outboxDir, '../files') })).toBe(
        true,
      );
      const links = await demoApp.db
        .select({ supplier: suppliers.key, method: shippingMethods.name })
        .from(supplierDealers)
        .innerJoin(suppliers, eq(suppliers.id, supplierDealers.manufacturerId))
        .leftJoin(shippingMethods, eq(shippingMethods.id, supplierDealers.defaultShippingMethodId))
        .orderBy(suppliers.key);
      expect(links).toEqual([
        { supplier: 'coastline', method: 'Courier (metro)' },
        { supplier: 'harbour-workroom', method: 'Workroom van' },
        { supplier: 'sunview', method: 'Sunview delivery' },
      ]);
      const client = await signedInClient(demoApp, DEMO_LOGIN);
      const tree = (await client.get('/api/products')).json<ProductTreeResponse>();
      // The demo quotes' real lines fill 'Top Products' first; then 8 categories with the 25 products.
      expect(tree.groups[0]).toMatchObject({ key: 'top-products', name: 'Top Products' });
      expect(tree.groups[0]!.products.length).toBeGreaterThan(0);
      const categories = { groups: tree.groups.slice(1) };
      expect(categories.groups).toHaveLength(8);
      expect(idsIn(categories)).toHaveLength(25);

      // The demo board: deals in every status of both workflows, with notes, appointments and attachments.
      const workflows = (await client.get('/api/workflows')).json<
        { id: number; statuses: { id: number }[] }[]
      >();
      expect(workflows).toHaveLength(2);
      for (const wf of workflows) {
        const { counts } = (await client.get(`/api/deals?workflowId=${wf.id}`)).json<{
          counts: Record<string, number>;
        }>();
        for (const st of wf.statuses) expect(counts[String(st.id)] ?? 0).toBeGreaterThan(0);
      }
      const { rows } = await demoApp.pool.query<{ notes: number; events: number; docs: number }>(
        'SELECT (SELECT count(*)::int FROM deal_notes) AS notes, (SELECT count(*)::int FROM deal_events) AS events, (SELECT count(*)::int FROM documents) AS docs',
      );
      expect(rows[0]!.notes).toBeGreaterThan(3);
      expect(rows[0]!.events).toBeGreaterThan(3);
      expect(rows[0]!.docs).toBeGreaterThan(3);
    } finally {
      await demoApp.close();
    }
  });
});
