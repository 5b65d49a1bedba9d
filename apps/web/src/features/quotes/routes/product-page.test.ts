import '../product-strings';
import type { OrderLine } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import {
  formDefaults,
  lineErrorTexts,
  lineFieldsOf,
  type ProductFlags,
  type ProductFormValues,
  siteMountOf,
  validateProductForm,
} from './product-page';

const flags: ProductFlags = {
  hasWidth: true,
  hasHeight: true,
  hasQuantity: true,
  disableFineFractions: false,
};

const values = (over: Partial<ProductFormValues> = {}): ProductFormValues => ({
  productId: 5,
  unit: 'in',
  width: 36,
  widthFraction: '6',
  height: 48,
  heightFraction: '0',
  quantity: 2,
  windowName: 'House/Kitchen/Left',
  notes: '',
  siteMount: '',
  ...over,
});

const messages = (errors: ReturnType<typeof validateProductForm>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, (v as { message?: string }).message]));

describe('the product form’s rules (§5)', () => {
  it('a product must be chosen first', () => {
    expect(messages(validateProductForm(values({ productId: null }), null))).toEqual({
      productId: 'Choose a product from the list',
    });
  });

  it('width and height are required: Width is required / Height is required', () => {
    expect(messages(validateProductForm(values({ width: null, height: null }), flags))).toEqual({
      width: 'Width is required',
      height: 'Height is required',
    });
    expect(messages(validateProductForm(values({ unit: 'mm', width: 0, height: 1200 }), flags))).toEqual({
      width: 'Width is required',
    });
  });

  it('a product without a width or height does not ask for it', () => {
    const hub = { ...flags, hasWidth: false, hasHeight: false };
    expect(validateProductForm(values({ width: null, height: null }), hub)).toEqual({});
  });

  it('a brand with fine fractions disabled refuses 3/8 and takes 3/4', () => {
    const coarse = { ...flags, disableFineFractions: true };
    expect(messages(validateProductForm(values({ widthFraction: '6' }), coarse))).toEqual({
      widthFraction: 'This brand takes halves and quarters of an inch only',
    });
    expect(validateProductForm(values({ widthFraction: '12' }), coarse)).toEqual({});
  });
});

describe('what Save sends', () => {
  it('36 + 3/8 in is 36.375 in the unit entered; an empty quantity is 1', () => {
    expect(lineFieldsOf(values({ quantity: null }), flags)).toEqual({
      unit: 'in',
      notes: '',
      width: 36.375,
      height: 48,
      quantity: 1,
    });
  });

  it('millimetres are sent whole; sizes are left out for a product without them', () => {
    expect(
      lineFieldsOf(values({ unit: 'mm', width: 1200, widthFraction: '0', height: 1500 }), flags),
    ).toMatchObject({
      unit: 'mm',
      width: 1200,
      height: 1500,
    });
    const hub = { ...flags, hasWidth: false, hasHeight: false };
    expect(lineFieldsOf(values(), hub)).toEqual({ unit: 'in', notes: '', quantity: 2 });
  });
});

const line = (over: Partial<OrderLine> = {}): OrderLine =>
  ({
    id: 41,
    orderId: 9,
    windowGroupName: 'House/Kitchen/Left',
    orderWindowId: 12,
    externalOrderLineId: null,
    quantity: 3,
    costPrice: '100.00',
    sellPrice: '150.00',
    notes: 'Chain left',
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
        id: 5,
        name: 'Heritage Roller Blind (imperial)',
        hasWidth: true,
        hasHeight: true,
        hasQuantity: true,
        categoryName: 'Roller',
        brandName: 'Heritage Imperial',
        disableFineFractions: true,
      },
      unitCostPrice: '33.3333',
      markup: { type: 'PERCENT_MARK_UP', value: '50', source: 'ACCOUNT' },
      catalogVersion: { id: 1, number: 1, isLatest: true },
    },
    ...over,
  }) as OrderLine;

describe('a saved line in the form', () => {
  it('shows its sizes as entered: 36 3/8 is 36 and 3/8, in its own unit', () => {
    expect(formDefaults(line(), 'mm')).toEqual({
      productId: 5,
      unit: 'in',
      width: 36,
      widthFraction: '6',
      height: 48,
      heightFraction: '0',
      quantity: 3,
      windowName: 'House/Kitchen/Left',
      notes: 'Chain left',
      siteMount: '',
    });
  });

  it('a new product starts empty in the company’s unit, quantity 1', () => {
    expect(formDefaults(null, 'mm')).toMatchObject({ productId: null, unit: 'mm', width: null, quantity: 1 });
  });
});

describe('the mount', () => {
  it('starts as the line has it and is sent as chosen; an older free-text mount is not sent unless changed', () => {
    expect(formDefaults(line({ siteMount: 'OUTSIDE' }), 'mm').siteMount).toBe('OUTSIDE');
    expect(siteMountOf(values({ siteMount: 'INSIDE' }))).toBe('INSIDE');
    expect(siteMountOf(values({ siteMount: '' }))).toBe('');
    const older = formDefaults(line({ siteMount: 'Face fit' }), 'mm');
    expect(older.siteMount).toBe('Face fit');
    expect(siteMountOf(older)).toBeUndefined();
  });
});

describe('a line’s errors beside the form (§8)', () => {
  it('shows each error’s message; OPTIONS_NOT_SELECTED asks to finish the product instead', () => {
    expect(
      lineErrorTexts([
        { code: 'BAD_SIZE', message: 'x' },
        { code: 'OPTIONS_NOT_SELECTED', message: 'y' },
      ]),
    ).toEqual({ errors: ['Specified width/height is not allowed.'], finish: true });
    expect(lineErrorTexts([])).toEqual({ errors: [], finish: false });
  });
});
