import type { MarkupRule, MeasureUnit, ProductDefinition } from '@slat/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, namedStatement, runNamed } from '../../db/database';
import { orderLines, orders, orderWindows } from '../../db/schema';

/**
 * All SQL of windows and order lines. Every query is scoped by the account; functions take `db`
 * first so a transaction fits.
 */

export type OrderKind = 'QUOTE' | 'PURCHASE_ORDER';
export type StoredMeasure = { value: string; unit: MeasureUnit } | null;

/** NUMERIC(12,4) comes back padded ("36.3750", "1200.0000"): the value as it was entered. */
export function plainDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

function measureOf(value: string | null, unit: string | null): StoredMeasure {
  return value === null || unit === null ? null : { value: plainDecimal(value), unit: unit as MeasureUnit };
}

export async function insertOrder(db: Db, accountId: number, kind: OrderKind): Promise<number> {
  const [row] = await db.insert(orders).values({ accountId, kind }).returning({ id: orders.id });
  return row!.id;
}

export type OrderState = { id: number; kind: OrderKind; isReadOnly: boolean };

const ORDER_LOCK = namedStatement(
  'order_lock',
  'SELECT id FROM orders WHERE id = $1 AND account_id = $2 FOR UPDATE',
);
const ORDER_STATE = namedStatement(
  'order_state',
  `SELECT o.id, o.kind,
          CASE o.kind
            WHEN 'QUOTE' THEN COALESCE(q.status = 'ACCEPTED' OR q.is_archived OR d.is_archived, false)
            ELSE COALESCE(p.status = 'SUBMITTED' OR p.is_archived OR p.replaced_by_order_id IS NOT NULL, false)
          END AS read_only
     FROM orders o
     LEFT JOIN deal_quotes q ON q.order_id = o.id AND q.account_id = o.account_id
     LEFT JOIN deals d ON d.id = q.deal_id
     LEFT JOIN purchase_orders p ON p.order_id = o.id AND p.account_id = o.account_id
    WHERE o.id = $1 AND o.account_id = $2`,
);

/**
 * The order with whether it is read-only: a deal quote that is accepted or archived, or whose
 * deal is archived; a purchase order that is submitted, archived or replaced by a revision.
 * `lock` first takes the orders row FOR UPDATE (call in a transaction) and
 * then reads the state in a statement of its own, so a writer that waited for the lock sees what
 * the holder committed (a statement that waits re-reads only the row it locks, not its joins).
 */
export async function findOrderState(
  db: Db,
  accountId: number,
  orderId: number,
  lock = false,
): Promise<OrderState | undefined> {
  if (lock && (await runNamed(db, ORDER_LOCK, [orderId, accountId])).length === 0) return undefined;
  const [row] = await runNamed<{ id: number; kind: OrderKind; read_only: boolean }>(db, ORDER_STATE, [
    orderId,
    accountId,
  ]);
  return row && { id: row.id, kind: row.kind, isReadOnly: row.read_only };
}

/** Marks a write to an order's windows or lines (an owner's hook may move its own timestamps too). */
export async function touchOrder(db: Db, accountId: number, orderId: number): Promise<void> {
  await db.execute(sql`
    UPDATE orders SET updated_at = now() WHERE id = ${orderId} AND account_id = ${accountId}`);
}

// ── Windows ─────────────────────────────────────────────────────────────────────────────────

export type WindowRow = {
  id: number;
  orderId: number;
  name: string;
  quantity: number;
  width: StoredMeasure;
  height: StoredMeasure;
  sortOrder: number;
  lineIds: number[];
};

const windowColumns = {
  id: orderWindows.id,
  orderId: orderWindows.orderId,
  name: orderWindows.name,
  quantity: orderWindows.quantity,
  widthValue: orderWindows.widthValue,
  widthUnit: orderWindows.widthUnit,
  heightValue: orderWindows.heightValue,
  heightUnit: orderWindows.heightUnit,
  sortOrder: orderWindows.sortOrder,
  lineIds: sql<number[]>`COALESCE((
    SELECT array_agg(l.id ORDER BY l.sort_order, l.id) FROM order_lines l
     WHERE l.order_window_id = "order_windows"."id"), '{}')`,
};

type WindowSelect = {
  id: number;
  orderId: number;
  name: string;
  quantity: number;
  widthValue: string | null;
  widthUnit: string | null;
  heightValue: string | null;
  heightUnit: string | null;
  sortOrder: number;
  lineIds: number[];
};

