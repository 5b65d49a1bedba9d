import {
  type addOrderLine,
  type getOrderLineOptions,
  type LineErrorCodeName,
  lineErrorMessages,
  measurementMessages,
  type OrderLine,
  type OrderWindow,
  type updateOrderLine,
  type updateOrderWindow,
} from '@slat/contracts';
import {
  chooseMarkupRule,
  formatMeasure,
  fromScaled,
  type MarkupRule,
  type Measure,
  type MeasureUnit,
  measureProblem,
  type ProductDefinition,
  parseInches,
  priceLine,
  toScaled,
  unitOfSystem,
} from '@slat/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import { quotableProduct } from '../catalog/index';
import * as repo from './order-lines.repository';
import { ownerOf } from './order-owners';

/**
 * Windows and order lines, once for quotes and purchase orders. Every write runs in one
 * transaction that first locks the order's row and checks it is not read-only, so a concurrent
 * accept cannot slip in between; it moves the order's and its deal quote's timestamps.
 */

type OrderKind = repo.OrderKind;
type StoredMeasure = repo.StoredMeasure;

// ── For other code (deal quotes, purchase orders) ──────────────────────────────────────────

/** A new, empty order of the account. */
export async function createOrder(db: Db, accountId: number, kind: OrderKind): Promise<number> {
  return repo.insertOrder(db, accountId, kind);
}

/** The order's lines as the §3 Order line, in window order, then line order. */
export async function orderLinesOf(db: Db, accountId: number, orderId: number): Promise<OrderLine[]> {
  return (await orderLinesWithSummary(db, accountId, orderId)).orderLines;
}

export type OrderSummary = {
  totalQuantity: number;
  orderLineCount: number;
  errorLineCount: number;
  totalSellPrice: string;
};

/**
 * The order's lines as the §3 Order line (window order, then line order) and their summary
 * (what orderSummaries answers for the order), from one read of the lines and one of their
 * products (each product in each catalog version once, however many lines show it).
 */
