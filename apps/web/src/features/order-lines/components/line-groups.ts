import type { LineError, OrderLine, OrderWindow } from '@slat/contracts';
import { lineSellIncTax } from '@slat/domain';
import type { PriceConfig } from '../order-view';

/** A window of the order and its products, in order. */
export type WindowBlock = { id: number; name: string; lines: OrderLine[] };

/** The windows sharing one group path ([] is '(None)'), in the order they first appear. */
export type WindowGroup = { key: string; path: string[]; windows: WindowBlock[] };

/** "Building A / Room 1/ Bay" → ['Building A', 'Room 1', 'Bay']; blank parts are dropped. */
export function windowPath(name: string): string[] {
  return name
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The order's windows: from the window list when there is one (empty windows included), else
 * from the lines. A line whose window the list does not (yet) hold keeps its own window.
 */
export function windowsOf(lines: readonly OrderLine[], windows?: readonly OrderWindow[]): WindowBlock[] {
  const byId = new Map<number, WindowBlock>();
  const blocks: WindowBlock[] = [];
  const linesById = new Map(lines.map((line) => [line.id, line]));
  for (const window of windows ?? []) {
    const block: WindowBlock = {
      id: window.id,
      name: window.name,
      lines: window.product_ids.flatMap((id) => {
        const line = linesById.get(id);
        return line ? [line] : [];
      }),
    };
    byId.set(window.id, block);
    blocks.push(block);
  }
  const listed = new Set(blocks.flatMap((b) => b.lines.map((l) => l.id)));
  for (const line of lines) {
    if (listed.has(line.id)) continue;
    let block = byId.get(line.orderWindowId);
    if (!block) {
      block = { id: line.orderWindowId, name: line.windowGroupName, lines: [] };
      byId.set(block.id, block);
      blocks.push(block);
    }
    block.lines.push(line);
  }
  return blocks;
}

type Node = { path: string[]; windows: WindowBlock[]; children: Map<string, Node>; order: (Node | 'self')[] };

const newNode = (path: string[]): Node => ({ path, windows: [], children: new Map(), order: [] });

/**
 * Windows grouped by their group path, slashes nesting (Building/Room/Window): a group's
 * sub-groups follow it, so everything in one building stays together, and at each level the
 * groups keep the order they first appear in. Windows without a name are the '(None)' group.
 */
export function groupWindows(blocks: readonly WindowBlock[]): WindowGroup[] {
  const root = newNode([]);
  for (const block of blocks) {
    let node = root;
    for (const part of windowPath(block.name)) {
      let child = node.children.get(part);
      if (!child) {
        child = newNode([...node.path, part]);
        node.children.set(part, child);
        node.order.push(child);
      }
      node = child;
    }
    if (node.windows.length === 0) node.order.push('self');
    node.windows.push(block);
  }
  const groups: WindowGroup[] = [];
  const visit = (node: Node) => {
    for (const entry of node.order) {
      if (entry === 'self')
        groups.push({ key: JSON.stringify(node.path), path: node.path, windows: node.windows });
      else visit(entry);
    }
  };
  visit(root);
  return groups;
}

/** The size exactly as entered: `36 3/8" × 48"`, `1200 mm × 1500 mm`; null without one. */
export function lineSize(line: OrderLine): string | null {
  const width = line.dimensions.width?.display ?? line.context.configuration.width;
  const height = line.dimensions.height?.display ?? line.context.configuration.height;
  const parts = [width, height].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(' × ') : null;
}

/** The chosen options by name, group by group. */
export function lineOptionNames(line: OrderLine): string[] {
  return line.context.configuration.optionGroups.flatMap((group) => group.options.map((o) => o.itemName));
}

const price = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * §9: money with 2 decimals, rounded half away from zero, from the exact decimal string (no
 * binary float on the way); null (no price: the size is off the grid) is null.
 */
export function formatPrice(amount: string | null): string | null {
  if (amount === null || amount.trim() === '' || Number.isNaN(Number(amount))) return null;
  return price.format(amount.trim() as unknown as number);
}

/**
 * A line's sell price as the quote shows it: with tax when prices include tax (INCLUSIVE, what
 * the customer sees on the PDF, the figure the lines total sums), else ex tax; null, no price.
 */
export function shownSellPrice(
  line: Pick<OrderLine, 'sellPrice' | 'isTaxable'>,
  config: PriceConfig,
): string | null {
  if (line.sellPrice === null || config.taxMode !== 'INCLUSIVE') return line.sellPrice;
  return lineSellIncTax(line.sellPrice, line.isTaxable, config.taxPercentage);
}

/** Whether any line has errors (the header's warning). */
export const anyLineErrors = (lines: readonly OrderLine[]): boolean =>
  lines.some((l) => l.context.errors.length > 0);

/** The error codes of a line in the order the panel lists them, each once. */
export function lineErrorCodes(errors: readonly LineError[]): LineError['code'][] {
  return [...new Set(errors.map((e) => e.code))];
}
