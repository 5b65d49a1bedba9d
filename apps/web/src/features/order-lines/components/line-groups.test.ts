import type { OrderLine, OrderWindow } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import {
  anyLineErrors,
  formatPrice,
  groupWindows,
  lineErrorCodes,
  lineOptionNames,
  lineSize,
  windowPath,
  windowsOf,
} from './line-groups';

function line(
  id: number,
  windowId: number,
  windowGroupName: string,
  patch: Partial<OrderLine> = {},
): OrderLine {
  return {
    id,
    orderId: 1,
    windowGroupName,
    orderWindowId: windowId,
    externalOrderLineId: null,
    quantity: 1,
    costPrice: '100.0000',
    sellPrice: '150.00',
    notes: '',
    siteMount: '',
    isTaxable: true,
    hasFreight: false,
    hasInstallation: false,
    manufacturerId: 1,
    dimensions: {
      width: { value: '36.375', unit: 'in', display: '36 3/8"' },
      height: { value: '48', unit: 'in', display: '48"' },
    },
    context: {
      configuration: { width: '36 3/8"', height: '48"', optionGroups: [] },
      errors: [],
      product: {
        id: 7,
        name: 'Roller blind',
        hasWidth: true,
        hasHeight: true,
        hasQuantity: true,
        categoryName: 'Blinds',
        brandName: 'Acme',
        disableFineFractions: false,
      },
      unitCostPrice: '100.0000',
      markup: { type: 'PERCENT_MARK_UP', value: '50', source: 'ACCOUNT' },
      catalogVersion: { id: 1, number: 1, isLatest: true },
    },
    ...patch,
  };
}

const window = (id: number, name: string, productIds: number[], sort = id): OrderWindow => ({
  id,
  order_id: 1,
  name,
  quantity: 1,
  width: null,
  height: null,
  sort_order: sort,
  product_ids: productIds,
});

const summary = (lines: OrderLine[], windows?: OrderWindow[]) =>
  groupWindows(windowsOf(lines, windows)).map((g) => ({
    path: g.path.join(' / ') || '(None)',
    windows: g.windows.map((w) => `${w.id}:${w.lines.map((l) => l.id).join(',')}`),
  }));

describe('window group paths', () => {
  it('splits on slashes, trimming each part and dropping blank ones', () => {
    expect(windowPath('Building A / Room 1/Bay ')).toEqual(['Building A', 'Room 1', 'Bay']);
    expect(windowPath('Kitchen//Left')).toEqual(['Kitchen', 'Left']);
    expect(windowPath('')).toEqual([]);
    expect(windowPath(' / ')).toEqual([]);
  });
});

describe('lines grouped by window path', () => {
  it('keeps a building together even when its windows are not next to each other', () => {
    const lines = [
      line(1, 10, 'House/Kitchen/Left'),
      line(2, 11, 'Garage'),
      line(3, 12, 'House/Lounge'),
      line(4, 13, 'House/Kitchen/Right'),
    ];
    expect(summary(lines)).toEqual([
      { path: 'House / Kitchen / Left', windows: ['10:1'] },
      { path: 'House / Kitchen / Right', windows: ['13:4'] },
      { path: 'House / Lounge', windows: ['12:3'] },
      { path: 'Garage', windows: ['11:2'] },
    ]);
  });

  it('puts windows with the same path in one group, each window with its own lines in order', () => {
    const lines = [line(1, 10, 'Bedroom'), line(2, 10, 'Bedroom'), line(3, 11, 'Bedroom')];
    expect(summary(lines)).toEqual([{ path: 'Bedroom', windows: ['10:1,2', '11:3'] }]);
  });

  it("names windows without a path '(None)', in the place they first appear", () => {
    const lines = [line(1, 10, 'Office'), line(2, 11, ''), line(3, 12, ' / ')];
    expect(summary(lines)).toEqual([
      { path: 'Office', windows: ['10:1'] },
      { path: '(None)', windows: ['11:2', '12:3'] },
    ]);
  });

  it('a group with windows of its own comes before its sub-groups when it appears first', () => {
    const lines = [line(1, 10, 'House'), line(2, 11, 'House/Kitchen'), line(3, 12, 'House')];
    expect(summary(lines)).toEqual([
      { path: 'House', windows: ['10:1', '12:3'] },
      { path: 'House / Kitchen', windows: ['11:2'] },
    ]);
  });

  it('takes the windows from the window list, empty ones included, in list order', () => {
    const lines = [line(1, 10, 'Lounge'), line(2, 11, 'Study'), line(3, 10, 'Lounge')];
    const windows = [window(11, 'Study', [2]), window(10, 'Lounge', [3, 1]), window(12, 'Study/Nook', [])];
    expect(summary(lines, windows)).toEqual([
      { path: 'Study', windows: ['11:2'] },
      { path: 'Study / Nook', windows: ['12:'] },
      { path: 'Lounge', windows: ['10:3,1'] },
    ]);
  });

  it('keeps a line the window list does not know yet, under its own window', () => {
    const lines = [line(1, 10, 'Lounge'), line(2, 10, 'Lounge'), line(3, 14, 'Hall')];
    const windows = [window(10, 'Lounge', [1])];
    expect(summary(lines, windows)).toEqual([
      { path: 'Lounge', windows: ['10:1,2'] },
      { path: 'Hall', windows: ['14:3'] },
    ]);
  });

  it('has no groups without lines or windows', () => {
    expect(groupWindows(windowsOf([], []))).toEqual([]);
  });
});