const toWindow = (r: WindowSelect): WindowRow => ({
  id: r.id,
  orderId: r.orderId,
  name: r.name,
  quantity: r.quantity,
  width: measureOf(r.widthValue, r.widthUnit),
  height: measureOf(r.heightValue, r.heightUnit),
  sortOrder: r.sortOrder,
  lineIds: r.lineIds.map(Number),
});

/** The order's windows in order (sort order, then id), or only `windowIds`. */
export async function findWindows(
  db: Db,
  accountId: number,
  orderId: number,
  windowIds?: number[],
): Promise<WindowRow[]> {
  if (windowIds && windowIds.length === 0) return [];
  const rows = await db
    .select(windowColumns)
    .from(orderWindows)
    .where(
      and(
        eq(orderWindows.accountId, accountId),
        eq(orderWindows.orderId, orderId),
        windowIds ? inArray(orderWindows.id, windowIds) : undefined,
      ),
    )
    .orderBy(asc(orderWindows.sortOrder), asc(orderWindows.id));
  return rows.map(toWindow);
}

export async function findWindow(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
): Promise<WindowRow | undefined> {
  const [row] = await findWindows(db, accountId, orderId, [windowId]);
  return row;
}

const WINDOW_SIZES = namedStatement(
  'order_window_sizes',
  `SELECT id, name, width_value, width_unit, height_value, height_unit
     FROM order_windows WHERE id = $1 AND order_id = $2 AND account_id = $3`,
);

/** A window's name and sizes, without its line ids (what adding a line needs of it). */
export async function findWindowSizes(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
): Promise<Pick<WindowRow, 'id' | 'name' | 'width' | 'height'> | undefined> {
  const [row] = await runNamed<{
    id: number;
    name: string;
    width_value: string | null;
    width_unit: string | null;
    height_value: string | null;
    height_unit: string | null;
  }>(db, WINDOW_SIZES, [windowId, orderId, accountId]);
  return (
    row && {
      id: row.id,
      name: row.name,
      width: measureOf(row.width_value, row.width_unit),
      height: measureOf(row.height_value, row.height_unit),
    }
  );
}

export type WindowValues = {
  name: string;
  quantity: number;
  width: StoredMeasure;
  height: StoredMeasure;
};

const measureColumns = (prefix: 'width' | 'height', m: StoredMeasure) =>
  prefix === 'width'
    ? { widthValue: m?.value ?? null, widthUnit: m?.unit ?? null }
    : { heightValue: m?.value ?? null, heightUnit: m?.unit ?? null };

/** Appends windows after the order's last one; answers their ids in the given order. */
export async function insertWindows(
  db: Db,
  accountId: number,
  orderId: number,
  windows: WindowValues[],
): Promise<number[]> {
  const { rows } = await db.execute<{ next: number }>(sql`
    SELECT COALESCE(MAX(sort_order) + 1, 0) AS next FROM order_windows
     WHERE order_id = ${orderId} AND account_id = ${accountId}`);
  const first = Number(rows[0]?.next ?? 0);
  const inserted = await db
    .insert(orderWindows)
    .values(
      windows.map((w, i) => ({
        accountId,
        orderId,
        name: w.name,
        quantity: w.quantity,
        ...measureColumns('width', w.width),
        ...measureColumns('height', w.height),
        sortOrder: first + i,
      })),
    )
    .returning({ id: orderWindows.id, sortOrder: orderWindows.sortOrder });
  return inserted.sort((a, b) => a.sortOrder - b.sortOrder).map((r) => r.id);
}

export async function updateWindowRow(
  db: Db,
  accountId: number,
  windowId: number,
  values: WindowValues,
): Promise<void> {
  await db
    .update(orderWindows)
    .set({
      name: values.name,
      quantity: values.quantity,
      ...measureColumns('width', values.width),
      ...measureColumns('height', values.height),
    })
    .where(and(eq(orderWindows.id, windowId), eq(orderWindows.accountId, accountId)));
}

/** Removes the window; its lines go with it (ON DELETE CASCADE). */
export async function deleteWindowRow(db: Db, accountId: number, windowId: number): Promise<void> {
  await db
    .delete(orderWindows)
    .where(and(eq(orderWindows.id, windowId), eq(orderWindows.accountId, accountId)));
}

