/**
 * What the options frame reads from the API, checked by hand (no zod in this document): the
 * answer of GET …/options/display (contract getOrderLineOptions) and the line a save answers
 * (updateOrderLine). Only the fields the frame shows are checked and kept; anything else in the
 * answer is ignored. display.test.ts checks these types against the contracts' at compile time.
 */

export type MeasureUnit = 'mm' | 'in';

export type FrameLineError = { code: string; message: string };

export type FrameLine = {
  id: number;
  quantity: number;
  /** Line totals (quantity included), decimal strings; null when the size has no price. */
  costPrice: string | null;
  sellPrice: string | null;
  context: {
    configuration: { width: string | null; height: string | null };
    errors: FrameLineError[];
    product: {
      name: string;
      brandName: string;
      categoryName: string;
      hasWidth: boolean;
      hasHeight: boolean;
      hasQuantity: boolean;
    };
  };
};

export type FrameFabric = { width: number; repeat: number; brand: string; colour: string };

export type FrameOption = {
  key: string;
  name: string;
  type: 'BASE' | 'FABRIC';
  /** For one item, ex tax. */
  price: string;
  fabric: FrameFabric | null;
  selected: boolean;
};

export type FrameOptionGroup = { key: string; name: string; required: boolean; options: FrameOption[] };

export type OptionsDisplay = {
  line: FrameLine;
  isReadOnly: boolean;
  unit: MeasureUnit;
  optionGroups: FrameOptionGroup[];
  incompatibleOptions: [string, string][];
};

/** Thrown inside the readers; they answer undefined instead. */
class Unreadable extends Error {}

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Unreadable();
  return v as Obj;
}
function arr(v: unknown): unknown[] {
  if (!Array.isArray(v)) throw new Unreadable();
  return v;
}
function str(v: unknown): string {
  if (typeof v !== 'string') throw new Unreadable();
  return v;
}
function strOrNull(v: unknown): string | null {
  return v === null ? null : str(v);
}
function num(v: unknown): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Unreadable();
  return v;
}
function int(v: unknown): number {
  const n = num(v);
  if (!Number.isInteger(n)) throw new Unreadable();
  return n;
}
function bool(v: unknown): boolean {
  if (typeof v !== 'boolean') throw new Unreadable();
  return v;
}
/** A plain decimal string, as the API writes money ("12", "-3.1250"). */
function money(v: unknown): string {
  const s = str(v);
  if (!/^-?\d+(\.\d+)?$/.test(s)) throw new Unreadable();
  return s;
}
function moneyOrNull(v: unknown): string | null {
  return v === null ? null : money(v);
}

function line(v: unknown): FrameLine {
  const l = obj(v);
  const context = obj(l.context);
  const configuration = obj(context.configuration);
  const product = obj(context.product);
  return {
    id: int(l.id),
    quantity: int(l.quantity),
    costPrice: moneyOrNull(l.costPrice),
    sellPrice: moneyOrNull(l.sellPrice),
    context: {
      configuration: { width: strOrNull(configuration.width), height: strOrNull(configuration.height) },
      errors: arr(context.errors).map((e) => {
        const error = obj(e);
        return { code: str(error.code), message: str(error.message) };
      }),
      product: {
        name: str(product.name),
        brandName: str(product.brandName),
        categoryName: str(product.categoryName),
        hasWidth: bool(product.hasWidth),
        hasHeight: bool(product.hasHeight),
        hasQuantity: bool(product.hasQuantity),
      },
    },
  };
}

function option(v: unknown): FrameOption {
  const o = obj(v);
  const type = str(o.type);
  if (type !== 'BASE' && type !== 'FABRIC') throw new Unreadable();
  let fabric: FrameFabric | null = null;
  if (o.fabric !== null && o.fabric !== undefined) {
    const f = obj(o.fabric);
    fabric = { width: num(f.width), repeat: num(f.repeat), brand: str(f.brand), colour: str(f.colour) };
  }
  return {
    key: str(o.key),
    name: str(o.name),
    type,
    price: money(o.price),
    fabric,
    selected: bool(o.selected),
  };
}

function group(v: unknown): FrameOptionGroup {
  const g = obj(v);
  return {
    key: str(g.key),
    name: str(g.name),
    required: bool(g.required),
    options: arr(g.options).map(option),
  };
}

function pair(v: unknown): [string, string] {
  const p = arr(v);
  if (p.length !== 2) throw new Unreadable();
  return [str(p[0]), str(p[1])];
}

function readWith<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    throw error;
  }
}

/** The body of GET …/options/display (`{data: {...}}`), or undefined when it is not that shape. */
export function readOptionsDisplay(payload: unknown): OptionsDisplay | undefined {
  return readWith(() => {
    const d = obj(obj(payload).data);
    const unit = str(d.unit);
    if (unit !== 'mm' && unit !== 'in') throw new Unreadable();
    return {
      line: line(d.line),
      isReadOnly: bool(d.isReadOnly),
      unit,
      optionGroups: arr(d.optionGroups).map(group),
      incompatibleOptions: arr(d.incompatibleOptions).map(pair),
    };
  });
}

/** The body of PUT …/products/{id} (`{data: line}`), or undefined when it is not that shape. */
export function readSavedLine(payload: unknown): FrameLine | undefined {
  return readWith(() => line(obj(payload).data));
}

/** The server's error text (`{error: {message}}`), if the body has one. */
export function readErrorMessage(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const error = (payload as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}