describe('a line as the list shows it', () => {
  it('shows the size exactly as entered, in its own unit', () => {
    expect(lineSize(line(1, 1, ''))).toBe('36 3/8" × 48"');
    const metric = line(2, 1, '', {
      dimensions: {
        width: { value: '1200', unit: 'mm', display: '1200 mm' },
        height: { value: '1500', unit: 'mm', display: '1500 mm' },
      },
    });
    expect(lineSize(metric)).toBe('1200 mm × 1500 mm');
  });

  it('shows only the dimension a product has, and nothing without one', () => {
    const widthOnly = line(1, 1, '', {
      dimensions: { width: { value: '900', unit: 'mm', display: '900 mm' }, height: null },
    });
    widthOnly.context.configuration = { width: '900 mm', height: null, optionGroups: [] };
    expect(lineSize(widthOnly)).toBe('900 mm');
    const none = line(2, 1, '', { dimensions: { width: null, height: null } });
    none.context.configuration = { width: null, height: null, optionGroups: [] };
    expect(lineSize(none)).toBeNull();
  });

  it('lists the chosen options by name, group by group', () => {
    const l = line(1, 1, '');
    const option = (itemName: string) => ({
      value: itemName.toLowerCase(),
      itemName,
      price: '0',
      quantity: 1,
      type: 'BASE' as const,
    });
    l.context.configuration.optionGroups = [
      { name: 'Control', options: [option('Chain left')] },
      { name: 'Fabric', options: [option('Linen White'), option('Blockout lining')] },
    ];
    expect(lineOptionNames(l)).toEqual(['Chain left', 'Linen White', 'Blockout lining']);
  });

  it('formats money with 2 decimals from the decimal string, rounding half away from zero', () => {
    expect(formatPrice('1234.5')).toBe('$1,234.50');
    expect(formatPrice('100.0000')).toBe('$100.00');
    expect(formatPrice('0.125')).toBe('$0.13');
    expect(formatPrice('0.1249')).toBe('$0.12');
    expect(formatPrice('-2.005')).toBe('-$2.01');
    expect(formatPrice('90071992547409.995')).toBe('$90,071,992,547,410.00');
    expect(formatPrice(null)).toBeNull();
    expect(formatPrice('')).toBeNull();
  });

  it('tells whether any line has errors, and lists a line’s codes once each', () => {
    const bad = line(2, 1, '');
    bad.context.errors = [
      { code: 'BAD_SIZE', message: 'Specified width/height is not allowed.' },
      { code: 'OPTIONS_NOT_SELECTED', message: 'Options not selected yet.' },
      { code: 'BAD_SIZE', message: 'Specified width/height is not allowed.' },
    ];
    expect(anyLineErrors([line(1, 1, '')])).toBe(false);
    expect(anyLineErrors([line(1, 1, ''), bad])).toBe(true);
    expect(lineErrorCodes(bad.context.errors)).toEqual(['BAD_SIZE', 'OPTIONS_NOT_SELECTED']);
  });
});