/**
 * Renumbers the order's windows 0..n-1 in their order, leaving a gap right after `windowId`;
 * answers the free position.
 */
export async function openGapAfterWindow(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
): Promise<number> {
  const { rows } = await db.execute<{ pos: number }>(sql`
    WITH ranked AS (
      SELECT id, (row_number() OVER (ORDER BY sort_order, id))::int - 1 AS pos
        FROM order_windows WHERE order_id = ${orderId} AND account_id = ${accountId}
    ), target AS (SELECT pos FROM ranked WHERE id = ${windowId})
    UPDATE order_windows w
       SET sort_order = ranked.pos + CASE WHEN ranked.pos > (SELECT pos FROM target) THEN 1 ELSE 0 END
      FROM ranked
     WHERE w.id = ranked.id
    RETURNING (SELECT pos FROM target) AS pos`);
  return Number(rows[0]!.pos) + 1;
}

const lineCopyColumns = sql.raw(`product_id, catalog_version_id, quantity, width_value, width_unit,
  height_value, height_unit, option_keys, notes, site_mount, is_taxable, has_freight, has_installation,
  markup_type, markup_value, markup_source, cost_price, sell_price, errors, sort_order`);

/**
 * Copies windows of `fromOrderId` (all, or those `windowIds`) with every line into `toOrderId`
 * (the same account), in one statement. `sortOrder` places a single copied window and `name`
 * names it; without them the copies keep their sort orders and names. `manufacturerId` copies
 * only that supplier's lines, and only the windows holding one; `linkCopies` records each copied
 * line's source in `copied_from_line_id`. Answers the new window ids in the source windows' order.
 */
export async function copyWindows(
  db: Db,
  accountId: number,
  fromOrderId: number,
  toOrderId: number,
  opts: {
    windowIds?: number[];
    sortOrder?: number;
    name?: string;
    manufacturerId?: number;
    linkCopies?: boolean;
  } = {},
): Promise<number[]> {
  const supplierLine = (alias: string) =>
    opts.manufacturerId === undefined
      ? sql``
      : sql`AND ${sql.raw(alias)}.product_id IN (SELECT id FROM products WHERE manufacturer_id = ${opts.manufacturerId})`;
  const only = sql`${opts.windowIds ? sql`AND w.id = ANY(${sql.param(opts.windowIds)}::int[])` : sql``} ${
    opts.manufacturerId === undefined
      ? sql``
      : sql`AND EXISTS (SELECT 1 FROM order_lines sl WHERE sl.order_window_id = w.id ${supplierLine('sl')})`
  }`;
  const copiedFrom = opts.linkCopies ? sql`l.id` : sql`NULL::int`;
  const sortOrder = opts.sortOrder === undefined ? sql`src.sort_order` : sql`${opts.sortOrder}::int`;
  const name = opts.name === undefined ? sql`src.name` : sql`${opts.name}::text`;
  const { rows } = await db.execute<{ id: number }>(sql`
    WITH src AS (
      SELECT w.*, nextval(pg_get_serial_sequence('order_windows', 'id'))::int AS new_id
        FROM order_windows w
       WHERE w.order_id = ${fromOrderId} AND w.account_id = ${accountId} ${only}
    ), new_windows AS (
      INSERT INTO order_windows (id, account_id, order_id, name, quantity, width_value, width_unit,
                                 height_value, height_unit, sort_order)
      SELECT src.new_id, src.account_id, ${toOrderId}::int, ${name}, src.quantity, src.width_value,
             src.width_unit, src.height_value, src.height_unit, ${sortOrder}
        FROM src
      RETURNING id
    ), new_lines AS (
      INSERT INTO order_lines (account_id, order_id, order_window_id, copied_from_line_id, ${lineCopyColumns})
      SELECT l.account_id, ${toOrderId}::int, src.new_id, ${copiedFrom}, ${sql.raw(
        `l.product_id, l.catalog_version_id, l.quantity, l.width_value, l.width_unit,
         l.height_value, l.height_unit, l.option_keys, l.notes, l.site_mount, l.is_taxable, l.has_freight,
         l.has_installation, l.markup_type, l.markup_value, l.markup_source, l.cost_price, l.sell_price,
         l.errors, l.sort_order`,
      )}
        FROM order_lines l JOIN src ON src.id = l.order_window_id
       WHERE l.account_id = ${accountId} ${supplierLine('l')}
       ORDER BY l.sort_order, l.id
      RETURNING id
    )
    SELECT src.new_id AS id FROM src ORDER BY src.sort_order, src.id`);
  return rows.map((r) => Number(r.id));
}

