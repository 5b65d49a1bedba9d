import '../product-strings';
import type { OrderLine } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import {
  formDefaults,
  lineErrorTexts,
  lineFieldsOf,
  type ProductFlags,
  type ProductFormValues,
  readQuantity,
  siteMountOf,
  validateProductForm,
} from './product-screen';

const flags: ProductFlags = {
  hasWidth: true,
  hasHeight: true,
  hasQuantity: true,
  disableFineFractions: false,
};

const values = (over: Partial<ProductFormValues> = {}): ProductFormValues => ({
  productId: 5,
  unit: 'in',
  width: '36',
  widthFraction: '6',
  height: '48',
  heightFraction: '0',
  quantity: '2',
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
    expect(messages(validateProductForm(values({ width: '', height: '' }), flags))).toEqual({
      width: 'Width is required',
      height: 'Height is required',
    });
    expect(messages(validateProductForm(values({ unit: 'mm', width: '0', height: '1200' }), flags))).toEqual({
      width: 'Width must be more than 0',
    });
  });

  it('a product without a width or height does not ask for it', () => {
    const hub = { ...flags, hasWidth: false, hasHeight: false };
    expect(validateProductForm(values({ width: '', height: '' }), hub)).toEqual({});
  });

  it('a brand with fine fractions disabled refuses 3/8 and takes 3/4', () => {
    const coarse = { ...flags, disableFineFractions: true };
    expect(messages(validateProductForm(values({ widthFraction: '6' }), coarse))).toEqual({
      widthFraction: 'This brand takes halves and quarters of an inch only',
    });
    expect(validateProductForm(values({ widthFraction: '12' }), coarse)).toEqual({});
  });
});

describe('sizes and quantity as typed, or refused with a reason', () => {
  it('1200.5 mm, 1e3 and -500 are refused with their reason, not saved as 12005, 13 or 500', () => {
    const metric = (width: string) => values({ unit: 'mm', width, widthFraction: '0', height: '1500' });
    expect(messages(validateProductForm(metric('1200.5'), flags))).toEqual({
      width: 'Millimetres are whole numbers: 1200.5 has a decimal point',
    });
    expect(messages(validateProductForm(metric('1e3'), flags))).toEqual({
      width: 'Type the number in full: 1e3 is exponent notation',
    });
    expect(messages(validateProductForm(metric('-500'), flags))).toEqual({
      width: 'Width cannot be negative: -500 has a minus sign',
    });
    expect(validateProductForm(metric(' 1200 '), flags)).toEqual({});
    expect(lineFieldsOf(metric(' 1200 '), flags)).toMatchObject({ width: 1200 });
  });

  it('a quantity of 0 or -3 is refused (not made 1 or 3); empty is 1; 2.5 and letters are refused', () => {
    expect(messages(validateProductForm(values({ quantity: '0' }), flags))).toEqual({
      quantity: 'Quantity must be at least 1',
    });
    expect(messages(validateProductForm(values({ quantity: '-3' }), flags))).toEqual({
      quantity: 'Quantity must be at least 1',
    });
    expect(readQuantity('2.5')).toEqual({
      ok: false,
      message: 'Quantity is a whole number: 2.5 has a decimal point',
    });
    expect(readQuantity('two')).toEqual({ ok: false, message: 'Enter a whole number, like 2' });
    expect(readQuantity('1e3')).toEqual({
      ok: false,
      message: 'Type the number in full: 1e3 is exponent notation',
    });
    expect(readQuantity('10001')).toEqual({ ok: false, message: 'Quantity must be at most 10000' });
    expect(readQuantity(' 3 ')).toEqual({ ok: true, value: 3 });
    expect(readQuantity('')).toEqual({ ok: true, value: 1 });
    // a product without a quantity does not ask for one
    expect(validateProductForm(values({ quantity: '0' }), { ...flags, hasQuantity: false })).toEqual({});
  });
});

describe('what Save sends', () => {
  it('36 + 3/8 in is 36.375 in the unit entered; an empty quantity is 1', () => {
    expect(lineFieldsOf(values({ quantity: '' }), flags)).toEqual({
      unit: 'in',
      notes: '',
      width: 36.375,
      height: 48,
      quantity: 1,
    });
  });

  it('millimetres are sent whole; sizes are left out for a product without them', () => {
    expect(
      lineFieldsOf(values({ unit: 'mm', width: '1200', widthFraction: '0', height: '1500' }), flags),
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
      width: '36',
      widthFraction: '6',
      height: '48',
      heightFraction: '0',
      quantity: '3',
      windowName: 'House/Kitchen/Left',
      notes: 'Chain left',
      siteMount: '',
    });
  });

  it('a new product starts empty in the company’s unit, quantity 1', () => {
    expect(formDefaults(null, 'mm')).toMatchObject({ productId: null, unit: 'mm', width: '', quantity: '1' });
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
