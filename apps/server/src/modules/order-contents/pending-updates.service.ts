import type { getQuotePendingUpdates, OrderLine, pendingUpdatesSchema } from '@slat/contracts';
import {
  type CatalogOption,
  chooseMarkupRule,
  compareDecimals,
  type MarkupRule,
  type OptionGroup,
  type PricingLine,
  type ProductDefinition,
  priceLine,
} from '@slat/domain';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { type QuotableProduct, quotableProduct } from '../catalog/index';
import * as lineRepo from './order-lines.repository';

/**
 * Supplier price changes (§3 Pending updates) on a quote's or a purchase order's lines, derived
 * on every read, never stored. An open order's line has a pending update when its catalog version is not its
 * supplier's latest and its product's definition differs between the two: `pricing` (the price
 * grid or an option's price), `fabric` (the FABRIC options), `rule` (rules, option groups,
 * required flags, size limits, unit). Our catalog format has no cost padding, freight,
 * installation or surcharges: those flags are false. Read-only orders (accepted or archived
 * quotes, submitted or archived purchase orders) never have pending updates. 'Update now' is recalculate (order-lines.service), which moves
 * every line to the latest version with today's markup rule: the numbers here are what it would do.
 */

export type PendingUpdates = z.infer<typeof pendingUpdatesSchema>;
type PendingUpdatesAnswer = z.output<(typeof getQuotePendingUpdates)['response']>;
type Changes = { pricing: boolean; fabric: boolean; rule: boolean };

export const noPendingUpdates = (): PendingUpdates => ({
  hasPendingUpdates: false,
  orderUpdates: { hasSurchargesUpdates: false, hasFreightUpdates: false, hasInstallationUpdates: false },
  products: [],
});

/** JSON with object keys sorted: equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

const optionsOf = (d: ProductDefinition) => d.optionGroups.flatMap((g) => g.options);
/** Option key → price, prices compared as decimals ("12.1" is "12.10"). */
function pricesDiffer(before: ProductDefinition, after: ProductDefinition): boolean {
  const afterPrices = new Map(optionsOf(after).map((o) => [o.key, o.price]));
  return optionsOf(before).some((o) => {
    const price = afterPrices.get(o.key);
    return price !== undefined && compareDecimals(price, o.price) !== 0;
  });
}
/** A FABRIC option as it shows, without its price (a price change is `pricing`). */
const fabricShape = (o: CatalogOption) => ({ key: o.key, name: o.name, fabric: o.fabric ?? null });
const fabricsOf = (d: ProductDefinition) =>
  optionsOf(d)
    .filter((o) => o.type === 'FABRIC')
    .map(fabricShape)
    .sort((a, b) => a.key.localeCompare(b.key));
/** The option groups without prices and without the FABRIC options' details. */
const structureOf = (groups: OptionGroup[]) =>
  groups.map((g) => ({
    key: g.key,
    name: g.name,
    required: g.required,
    options: g.options.map((o) => (o.type === 'FABRIC' ? { key: o.key, type: o.type } : { ...o, price: '' })),
  }));

/** What differs between a product's definition in two catalog versions. */
export function definitionChanges(before: ProductDefinition, after: ProductDefinition): Changes {
  return {
    pricing: !same(before.priceGrid, after.priceGrid) || pricesDiffer(before, after),
    fabric: !same(fabricsOf(before), fabricsOf(after)),
    rule:
      !same(before.rules, after.rules) ||
      !same(structureOf(before.optionGroups), structureOf(after.optionGroups)) ||
      !same(before.sizeLimits, after.sizeLimits) ||
      before.unit !== after.unit,
  };
}

const anyChange = (c: Changes) => c.pricing || c.fabric || c.rule;

/** What a line needs to be compared with its supplier's latest catalog version. */
type LineRef = { lineId: number; productId: number; catalogVersionId: number; isLatest: boolean };

type Comparison = {
  /** Per line id, what changed for it (lines with a pending update only). */
  lines: Map<number, Changes>;
  products: Map<number, QuotableProduct | undefined>;
  pendingUpdates: PendingUpdates;
};

/** Each product's latest quotable version (what recalculate uses), looked up once. */
async function latestProducts(db: Db, accountId: number, productIds: Iterable<number>) {
  const out = new Map<number, QuotableProduct | undefined>();
  for (const id of new Set(productIds)) out.set(id, await quotableProduct(db, accountId, id));
  return out;
}