// ── Lines ───────────────────────────────────────────────────────────────────────────────────

/** A line as stored, with what its catalog version says of its product. */
export type LineRow = {
  id: number;
  orderId: number;
  orderWindowId: number;
  windowName: string;
  productId: number;
  catalogVersionId: number;
  catalogVersionNumber: number;
  latestCatalogVersionNumber: number;
  manufacturerId: number;
  quantity: number;
  width: StoredMeasure;
  height: StoredMeasure;
  optionKeys: string[];
  notes: string;
  siteMount: string;
  isTaxable: boolean;
  hasFreight: boolean;
  hasInstallation: boolean;
  markup: MarkupRule;
  costPrice: string | null;
  sellPrice: string | null;
  errors: string[];
  productName: string;
  brandId: number;
  brandName: string;
  disableFineFractions: boolean;
  categoryId: number;
  categoryName: string;
  hasWidth: boolean;
  hasHeight: boolean;
  hasQuantity: boolean;
};

type LineSelect = {
  id: number;
  order_id: number;
  order_window_id: number;
  window_name: string;
  product_id: number;
  catalog_version_id: number;
  catalog_version_number: number;
  latest_number: number;
  manufacturer_id: number;
  quantity: number;
  width_value: string | null;
  width_unit: string | null;
  height_value: string | null;
  height_unit: string | null;
  option_keys: string[];
  notes: string;
  site_mount: string;
  is_taxable: boolean;
  has_freight: boolean;
  has_installation: boolean;
  markup_type: MarkupRule['type'];
  markup_value: string;
  markup_source: MarkupRule['source'];
  cost_price: string | null;
  sell_price: string | null;
  errors: string[];
  product_name: string;
  brand_id: number;
  brand_name: string;
  disable_fine_fractions: boolean;
  category_id: number;
  category_name: string;
  has_width: boolean;
  has_height: boolean;
  has_quantity: boolean;
};

const toLine = (r: LineSelect): LineRow => ({
  id: r.id,
  orderId: r.order_id,
  orderWindowId: r.order_window_id,
  windowName: r.window_name,
  productId: r.product_id,
  catalogVersionId: r.catalog_version_id,
  catalogVersionNumber: r.catalog_version_number,
  latestCatalogVersionNumber: Number(r.latest_number),
  manufacturerId: r.manufacturer_id,
  quantity: r.quantity,
  width: measureOf(r.width_value, r.width_unit),
  height: measureOf(r.height_value, r.height_unit),
  optionKeys: r.option_keys,
  notes: r.notes,
  siteMount: r.site_mount,
  isTaxable: r.is_taxable,
  hasFreight: r.has_freight,
  hasInstallation: r.has_installation,
  markup: { type: r.markup_type, value: r.markup_value, source: r.markup_source },
  costPrice: r.cost_price,
  sellPrice: r.sell_price,
  errors: r.errors,
  productName: r.product_name,
  brandId: r.brand_id,
  brandName: r.brand_name,
  disableFineFractions: r.disable_fine_fractions,
  categoryId: r.category_id,
  categoryName: r.category_name,
  hasWidth: r.has_width,
  hasHeight: r.has_height,
  hasQuantity: r.has_quantity,
});

export type LineFilter = { lineIds?: number[]; windowIds?: number[] };