export async function orderLinesWithSummary(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<{ orderLines: OrderLine[]; summary: OrderSummary }> {
  const stored = await repo.findOrderLines(db, accountId, orderId);
  const products = await repo.findLineProducts(db, stored);
  const orderLines: OrderLine[] = [];
  let totalQuantity = 0;
  let errorLineCount = 0;
  let totalSell = 0n;
  for (const r of stored) {
    totalQuantity += r.quantity;
    if (r.errors.length > 0) errorLineCount += 1;
    if (r.sell_price !== null) totalSell += toScaled(r.sell_price);
    const product = products.get(`${r.product_id}:${r.catalog_version_id}`);
    // Every line has its product version (foreign keys); none is shown without it.
    if (product) orderLines.push(lineOut(repo.lineOfOrder(orderId, r, product), product));
  }
  return {
    orderLines,
    summary: {
      totalQuantity,
      orderLineCount: stored.length,
      errorLineCount,
      totalSellPrice: fromScaled(totalSell, 2),
    },
  };
}

/** Per order id (every id present; zeros for an order without lines): Σ quantity, counts, exact Σ sell price. */
export async function orderSummaries(
  db: Db,
  accountId: number,
  orderIds: number[],
): Promise<Map<number, OrderSummary>> {
  const out = new Map<number, OrderSummary>();
  for (const id of orderIds)
    out.set(id, { totalQuantity: 0, orderLineCount: 0, errorLineCount: 0, totalSellPrice: '0.00' });
  for (const { orderId, ...summary } of await repo.summariseOrders(db, accountId, [...new Set(orderIds)]))
    out.set(orderId, summary);
  return out;
}

/** Copies every window of one order, with every line (same catalog version, rule, prices, errors), into another. */
export async function copyOrderContents(
  db: Db,
  accountId: number,
  fromOrderId: number,
  toOrderId: number,
): Promise<void> {
  const [from, to] = await Promise.all([
    repo.findOrderState(db, accountId, fromOrderId),
    repo.findOrderState(db, accountId, toOrderId),
  ]);
  if (!from || !to) throw notFound('Order not found');
  await repo.copyWindows(db, accountId, fromOrderId, toOrderId);
  await ownerOf(to.kind).afterContentsChange(db, accountId, toOrderId);
}

/**
 * Copies chosen windows of one order into another of the same account: `windowIds` (every window
 * when absent; an id not of the source order is a 400 on `field`), only `manufacturerId`'s lines
 * (and the windows holding one) when given, each copy linked to its source line when `linkCopies`.
 * Answers how many lines were copied.
 */
export async function copyOrderWindows(
  db: Db,
  accountId: number,
  fromOrderId: number,
  toOrderId: number,
  opts: { windowIds?: number[]; manufacturerId?: number; linkCopies?: boolean; field?: string } = {},
): Promise<number> {
  const [from, to] = await Promise.all([
    repo.findOrderState(db, accountId, fromOrderId),
    repo.findOrderState(db, accountId, toOrderId),
  ]);
  if (!from || !to) throw notFound('Order not found');
  if (opts.windowIds) {
    const known = new Set((await repo.findWindows(db, accountId, fromOrderId)).map((w) => w.id));
    const unknown = opts.windowIds.find((id) => !known.has(id));
    if (unknown !== undefined)
      throw fieldError(opts.field ?? 'windowIds', `Window ${unknown} is not in this order`);
  }
  const { windowIds, manufacturerId, linkCopies } = opts;
  await repo.copyWindows(db, accountId, fromOrderId, toOrderId, {
    ...(windowIds ? { windowIds } : {}),
    ...(manufacturerId !== undefined ? { manufacturerId } : {}),
    ...(linkCopies ? { linkCopies } : {}),
  });
  await ownerOf(to.kind).afterContentsChange(db, accountId, toOrderId);
  return repo.countOrderLines(db, accountId, toOrderId);
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

function measureOut(m: StoredMeasure) {
  return m && { value: m.value, unit: m.unit, display: formatMeasure(m) };
}

function windowOut(w: repo.WindowRow): OrderWindow {
  return {
    id: w.id,
    order_id: w.orderId,
    name: w.name,
    quantity: w.quantity,
    width: measureOut(w.width),
    height: measureOut(w.height),
    sort_order: w.sortOrder,
    product_ids: w.lineIds,
  };
}

const errorsOut = (codes: readonly string[]) =>
  codes
    .filter((c): c is LineErrorCodeName => c in lineErrorMessages)
    .map((code) => ({ code, message: lineErrorMessages[code] }));

/** The selected options, grouped by their group (catalog order), each with the line's quantity. */
type OptionGroupsOnly = Pick<ProductDefinition, 'optionGroups'>;

function selectedOptionGroups(definition: OptionGroupsOnly | undefined, keys: string[], quantity: number) {
  if (!definition) return [];
  const selected = new Set(keys);
  return definition.optionGroups
    .map((group) => ({
      name: group.name,
      options: group.options
        .filter((o) => selected.has(o.key))
        .map((o) => ({
          value: o.key,
          itemName: o.name,
          price: o.price,
          quantity,
          type: o.type,
          ...(o.type === 'FABRIC' && o.fabric
            ? {
                itemFabricWidth: o.fabric.width,
                itemFabricRepeat: o.fabric.repeat,
                brandName: o.fabric.brand,
                color: o.fabric.colour,
              }
            : {}),
        })),
    }))
    .filter((g) => g.options.length > 0);
}

/**
 * Grid price plus options for one item: costᵢ / quantity, exact (costᵢ was that unit cost ×
 * quantity). `cost` is costᵢ as shown (trimCost).
 */
function unitCost(line: repo.LineRow, cost: string | null): string | null {
  if (line.costPrice === null || line.quantity < 1) return null;
  if (line.quantity === 1) return cost;
  return trimCost(fromScaled(toScaled(line.costPrice) / BigInt(line.quantity), 4));
}

function lineOut(line: repo.LineRow, definition: OptionGroupsOnly | undefined): OrderLine {
  const cost = line.costPrice === null ? null : trimCost(line.costPrice);
  const width = measureOut(line.width);
  const height = measureOut(line.height);
  return {
    id: line.id,
    orderId: line.orderId,
    windowGroupName: line.windowName,
    orderWindowId: line.orderWindowId,
    externalOrderLineId: null,
    quantity: line.quantity,
    costPrice: cost,
    sellPrice: line.sellPrice,
    notes: line.notes,
    siteMount: line.siteMount,
    isTaxable: line.isTaxable,
    hasFreight: line.hasFreight,
    hasInstallation: line.hasInstallation,
    manufacturerId: line.manufacturerId,
    dimensions: { width, height },
    context: {
      configuration: {
        width: width ? width.display : null,
        height: height ? height.display : null,
        optionGroups: selectedOptionGroups(definition, line.optionKeys, line.quantity),
      },
      errors: errorsOut(line.errors),
      product: {
        id: line.productId,
        name: line.productName,
        hasWidth: line.hasWidth,
        hasHeight: line.hasHeight,
        hasQuantity: line.hasQuantity,
        categoryName: line.categoryName,
        brandName: line.brandName,
        disableFineFractions: line.disableFineFractions,
      },
      unitCostPrice: unitCost(line, cost),
      markup: line.markup,
      catalogVersion: {
        id: line.catalogVersionId,
        number: line.catalogVersionNumber,
        isLatest: line.catalogVersionNumber >= line.latestCatalogVersionNumber,
      },
    },
  };
}

/** Cost is stored to 4 decimals; shown with at least 2 ("12.5000" → "12.50", "12.3450" → "12.345"). */
function trimCost(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

const definitionKey = (l: { productId: number; catalogVersionId: number }) =>
  `${l.productId}:${l.catalogVersionId}`;

async function linesOut(db: Db, lines: repo.LineRow[]): Promise<OrderLine[]> {
  // Only the option groups: a line shows its selection, not the price grid it was priced with.
  const definitions = await repo.findOptionGroups(db, lines);
  return lines.map((l) => lineOut(l, definitions.get(definitionKey(l))));
}

async function requireOrder(db: Db, accountId: number, orderId: number): Promise<repo.OrderState> {
  const order = await repo.findOrderState(db, accountId, orderId);
  if (!order) throw notFound('Order not found');
  return order;
}

async function requireWindow(db: Db, accountId: number, orderId: number, windowId: number) {
  const window = await repo.findWindow(db, accountId, orderId, windowId);
  if (!window) throw notFound('Window not found');
  return window;
}

async function requireLine(db: Db, accountId: number, orderId: number, windowId: number, lineId: number) {
  const line = await repo.findLine(db, accountId, orderId, windowId, lineId);
  if (!line) throw notFound('Line not found');
  return line;
}

export async function listWindows(
  db: Db,
  accountId: number,
  orderId: number,
): Promise<{ data: OrderWindow[] }> {
  await requireOrder(db, accountId, orderId);
  return { data: (await repo.findWindows(db, accountId, orderId)).map(windowOut) };
}

type OptionsDisplay = z.output<(typeof getOrderLineOptions)['response']>['data'];

/** What the options frame shows: the line, whether it may change, and its product's options in the line's version. */
export async function lineOptions(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
  lineId: number,
): Promise<{ data: OptionsDisplay }> {
  const order = await requireOrder(db, accountId, orderId);
  const line = await requireLine(db, accountId, orderId, windowId, lineId);
  const definition = (await repo.findDefinitions(db, [line])).get(definitionKey(line));
  const selected = new Set(line.optionKeys);
  return {
    data: {
      line: lineOut(line, definition),
      isReadOnly: order.isReadOnly,
      unit: definition?.unit ?? 'mm',
      optionGroups: (definition?.optionGroups ?? []).map((g) => ({
        key: g.key,
        name: g.name,
        required: g.required,
        options: g.options.map((o) => ({
          key: o.key,
          name: o.name,
          type: o.type,
          price: o.price,
          fabric: o.fabric ?? null,
          selected: selected.has(o.key),
        })),
      })),
      incompatibleOptions: definition?.rules.incompatible ?? [],
    },
  };
}

/** The names a quote or order may name as its sales rep, sorted. */
export async function salesReps(db: Db, accountId: number): Promise<string[]> {
  return (await repo.findUserNames(db, accountId)).sort((a, b) => a.localeCompare(b, 'en'));
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────

/**
 * Runs a write to the order's windows or lines: in one transaction, the order row locked, a
 * read-only order refused with 409 before anything changes, the timestamps moved after.
 */
async function writeOrder<T>(
  db: Db,
  accountId: number,
  orderId: number,
  work: (tx: Db, order: repo.OrderState) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const order = await repo.findOrderState(tx, accountId, orderId, true);
    if (!order) throw notFound('Order not found');
    if (order.isReadOnly) throw new AppError('CONFLICT', ownerOf(order.kind).readOnlyMessage);
    const result = await work(tx, order);
    // The timestamps move, and the owner's cached totals follow the lines, in the same transaction.
    await ownerOf(order.kind).afterContentsChange(tx, accountId, orderId);
    return result;
  });
}

function checkType(order: repo.OrderState, type: 'quote' | 'order' | undefined): void {
  if (type === undefined) return;
  const expected = order.kind === 'QUOTE' ? 'quote' : 'order';
  if (type !== expected)
    throw fieldError(
      'type',
      `This is ${expected === 'quote' ? 'a quote' : 'an order'}: type must be '${expected}'`,
    );
}

function checkPathId(field: string, given: number | undefined, expected: number, what: string): void {
  if (given !== undefined && given !== expected)
    throw fieldError(field, `${field} must be the ${what} in the path`);
}

/**
 * A size as entered (a number or text in `unit`) checked and normalised to the stored plain
 * decimal: whole millimetres; inches in sixteenths (quarters when the brand disables fine
 * fractions). 400 naming `path` when it cannot be a size.
 */
function parseSize(
  input: number | string,
  unit: MeasureUnit,
  path: string,
  disableFineFractions: boolean,
): Measure {
  const text = typeof input === 'number' ? String(input) : input.trim();
  let value: string | undefined;
  if (unit === 'mm') {
    const digits = text.replace(/\s*mm$/i, '').replace(/(\d)[\s\u00a0\u202f](?=\d{3}\b)/g, '$1');
    value = /^\d+$/.test(digits) ? digits.replace(/^0+(?=\d)/, '') : undefined;
    if (value === undefined) throw fieldError(path, measurementMessages.metricWhole);
  } else {
    value = parseInches(text, 16);
    if (value === undefined) throw fieldError(path, measurementMessages.imperialSixteenths);
  }
  const measure = { value, unit };
  const problem = measureProblem(measure, disableFineFractions);
  if (problem) throw fieldError(path, problem);
  return measure;
}

type SizeInput = number | string | null | undefined;

/** A size from a request: undefined when left out, null when cleared. */
function sizeFrom(
  input: SizeInput,
  unit: MeasureUnit,
  path: string,
  disableFineFractions: boolean,
): Measure | null | undefined {
  if (input === undefined || input === null) return input;
  return parseSize(input, unit, path, disableFineFractions);
}

/** A window's size kept for a line, checked against the line's brand. */
function checkedSize(m: StoredMeasure, path: string, disableFineFractions: boolean): StoredMeasure {
  if (!m) return null;
  const problem = measureProblem(m, disableFineFractions);
  if (problem) throw fieldError(path, problem);
  return m;
}

type Flags = { hasWidth: boolean; hasHeight: boolean };

function requireSizes(flags: Flags, width: StoredMeasure, height: StoredMeasure): void {
  if (flags.hasWidth && !width) throw fieldError('width', measurementMessages.required('Width'));
  if (flags.hasHeight && !height) throw fieldError('height', measurementMessages.required('Height'));
}

/** The line's price fields for its inputs, in `definition` (one catalog version) with `rule`. */
function priced(
  definition: ProductDefinition,
  flags: Flags,
  input: { width: StoredMeasure; height: StoredMeasure; quantity: number; optionKeys: string[] },
  rule: MarkupRule,
  catalogVersionId: number,
): repo.LinePriceValues {
  const price = priceLine(definition, flags, input, rule);
  return {
    catalogVersionId,
    markup: rule,
    costPrice: price.cost,
    sellPrice: price.sell,
    errors: price.errors,
  };
}

async function currentRule(db: Db, accountId: number, productId: number, categoryId: number) {
  return chooseMarkupRule(await repo.findMarkupRules(db, accountId, productId, categoryId));
}

async function lineById(db: Db, accountId: number, orderId: number, lineId: number): Promise<OrderLine> {
  const [line] = await linesOut(db, await repo.findLines(db, accountId, [orderId], { lineIds: [lineId] }));
  return line!;
}

type WindowEntry = {
  order_id: number;
  quantity?: number | undefined;
  width?: number | string | null | undefined;
  height?: number | string | null | undefined;
  unit?: MeasureUnit | undefined;
  name?: string | undefined;
};

export async function addWindows(
  db: Db,
  accountId: number,
  orderId: number,
  entries: WindowEntry[],
): Promise<{ data: OrderWindow[] }> {
  return writeOrder(db, accountId, orderId, async (tx) => {
    const defaultUnit = unitOfSystem(await repo.findMeasureSystem(tx, accountId));
    const values = entries.map((e, i): repo.WindowValues => {
      const at = `order_windows[${i}]`;
      if (e.order_id !== orderId)
        throw fieldError(`${at}.order_id`, 'order_id must be the order in the path');
      const unit = e.unit ?? defaultUnit;
      return {
        name: e.name ?? '',
        quantity: e.quantity ?? 1,
        width: sizeFrom(e.width, unit, `${at}.width`, false) ?? null,
        height: sizeFrom(e.height, unit, `${at}.height`, false) ?? null,
      };
    });
    const ids = await repo.insertWindows(tx, accountId, orderId, values);
    const windows = await repo.findWindows(tx, accountId, orderId, ids);
    const byId = new Map(windows.map((w) => [w.id, w]));
    return { data: ids.map((id) => windowOut(byId.get(id)!)) };
  });
}

export async function updateWindow(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
  body: z.output<(typeof updateOrderWindow)['body']>,
): Promise<{ data: OrderWindow }> {
  return writeOrder(db, accountId, orderId, async (tx) => {
    const window = await requireWindow(tx, accountId, orderId, windowId);
    const unit = body.unit ?? unitOfSystem(await repo.findMeasureSystem(tx, accountId));
    const width = sizeFrom(body.width, unit, 'width', false);
    const height = sizeFrom(body.height, unit, 'height', false);
    await repo.updateWindowRow(tx, accountId, windowId, {
      name: body.name ?? window.name,
      quantity: body.quantity ?? window.quantity,
      width: width === undefined ? window.width : width,
      height: height === undefined ? window.height : height,
    });
    return { data: windowOut((await repo.findWindow(tx, accountId, orderId, windowId))!) };
  });
}

export async function deleteWindow(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
): Promise<{ success: true }> {
  return writeOrder(db, accountId, orderId, async (tx) => {
    await requireWindow(tx, accountId, orderId, windowId);
    await repo.deleteWindowRow(tx, accountId, windowId);
    return { success: true as const };
  });
}

const COPY_SUFFIX = ' (copy)';
/** A pasted window's name, 'W1 (copy)': told apart from its original, within the 300 characters a name may have. */
export const copyName = (name: string): string =>
  `${name.slice(0, 300 - COPY_SUFFIX.length)}${COPY_SUFFIX}`.trim();

export async function copyWindow(
  db: Db,
  accountId: number,
  orderId: number,
  body: { order_window_id: number; type?: 'quote' | 'order' | undefined },
): Promise<{ data: OrderWindow }> {
  return writeOrder(db, accountId, orderId, async (tx, order) => {
    checkType(order, body.type);
    const source = await repo.findWindow(tx, accountId, orderId, body.order_window_id);
    if (!source) throw fieldError('order_window_id', 'Window not found');
    const position = await repo.openGapAfterWindow(tx, accountId, orderId, source.id);
    const [id] = await repo.copyWindows(tx, accountId, orderId, orderId, {
      windowIds: [source.id],
      sortOrder: position,
      name: copyName(source.name),
    });
    return { data: windowOut((await repo.findWindow(tx, accountId, orderId, id!))!) };
  });
}

export async function addLine(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
  body: z.output<(typeof addOrderLine)['body']>,
): Promise<{ order_window_product_id: number; data: OrderLine }> {
  return writeOrder(db, accountId, orderId, async (tx) => {
    const window = await repo.findWindowSizes(tx, accountId, orderId, windowId);
    if (!window) throw notFound('Window not found');
    checkPathId('order_id', body.order_id, orderId, 'order');
    checkPathId('order_window_id', body.order_window_id, windowId, 'window');
    const product = await quotableProduct(tx, accountId, body.product_id);
    if (!product) throw fieldError('product_id', 'Product not found');
    if (body.brand_id !== undefined && body.brand_id !== product.brandId)
      throw fieldError('brand_id', 'brand_id is not the product’s brand');
    if (body.category_id !== undefined && body.category_id !== product.categoryId)
      throw fieldError('category_id', 'category_id is not the product’s category');

    const unit = body.unit ?? unitOfSystem(await repo.findMeasureSystem(tx, accountId));
    const fine = product.disableFineFractions;
    const width = product.hasWidth
      ? (sizeFrom(body.width, unit, 'width', fine) ?? checkedSize(window.width, 'width', fine))
      : null;
    const height = product.hasHeight
      ? (sizeFrom(body.height, unit, 'height', fine) ?? checkedSize(window.height, 'height', fine))
      : null;
    requireSizes(product, width, height);
    const quantity = body.quantity ?? 1;
    const optionKeys = body.details?.options ?? [];
    const rule = await currentRule(tx, accountId, product.id, product.categoryId);
    const stored = await repo.insertLine(tx, accountId, orderId, windowId, product.id, {
      quantity,
      width,
      height,
      optionKeys,
      notes: body.notes ?? '',
      siteMount: '',
      isTaxable: true,
      hasFreight: false,
      hasInstallation: false,
      ...priced(
        product.definition,
        product,
        { width, height, quantity, optionKeys },
        rule,
        product.catalogVersion.id,
      ),
    });
    // The answer from what this call already holds: the row as stored, its window's name and
    // the product as the latest catalog version (the line's own) shows it; no second read.
    const line = repo.lineOfOrder(
      orderId,
      { ...stored, window_name: window.name },
      {
        catalogVersionNumber: product.catalogVersion.number,
        latestCatalogVersionNumber: product.catalogVersion.number,
        manufacturerId: product.manufacturerId,
        productName: product.name,
        brandId: product.brandId,
        brandName: product.brandName,
        disableFineFractions: product.disableFineFractions,
        categoryId: product.categoryId,
        categoryName: product.categoryName,
        hasWidth: product.hasWidth,
        hasHeight: product.hasHeight,
        hasQuantity: product.hasQuantity,
        optionGroups: product.definition.optionGroups,
      },
    );
    return { order_window_product_id: stored.id, data: lineOut(line, product.definition) };
  });
}

/** Changes a line (fields left out keep their value) and reprices it in its own catalog version with its own rule. */
export async function updateLine(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
  lineId: number,
  body: z.output<(typeof updateOrderLine)['body']>,
): Promise<{ data: OrderLine }> {
  return writeOrder(db, accountId, orderId, async (tx, order) => {
    const line = await requireLine(tx, accountId, orderId, windowId, lineId);
    checkType(order, body.type);
    const definition = (await repo.findDefinitions(tx, [line])).get(definitionKey(line));
    if (!definition) throw notFound('Line not found');
    const unit = body.unit ?? unitOfSystem(await repo.findMeasureSystem(tx, accountId));
    const fine = line.disableFineFractions;
    const newWidth = sizeFrom(body.width, unit, 'width', fine);
    const newHeight = sizeFrom(body.height, unit, 'height', fine);
    const width = line.hasWidth ? (newWidth === undefined ? line.width : newWidth) : null;
    const height = line.hasHeight ? (newHeight === undefined ? line.height : newHeight) : null;
    requireSizes(line, width, height);
    const quantity = body.quantity === undefined ? line.quantity : (body.quantity ?? 1);
    const optionKeys = body.details?.options ?? line.optionKeys;
    await repo.updateLineRow(tx, accountId, lineId, {
      quantity,
      width,
      height,
      optionKeys,
      notes: body.notes ?? line.notes,
      siteMount: body.site_mount ?? line.siteMount,
      isTaxable: body.is_taxable ?? line.isTaxable,
      hasFreight: body.has_freight ?? line.hasFreight,
      hasInstallation: body.has_installation ?? line.hasInstallation,
      ...priced(
        definition,
        line,
        { width, height, quantity, optionKeys },
        line.markup,
        line.catalogVersionId,
      ),
    });
    return { data: await lineById(tx, accountId, orderId, lineId) };
  });
}

export async function deleteLine(
  db: Db,
  accountId: number,
  orderId: number,
  windowId: number,
  lineId: number,
): Promise<{ success: true }> {
  return writeOrder(db, accountId, orderId, async (tx) => {
    await requireLine(tx, accountId, orderId, windowId, lineId);
    await repo.deleteLineRow(tx, accountId, lineId);
    return { success: true as const };
  });
}

/**
 * Reprices lines in their supplier's latest catalog version with today's markup rule: the lines
 * of `order_window_ids`, or the lines `ids`, or every line. A line whose product the account may
 * no longer quote keeps its price; `recalculated` counts the lines repriced.
 */
export async function recalculate(
  db: Db,
  accountId: number,
  orderId: number,
  body: {
    order_id?: number | undefined;
    type?: 'quote' | 'order' | undefined;
    order_window_ids?: number[] | undefined;
    ids?: number[] | undefined;
  },
): Promise<{ data: { recalculated: number } }> {
  return writeOrder(db, accountId, orderId, async (tx, order) => {
    checkPathId('order_id', body.order_id, orderId, 'order');
    checkType(order, body.type);
    let filter: repo.LineFilter = {};
    if (body.order_window_ids) {
      const windowIds = [...new Set(body.order_window_ids)];
      const found = await repo.findWindows(tx, accountId, orderId, windowIds);
      if (found.length !== windowIds.length) throw fieldError('order_window_ids', 'Window not found');
      filter = { windowIds };
    } else if (body.ids) filter = { lineIds: [...new Set(body.ids)] };
    const lines = await repo.findLines(tx, accountId, [orderId], filter);
    if (filter.lineIds && lines.length !== filter.lineIds.length) throw fieldError('ids', 'Line not found');

    const products = new Map<number, Awaited<ReturnType<typeof quotableProduct>>>();
    let recalculated = 0;
    for (const line of lines) {
      if (!products.has(line.productId))
        products.set(line.productId, await quotableProduct(tx, accountId, line.productId));
      const product = products.get(line.productId);
      if (!product) continue;
      const rule = await currentRule(tx, accountId, product.id, product.categoryId);
      const width = product.hasWidth ? line.width : null;
      const height = product.hasHeight ? line.height : null;
      await repo.updateLinePrice(
        tx,
        accountId,
        line.id,
        priced(
          product.definition,
          product,
          { width, height, quantity: line.quantity, optionKeys: line.optionKeys },
          rule,
          product.catalogVersion.id,
        ),
      );
      recalculated += 1;
    }
    return { data: { recalculated } };
  });
}