async function compare(db: Db, accountId: number, readOnly: boolean, refs: LineRef[]): Promise<Comparison> {
  const stale = readOnly ? [] : refs.filter((r) => !r.isLatest);
  if (stale.length === 0)
    return { lines: new Map(), products: new Map(), pendingUpdates: noPendingUpdates() };
  const [products, before] = await Promise.all([
    latestProducts(
      db,
      accountId,
      stale.map((r) => r.productId),
    ),
    lineRepo.findDefinitions(db, stale),
  ]);
  const lines = new Map<number, Changes>();
  const perProduct = new Map<number, Changes>();
  for (const ref of stale) {
    const latest = products.get(ref.productId);
    const old = before.get(`${ref.productId}:${ref.catalogVersionId}`);
    // A product the account may no longer quote keeps its price through recalculate: nothing pending.
    if (!latest || !old || latest.catalogVersion.id === ref.catalogVersionId) continue;
    const changes = definitionChanges(old, latest.definition);
    if (!anyChange(changes)) continue;
    lines.set(ref.lineId, changes);
    const seen = perProduct.get(ref.productId) ?? { pricing: false, fabric: false, rule: false };
    perProduct.set(ref.productId, {
      pricing: seen.pricing || changes.pricing,
      fabric: seen.fabric || changes.fabric,
      rule: seen.rule || changes.rule,
    });
  }
  const pendingUpdates = noPendingUpdates();
  for (const [productId, c] of perProduct)
    pendingUpdates.products.push({
      productId,
      productName: products.get(productId)!.name,
      costPadding: false,
      fabric: c.fabric,
      freight: false,
      installation: false,
      rule: c.rule,
      surcharges: false,
      pricing: c.pricing,
    });
  pendingUpdates.hasPendingUpdates = pendingUpdates.products.length > 0;
  return { lines, products, pendingUpdates };
}

/**
 * The quote detail's context.pendingUpdates from its lines as read (no query at all while every
 * line is on its supplier's latest version, or the quote is read-only).
 */
export async function pendingUpdatesOf(
  db: Db,
  accountId: number,
  readOnly: boolean,
  lines: readonly OrderLine[],
): Promise<PendingUpdates> {
  const refs = lines.map((l) => ({
    lineId: l.id,
    productId: l.context.product.id,
    catalogVersionId: l.context.catalogVersion.id,
    isLatest: l.context.catalogVersion.isLatest,
  }));
  return (await compare(db, accountId, readOnly, refs)).pendingUpdates;
}

/** Cost is stored to 4 decimals; shown with at least 2 ("12.5000" → "12.50", "12.3450" → "12.345"). */
function money(value: string | null): string | null {
  if (value === null) return null;
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.replace(/0+$/, '').padEnd(2, '0')}`;
}

const differs = (a: string | null, b: string | null) =>
  a === null || b === null ? a !== b : compareDecimals(a, b) !== 0;

/** A line as 'Update now' would leave it, beside how it is now (for the owner's totals). */
export type RepricedLine = { now: PricingLine; after: PricingLine };

/** What 'Update now' (recalculate, every line) would do to an order: the flags, the lines that move, every line now and after. */
export type OrderRepricing = {
  pendingUpdates: PendingUpdates;
  /** Each line whose update is pending or whose cost or sell price would move. */
  lines: PendingUpdatesAnswer['lines'];
  /** Every line in order, as stored and as repriced (the same when read-only). */
  priced: RepricedLine[];
};

/**
 * What 'Update now' would change on an order: each line priced as recalculate would price it
 * (the latest version, today's rule), compared with the line as stored. A read-only order keeps
 * its prices: nothing pending, nothing moves.
 */
export async function orderRepricing(
  db: Db,
  accountId: number,
  orderId: number,
  readOnly: boolean,
): Promise<OrderRepricing> {
  const stored = await lineRepo.findLines(db, accountId, [orderId]);
  const nowLines: PricingLine[] = stored.map((l) => ({
    sell: l.sellPrice,
    taxable: l.isTaxable,
    hasErrors: l.errors.length > 0,
  }));
  const refs = stored.map((l) => ({
    lineId: l.id,
    productId: l.productId,
    catalogVersionId: l.catalogVersionId,
    isLatest: l.catalogVersionNumber >= l.latestCatalogVersionNumber,
  }));
  const comparison = await compare(db, accountId, readOnly, refs);
  if (readOnly)
    return {
      pendingUpdates: comparison.pendingUpdates,
      lines: [],
      priced: nowLines.map((l) => ({ now: l, after: l })),
    };

  const products = comparison.products;
  const missing = stored.map((l) => l.productId).filter((id) => !products.has(id));
  for (const [id, p] of await latestProducts(db, accountId, missing)) products.set(id, p);
  const rules = new Map<number, MarkupRule>();
  const lines: PendingUpdatesAnswer['lines'] = [];
  const priced: RepricedLine[] = [];
  for (const [i, line] of stored.entries()) {
    const product = products.get(line.productId);
    if (!product) {
      priced.push({ now: nowLines[i]!, after: nowLines[i]! });
      continue;
    }
    if (!rules.has(product.id))
      rules.set(
        product.id,
        chooseMarkupRule(await lineRepo.findMarkupRules(db, accountId, product.id, product.categoryId)),
      );
    const price = priceLine(
      product.definition,
      product,
      {
        width: product.hasWidth ? line.width : null,
        height: product.hasHeight ? line.height : null,
        quantity: line.quantity,
        optionKeys: line.optionKeys,
      },
      rules.get(product.id)!,
    );
    priced.push({
      now: nowLines[i]!,
      after: { sell: price.sell, taxable: line.isTaxable, hasErrors: price.errors.length > 0 },
    });
    if (
      comparison.lines.has(line.id) ||
      differs(line.costPrice, price.cost) ||
      differs(line.sellPrice, price.sell)
    )
      lines.push({
        lineId: line.id,
        productId: line.productId,
        productName: line.productName,
        windowGroupName: line.windowName,
        costNow: money(line.costPrice),
        costAfter: money(price.cost),
        sellNow: line.sellPrice,
        sellAfter: price.sell,
      });
  }
  return { pendingUpdates: comparison.pendingUpdates, lines, priced };
}