/** Lines of the orders in window order, then line order; optionally only some lines or windows. */
export async function findLines(
  db: Db,
  accountId: number,
  orderIds: number[],
  filter: LineFilter = {},
): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  if (filter.lineIds?.length === 0 || filter.windowIds?.length === 0) return [];
  const { rows } = await db.execute<LineSelect>(sql`
    SELECT l.id, l.order_id, l.order_window_id, w.name AS window_name, l.product_id,
           l.catalog_version_id, cv.number AS catalog_version_number,
           (SELECT MAX(c2.number) FROM catalog_versions c2 WHERE c2.manufacturer_id = cv.manufacturer_id)
             AS latest_number,
           cv.manufacturer_id, l.quantity, l.width_value, l.width_unit, l.height_value, l.height_unit,
           l.option_keys, l.notes, l.site_mount, l.is_taxable, l.has_freight, l.has_installation,
           l.markup_type, l.markup_value, l.markup_source, l.cost_price, l.sell_price, l.errors,
           pv.name AS product_name, b.id AS brand_id, b.name AS brand_name,
           b.disable_fine_fractions, pc.id AS category_id, pc.name AS category_name,
           pv.has_width, pv.has_height, pv.has_quantity
      FROM order_lines l
      JOIN order_windows w ON w.id = l.order_window_id
      JOIN catalog_versions cv ON cv.id = l.catalog_version_id
      JOIN product_versions pv ON pv.product_id = l.product_id AND pv.catalog_version_id = l.catalog_version_id
      JOIN brands b ON b.id = pv.brand_id
      JOIN product_categories pc ON pc.id = pv.category_id
     WHERE l.account_id = ${accountId} AND l.order_id = ANY(${sql.param(orderIds)}::int[])
       ${filter.lineIds ? sql`AND l.id = ANY(${sql.param(filter.lineIds)}::int[])` : sql``}
       ${filter.windowIds ? sql`AND l.order_window_id = ANY(${sql.param(filter.windowIds)}::int[])` : sql``}
     ORDER BY l.order_id, w.sort_order, w.id, l.sort_order, l.id`);
  return rows.map(toLine);
}

/**
 * A whole order's lines as stored, with their window's name, in window order, then line order:
 * what reading a quote needs of each line. What each line shows of its product comes from
 * findLineProducts, once per (product, catalog version) rather than once per line.
 */
export type StoredLine = {
  id: number;
  order_window_id: number;
  window_name: string;
  product_id: number;
  catalog_version_id: number;
  quantity: number;
  width_value: string | null;
  width_unit: string | null;
  height_value: string | null;
  height_unit: string | null;
  option_keys: string[];
  notes: string;
  site_mount: string;
  is_taxable: boolean;
  has_freight: boolean;
  has_installation: boolean;
  markup_type: MarkupRule['type'];
  markup_value: string;
  markup_source: MarkupRule['source'];
  cost_price: string | null;
  sell_price: string | null;
  errors: string[];
};

export async function findOrderLines(db: Db, accountId: number, orderId: number): Promise<StoredLine[]> {
  const { rows } = await db.execute<StoredLine>(sql`
    SELECT l.id, l.order_window_id, w.name AS window_name, l.product_id, l.catalog_version_id, l.quantity,
           l.width_value, l.width_unit, l.height_value, l.height_unit, l.option_keys, l.notes, l.site_mount,
           l.is_taxable, l.has_freight, l.has_installation, l.markup_type, l.markup_value, l.markup_source,
           l.cost_price, l.sell_price, l.errors
      FROM order_lines l
      JOIN order_windows w ON w.id = l.order_window_id
     WHERE l.account_id = ${accountId} AND l.order_id = ${orderId}
     ORDER BY w.sort_order, w.id, l.sort_order, l.id`);
  return rows;
}

/** What lines show of a product in a catalog version (LineRow's product part) and its option groups. */
export type LineProduct = Pick<
  LineRow,
  | 'catalogVersionNumber'
  | 'latestCatalogVersionNumber'
  | 'manufacturerId'
  | 'productName'
  | 'brandId'
  | 'brandName'
  | 'disableFineFractions'
  | 'categoryId'
  | 'categoryName'
  | 'hasWidth'
  | 'hasHeight'
  | 'hasQuantity'
> & { optionGroups: ProductDefinition['optionGroups'] };

/** A line of findOrderLines with its product as findLineProducts read it. */
export function lineOfOrder(orderId: number, r: StoredLine, p: LineProduct): LineRow {
  return {
    id: r.id,
    orderId,
    orderWindowId: r.order_window_id,
    windowName: r.window_name,
    productId: r.product_id,
    catalogVersionId: r.catalog_version_id,
    catalogVersionNumber: p.catalogVersionNumber,
    latestCatalogVersionNumber: p.latestCatalogVersionNumber,
    manufacturerId: p.manufacturerId,
    quantity: r.quantity,
    width: measureOf(r.width_value, r.width_unit),
    height: measureOf(r.height_value, r.height_unit),
    optionKeys: r.option_keys,
    notes: r.notes,
    siteMount: r.site_mount,
    isTaxable: r.is_taxable,
    hasFreight: r.has_freight,
    hasInstallation: r.has_installation,
    markup: { type: r.markup_type, value: r.markup_value, source: r.markup_source },
    costPrice: r.cost_price,
    sellPrice: r.sell_price,
    errors: r.errors,
    productName: p.productName,
    brandId: p.brandId,
    brandName: p.brandName,
    disableFineFractions: p.disableFineFractions,
    categoryId: p.categoryId,
    categoryName: p.categoryName,
    hasWidth: p.hasWidth,
    hasHeight: p.hasHeight,
    hasQuantity: p.hasQuantity,
  };
}

