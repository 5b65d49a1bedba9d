import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../src/db/database';
import {
  brands,
  bundleProducts,
  bundles,
  catalogVersions,
  products,
  productVersions,
  shippingMethods,
  suppliers,
} from '../src/db/schema';
import { demoCatalogPath } from '../src/db/seed/demo';
import { CatalogImportError, importCatalog } from '../src/modules/catalog/index';
import { createTestDatabase } from './harness';
import { buildServer, repoRoot } from './server-process';

// biome-ignore lint/suspicious/noExplicitAny: the tests break arbitrary fields of the parsed JSON
type Json = Record<string, any>;

const demo = JSON.parse(await fs.readFile(demoCatalogPath(), 'utf8')) as Json;
const copy = (): Json => structuredClone(demo);
const tables = [
  suppliers,
  shippingMethods,
  brands,
  catalogVersions,
  products,
  productVersions,
  bundles,
  bundleProducts,
];

async function rowCounts(database: Database): Promise<number[]> {
  return Promise.all(
    tables.map(async (t) => (await database.db.select({ n: sql<number>`count(*)::int` }).from(t))[0]!.n),
  );
}

async function importError(database: Database, file: unknown): Promise<string[]> {
  const error = await importCatalog(database.db, file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CatalogImportError);
  return (error as CatalogImportError).errors;
}