/** Each (product, catalog version)'s LineProduct, keyed `${productId}:${catalogVersionId}`. */
export async function findLineProducts(
  db: Db,
  pairs: { product_id: number; catalog_version_id: number }[],
): Promise<Map<string, LineProduct>> {
  const out = new Map<string, LineProduct>();
  const unique = [...new Map(pairs.map((p) => [`${p.product_id}:${p.catalog_version_id}`, p])).values()];
  if (unique.length === 0) return out;
  const { rows } = await db.execute<{
    product_id: number;
    catalog_version_id: number;
    catalog_version_number: number;
    latest_number: number;
    manufacturer_id: number;
    product_name: string;
    brand_id: number;
    brand_name: string;
    disable_fine_fractions: boolean;
    category_id: number;
    category_name: string;
    has_width: boolean;
    has_height: boolean;
    has_quantity: boolean;
    option_groups: ProductDefinition['optionGroups'];
  }>(sql`
    SELECT pv.product_id, pv.catalog_version_id, cv.number AS catalog_version_number,
           (SELECT MAX(c2.number) FROM catalog_versions c2 WHERE c2.manufacturer_id = cv.manufacturer_id)
             AS latest_number,
           cv.manufacturer_id, pv.name AS product_name, b.id AS brand_id, b.name AS brand_name,
           b.disable_fine_fractions, pc.id AS category_id, pc.name AS category_name,
           pv.has_width, pv.has_height, pv.has_quantity, pv.definition -> 'optionGroups' AS option_groups
      FROM unnest(${sql.param(unique.map((p) => p.product_id))}::int[], ${sql.param(unique.map((p) => p.catalog_version_id))}::int[])
           AS want(product_id, catalog_version_id)
      JOIN product_versions pv ON pv.product_id = want.product_id AND pv.catalog_version_id = want.catalog_version_id
      JOIN catalog_versions cv ON cv.id = pv.catalog_version_id
      JOIN brands b ON b.id = pv.brand_id
      JOIN product_categories pc ON pc.id = pv.category_id`);
  for (const r of rows)
    out.set(`${r.product_id}:${r.catalog_version_id}`, {
      catalogVersionNumber: r.catalog_version_number,
      latestCatalogVersionNumber: Number(r.latest_number),
      manufacturerId: r.manufacturer_id,
      productName: r.product_name,
      brandId: r.brand_id,
      brandName: r.brand_name,
      disableFineFractions: r.disable_fine_fractions,
      categoryId: r.category_id,
      categoryName: r.category_name,
      hasWidth: r.has_width,
      hasHeight: r.has_height,
      hasQuantity: r.has_quantity,
      optionGroups: r.option_groups,
    });
  return out;
}

export async function findLine(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
  lineId: number,
): Promise<LineRow | undefined> {
  const [line] = await findLines(db, accountId, [orderId], { lineIds: [lineId], windowIds: [windowId] });
  return line;
}

type VersionPair = { productId: number; catalogVersionId: number };

/** One JSON part of each (product, catalog version)'s definition, keyed `${productId}:${catalogVersionId}`. */
async function definitionParts(
  db: Db,
  pairs: VersionPair[],
  part: ReturnType<typeof sql>,
): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const unique = [...new Map(pairs.map((p) => [`${p.productId}:${p.catalogVersionId}`, p])).values()];
  if (unique.length === 0) return out;
  const { rows } = await db.execute<{ product_id: number; catalog_version_id: number; part: unknown }>(sql`
    SELECT pv.product_id, pv.catalog_version_id, ${part} AS part
      FROM product_versions pv
      JOIN unnest(${sql.param(unique.map((p) => p.productId))}::int[], ${sql.param(unique.map((p) => p.catalogVersionId))}::int[])
           AS want(product_id, catalog_version_id)
        ON want.product_id = pv.product_id AND want.catalog_version_id = pv.catalog_version_id`);
  for (const r of rows) out.set(`${r.product_id}:${r.catalog_version_id}`, r.part);
  return out;
}

/** The option groups of each (product, catalog version), without the price grids and rules. */
export async function findOptionGroups(
  db: Db,
  pairs: VersionPair[],
): Promise<Map<string, Pick<ProductDefinition, 'optionGroups'>>> {
  const parts = await definitionParts(db, pairs, sql`pv.definition -> 'optionGroups'`);
  return new Map(
    [...parts].map(([key, groups]) => [key, { optionGroups: groups as ProductDefinition['optionGroups'] }]),
  );
}

/** The whole definitions of products in catalog versions (grids, options, rules). */
export async function findDefinitions(db: Db, pairs: VersionPair[]): Promise<Map<string, ProductDefinition>> {
  return (await definitionParts(db, pairs, sql`pv.definition`)) as Map<string, ProductDefinition>;
}

export type LinePriceValues = {
  catalogVersionId: number;
  markup: MarkupRule;
  costPrice: string | null;
  sellPrice: string | null;
  errors: string[];
};

export type LineValues = LinePriceValues & {
  quantity: number;
  width: StoredMeasure;
  height: StoredMeasure;
  optionKeys: string[];
  notes: string;
  siteMount: string;
  isTaxable: boolean;
  hasFreight: boolean;
  hasInstallation: boolean;
};

const lineColumns = (v: LineValues) => ({
  quantity: v.quantity,
  ...measureColumns('width', v.width),
  ...measureColumns('height', v.height),
  optionKeys: v.optionKeys,
  notes: v.notes,
  siteMount: v.siteMount,
  isTaxable: v.isTaxable,
  hasFreight: v.hasFreight,
  hasInstallation: v.hasInstallation,
  ...priceColumns(v),
});

const priceColumns = (v: LinePriceValues) => ({
  catalogVersionId: v.catalogVersionId,
  markupType: v.markup.type,
  markupValue: v.markup.value,
  markupSource: v.markup.source,
  costPrice: v.costPrice,
  sellPrice: v.sellPrice,
  errors: v.errors,
});

const STORED_COLUMNS = `id, order_window_id, product_id, catalog_version_id, quantity, width_value, width_unit,
  height_value, height_unit, option_keys, notes, site_mount, is_taxable, has_freight, has_installation,
  markup_type, markup_value, markup_source, cost_price, sell_price, errors`;

const INSERT_LINE = namedStatement(
  'order_line_insert',
  `INSERT INTO order_lines (account_id, order_id, order_window_id, product_id, catalog_version_id, quantity,
          width_value, width_unit, height_value, height_unit, option_keys, notes, site_mount, is_taxable,
          has_freight, has_installation, markup_type, markup_value, markup_source, cost_price, sell_price,
          errors, sort_order)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16, $17, $18, $19, $20,
          $21, $22::jsonb,
          -- With order_id too, order_lines_order_idx answers MAX from its end, however long the window.
          (SELECT COALESCE(MAX(sort_order) + 1, 0) FROM order_lines WHERE order_id = $2 AND order_window_id = $3))
   RETURNING ${STORED_COLUMNS}`,
);

/** Adds a line at the end of its window; answers it as stored (its window's name aside). */
export async function insertLine(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
  productId: number,
  v: LineValues,
): Promise<Omit<StoredLine, 'window_name'>> {
  const [row] = await runNamed<Omit<StoredLine, 'window_name'>>(db, INSERT_LINE, [
    accountId,
    orderId,
    windowId,
    productId,
    v.catalogVersionId,
    v.quantity,
    v.width?.value ?? null,
    v.width?.unit ?? null,
    v.height?.value ?? null,
    v.height?.unit ?? null,
    JSON.stringify(v.optionKeys),
    v.notes,
    v.siteMount,
    v.isTaxable,
    v.hasFreight,
    v.hasInstallation,
    v.markup.type,
    v.markup.value,
    v.markup.source,
    v.costPrice,
    v.sellPrice,
    JSON.stringify(v.errors),
  ]);
  return row!;
}

export async function updateLineRow(
  db: Db,
  accountId: number,
  lineId: number,
  values: LineValues,
): Promise<void> {
  await db
    .update(orderLines)
    .set({ ...lineColumns(values), updatedAt: sql`now()` })
    .where(and(eq(orderLines.id, lineId), eq(orderLines.accountId, accountId)));
}