describe('catalog import (service)', () => {
  let database: Database;
  beforeAll(async () => {
    database = connectDatabase(await createTestDatabase(), { max: 3 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('refuses a broken file with the path of the first bad field and changes nothing', async () => {
    const before = await rowCounts(database);
    const bad = copy();
    bad.suppliers[1].products[3].priceGrid.rows[2].pop();
    expect((await importError(database, bad))[0]).toBe(
      'suppliers[1].products[3].priceGrid.rows[2]: Expected 7 prices, one per width',
    );
    expect(await rowCounts(database)).toEqual(before);
  });

  it('names each kind of bad field by its path', async () => {
    const cases: [(f: Json) => void, string][] = [
      [
        (f) => (f.suppliers[0].products[2].priceGrid.rows[1][4] = 120.5),
        'suppliers[0].products[2].priceGrid.rows[1][4]: Expected a decimal string',
      ],
      [
        (f) => (f.suppliers[0].products[0].category = 'doors'),
        'suppliers[0].products[0].category: Invalid option',
      ],
      [
        (f) => (f.suppliers[2].products[1].brand = 'Nobody'),
        "suppliers[2].products[1].brand: Unknown brand 'Nobody'",
      ],
      [
        (f) => f.suppliers[1].products[0].priceGrid.rows.pop(),
        'suppliers[1].products[0].priceGrid.rows: Expected 9 rows, one per drop',
      ],
      [
        (f) => (f.suppliers[0].products[0].rules.incompatible[0][1] = 'ghost'),
        "suppliers[0].products[0].rules.incompatible[0][1]: Unknown option key 'ghost'",
      ],
      [
        (f) => (f.bundles[1].products[0] = 'coastline/nothing'),
        "bundles[1].products[0]: No product 'coastline/nothing' in this file",
      ],
      [
        (f) => (f.suppliers[0].products[1].key = f.suppliers[0].products[0].key),
        "suppliers[0].products[1]: Duplicate product key 'roller-blockout'",
      ],
      [
        (f) => (f.suppliers[0].products[0].priceGrid.widths[3] = 1000),
        'suppliers[0].products[0].priceGrid.widths[3]: Breakpoints must increase',
      ],
      [
        (f) => delete f.suppliers[0].products[0].optionGroups[2].options[0].fabric,
        'suppliers[0].products[0].optionGroups[2].options[0].fabric: A FABRIC option needs its fabric',
      ],
      [(f) => (f.suppliers[0].timezone = 'Mars/Olympus'), 'suppliers[0].timezone: Unknown time zone'],
      [(f) => (f.suppliers[0].surprise = 1), 'suppliers[0]: Unrecognized key'],
    ];
    for (const [breakIt, expected] of cases) {
      const file = copy();
      breakIt(file);
      const [first] = await importError(database, file);
      expect(first, expected).toContain(expected);
    }
  });

  it('imports the demo file, then a second import of it is a no-op', async () => {
    const first = await importCatalog(database.db, demo);
    expect(first.suppliers.map((s) => [s.key, s.status, s.version])).toEqual([
      ['coastline', 'new version', 1],
      ['sunview', 'new version', 1],
      ['harbour-workroom', 'new version', 1],
    ]);
    expect(first.bundles.map((b) => b.status)).toEqual(['created', 'created', 'created']);
    const counts = await rowCounts(database);
    expect(counts[0]).toBe(3);
    expect(counts[3]).toBe(3);
    expect(counts[5]).toBe(30);

    const [sunview] = await database.db.select().from(suppliers).where(eq(suppliers.key, 'sunview'));
    expect(sunview).toMatchObject({ offlineOnly: true, isInternal: false, timezone: 'Australia/Brisbane' });
    const [imperial] = await database.db.select().from(brands).where(eq(brands.name, 'Heritage Imperial'));
    expect(imperial?.disableFineFractions).toBe(true);

    const again = await importCatalog(database.db, copy());
    expect(again.suppliers.every((s) => s.status === 'unchanged' && s.version === 1)).toBe(true);
    expect(again.bundles.every((b) => b.status === 'unchanged')).toBe(true);
    expect(await rowCounts(database)).toEqual(counts);
  });

  it('makes a new version for a changed price grid; old versions stay readable and ids stay stable', async () => {
    const productKey = demo.suppliers[0].products[0].key as string;
    const [product] = await database.db.select().from(products).where(eq(products.key, productKey));
    const versionsBefore = await database.db.select().from(catalogVersions);

    const changed = copy();
    changed.suppliers[0].products[0].priceGrid.rows[0][0] = '999.00';
    const summary = await importCatalog(database.db, changed);
    expect(summary.suppliers.map((s) => [s.key, s.status, s.version])).toEqual([
      ['coastline', 'new version', 2],
      ['sunview', 'unchanged', 1],
      ['harbour-workroom', 'unchanged', 1],
    ]);
    expect(await database.db.select().from(catalogVersions)).toHaveLength(versionsBefore.length + 1);

    const [coastline] = await database.db.select().from(suppliers).where(eq(suppliers.key, 'coastline'));
    const versions = await database.db
      .select()
      .from(catalogVersions)
      .where(eq(catalogVersions.manufacturerId, coastline!.id))
      .orderBy(catalogVersions.number);
    expect(versions.map((v) => v.number)).toEqual([1, 2]);
    const [same] = await database.db.select().from(products).where(eq(products.key, productKey));
    expect(same?.id).toBe(product?.id);

    const priceIn = async (versionId: number) => {
      const [row] = await database.db
        .select({ definition: productVersions.definition })
        .from(productVersions)
        .where(
          and(eq(productVersions.productId, product!.id), eq(productVersions.catalogVersionId, versionId)),
        );
      return (row!.definition as { priceGrid: { rows: string[][] } }).priceGrid.rows[0]![0];
    };
    expect(await priceIn(versions[0]!.id)).toBe(demo.suppliers[0].products[0].priceGrid.rows[0][0]);
    expect(await priceIn(versions[1]!.id)).toBe('999.00');
    const inV2 = await database.db
      .select()
      .from(productVersions)
      .where(eq(productVersions.catalogVersionId, versions[1]!.id));
    expect(inV2).toHaveLength(demo.suppliers[0].products.length);
  });

  it('replaces a bundle’s products on re-import', async () => {
    const changed = copy();
    changed.suppliers[0].products[0].priceGrid.rows[0][0] = '999.00';
    changed.bundles[0].products = ['coastline/motion-hub'];
    const summary = await importCatalog(database.db, changed);
    expect(summary.bundles.map((b) => b.status)).toEqual(['updated', 'unchanged', 'unchanged']);
    const [motorisation] = await database.db.select().from(bundles).where(eq(bundles.key, 'motorisation'));
    const links = await database.db
      .select()
      .from(bundleProducts)
      .where(eq(bundleProducts.bundleId, motorisation!.id));
    expect(links).toHaveLength(1);
  });
});

describe('npm run catalog:import (the real command)', () => {
  const run = promisify(execFile);
  let databaseUrl: string;
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    buildServer();
    databaseUrl = await createTestDatabase();
    database = connectDatabase(databaseUrl, { max: 2 });
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'slat-catalog-'));
  });
  afterAll(async () => {
    await database?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  const importFile = (file: string) =>
    run(process.execPath, ['apps/server/dist/cli/catalog-import.js', file], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl, DATA_DIR: dir },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        stdout: e.stdout,
        stderr: e.stderr,
      }),
    );

  it('refuses a bad file with its path and field, exit 1, nothing written', async () => {
    const bad = copy();
    bad.suppliers[0].products[3].priceGrid.rows[2] = ['1.00'];
    const file = path.join(dir, 'bad.json');
    await fs.writeFile(file, JSON.stringify(bad));
    const result = await importFile(file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${file}: suppliers[0].products[3].priceGrid.rows[2]: Expected 9 prices, one per width`,
    );
    expect(await rowCounts(database)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);

    await fs.writeFile(file, '{ "suppliers": [');
    const notJson = await importFile(file);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain(`${file}: not valid JSON`);
  }, 60_000);

  it('imports the demo file, then reports every supplier unchanged', async () => {
    const first = await importFile(demoCatalogPath());
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(
      'coastline (Coastline Window Furnishings): new version 1 with 14 products',
    );
    expect(first.stdout).toContain('bundle premium-fabrics-a: created (1 product)');
    const second = await importFile(demoCatalogPath());
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('coastline (Coastline Window Furnishings): unchanged, still version 1');
    expect(second.stdout).toContain('sunview (Sunview Shutters & Awnings): unchanged');
    expect((await database.db.select().from(catalogVersions)).length).toBe(3);
  }, 60_000);
});