export async function updateLinePrice(
  db: Db,
  accountId: number,
  lineId: number,
  values: LinePriceValues,
): Promise<void> {
  await db
    .update(orderLines)
    .set({ ...priceColumns(values), updatedAt: sql`now()` })
    .where(and(eq(orderLines.id, lineId), eq(orderLines.accountId, accountId)));
}

export async function deleteLineRow(db: Db, accountId: number, lineId: number): Promise<void> {
  await db.delete(orderLines).where(and(eq(orderLines.id, lineId), eq(orderLines.accountId, accountId)));
}

export type OrderSummaryRow = {
  orderId: number;
  totalQuantity: number;
  orderLineCount: number;
  errorLineCount: number;
  totalSellPrice: string;
};

/** Per order: Σ quantity, line count, lines with errors and the exact Σ sell price ("0.00" when none). */
export async function summariseOrders(
  db: Db,
  accountId: number,
  orderIds: number[],
): Promise<OrderSummaryRow[]> {
  if (orderIds.length === 0) return [];
  const { rows } = await db.execute<{
    order_id: number;
    total_quantity: string;
    line_count: string;
    error_count: string;
    total_sell: string;
  }>(sql`
    SELECT l.order_id, COALESCE(SUM(l.quantity), 0) AS total_quantity, COUNT(*) AS line_count,
           COUNT(*) FILTER (WHERE jsonb_array_length(l.errors) > 0) AS error_count,
           COALESCE(SUM(l.sell_price), 0)::numeric(16, 2)::text AS total_sell
      FROM order_lines l
     WHERE l.account_id = ${accountId} AND l.order_id = ANY(${sql.param(orderIds)}::int[])
     GROUP BY l.order_id`);
  return rows.map((r) => ({
    orderId: r.order_id,
    totalQuantity: Number(r.total_quantity),
    orderLineCount: Number(r.line_count),
    errorLineCount: Number(r.error_count),
    totalSellPrice: r.total_sell,
  }));
}

// ── Pricing inputs ──────────────────────────────────────────────────────────────────────────

type RuleValues = Omit<MarkupRule, 'source'>;

const MARKUP_RULES = namedStatement(
  'markup_rules',
  `SELECT override_type AS kind, adjustment_type AS type, adjustment_value AS value
     FROM markup_overrides
    WHERE account_id = $1
      AND ((override_type = 'PRODUCT' AND product_id = $2) OR (override_type = 'CATEGORY' AND category_id = $3))
   UNION ALL
   SELECT 'ACCOUNT', account_adjustment_type, account_adjustment_value
     FROM dealer_settings WHERE account_id = $1`,
);

/** The account's markup rules that could apply to a product: its override, its category's, the account's. */
export async function findMarkupRules(
  db: Db,
  accountId: number,
  productId: number,
  categoryId: number,
): Promise<{ product?: RuleValues; category?: RuleValues; account: RuleValues }> {
  const rows = await runNamed<{ kind: string; type: RuleValues['type']; value: string }>(db, MARKUP_RULES, [
    accountId,
    productId,
    categoryId,
  ]);
  const pick = (kind: string) => {
    const r = rows.find((x) => x.kind === kind);
    return r ? { type: r.type, value: r.value } : undefined;
  };
  // Without a dealer settings row yet, the settings' own defaults apply.
  return {
    product: pick('PRODUCT'),
    category: pick('CATEGORY'),
    account: pick('ACCOUNT') ?? { type: 'PERCENT_MARK_UP', value: '40' },
  };
}

/** The company's measure system (from its country). */
export async function findMeasureSystem(db: Db, accountId: number): Promise<'METRIC' | 'IMPERIAL'> {
  const { rows } = await db.execute<{ measure_system: 'METRIC' | 'IMPERIAL' }>(sql`
    SELECT c.measure_system FROM companies co JOIN countries c ON c.id = co.country_id
     WHERE co.account_id = ${accountId} LIMIT 1`);
  return rows[0]?.measure_system ?? 'METRIC';
}

/** The names of the account's users, for the sales rep picker. */
export async function findUserNames(db: Db, accountId: number): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(sql`
    SELECT DISTINCT COALESCE(NULLIF(btrim(first_name || ' ' || last_name), ''), username) AS name
      FROM users WHERE account_id = ${accountId}`);
  return rows.map((r) => r.name);
}

/** How many lines the order holds. */
export async function countOrderLines(db: Db, accountId: number, orderId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM order_lines WHERE order_id = ${orderId} AND account_id = ${accountId}`);
  return Number(rows[0]?.n ?? 0);
}
