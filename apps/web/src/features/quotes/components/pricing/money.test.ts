import type { QuotePricing } from '@slat/contracts';
import { describe, expect, it } from 'vitest';
import {
  changeAdjustments,
  discountedTotal,
  entryAmount,
  formatMoney,
  formatPercent,
  insertAdjustment,
  moneyForInput,
  parseMoneyInput,
  parsePercent,
  taxApplies,
  totalBeforeOverride,
  userAdjustments,
} from './money';

describe('formatMoney (§9: 2 decimals, USD)', () => {
  it('writes the decimal string exactly with grouping and 2 decimals', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('1234.50')).toBe('$1,234.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('12')).toBe('$12.00');
    expect(formatMoney('1000000.1')).toBe('$1,000,000.10');
    expect(formatMoney('-26.9')).toBe('-$26.90');
    expect(formatMoney('-0.001')).toBe('$0.00');
  });
  it('rounds half away from zero, beyond the range of a float', () => {
    expect(formatMoney('0.125')).toBe('$0.13');
    expect(formatMoney('0.1249')).toBe('$0.12');
    expect(formatMoney('-2.005')).toBe('-$2.01');
    expect(formatMoney('90071992547409.995')).toBe('$90,071,992,547,410.00');
  });
  it('shows nothing for no value or text that is not a decimal', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('12a')).toBe('');
  });
});

describe('moneyForInput (§9: .00 trimmed in inputs)', () => {
  it('trims an all-zero fraction and keeps any other', () => {
    expect(moneyForInput('1234.00')).toBe('1234');
    expect(moneyForInput('1234.0000')).toBe('1234');
    expect(moneyForInput('-5.00')).toBe('-5');
    expect(moneyForInput('1234.5')).toBe('1234.5');
    expect(moneyForInput('1234.50')).toBe('1234.50');
    expect(moneyForInput('0.05')).toBe('0.05');
    expect(moneyForInput(null)).toBe('');
  });
});

describe('parseMoneyInput', () => {
  it('reads what a person types as the request decimal', () => {
    expect(parseMoneyInput('1,234.5')).toBe('1234.5');
    expect(parseMoneyInput(' $1,234.50 ')).toBe('1234.50');
    expect(parseMoneyInput('-50')).toBe('-50');
    expect(parseMoneyInput('-$50')).toBe('-50');
    expect(parseMoneyInput('.5')).toBe('0.5');
    expect(parseMoneyInput('5.')).toBe('5');
    expect(parseMoneyInput('-0')).toBe('0');
  });
  it('refuses more than 2 decimals, more than 10 digits, and text', () => {
    expect(parseMoneyInput('1.005')).toBeNull();
    expect(parseMoneyInput('12345678901')).toBeNull();
    expect(parseMoneyInput('abc')).toBeNull();
    expect(parseMoneyInput('')).toBeNull();
    expect(parseMoneyInput('-')).toBeNull();
    expect(parseMoneyInput('1-2')).toBeNull();
  });
});

describe('discount (§5: override = total × (1 − p/100), rounded to 2 decimals)', () => {
  it('is exact in decimal', () => {
    expect(discountedTotal('268.99', '10')).toBe('242.09');
    expect(discountedTotal('268.99', '5')).toBe('255.54'); // 255.5405
    expect(discountedTotal('268.99', '15')).toBe('228.64'); // 228.6415
    expect(discountedTotal('268.99', '20')).toBe('215.19'); // 215.192
    expect(discountedTotal('0.05', '10')).toBe('0.05'); // 0.045 rounds half up
    expect(discountedTotal('100', '12.5')).toBe('87.50');
    expect(discountedTotal('1234.56', '100')).toBe('0.00');
    expect(discountedTotal('10.10', '33.33')).toBe('6.73'); // 6.733667
  });
  it('would differ from binary floating point where a float drifts', () => {
    // 1.15 × 0.5 is 0.575 exactly; as a float it is 0.57499999…, which rounds down to 0.57
    expect(Math.round(1.15 * 0.5 * 100) / 100).toBe(0.57);
    expect(discountedTotal('1.15', '50')).toBe('0.58');
  });
  it('reads a percentage between 0 and 100 with at most 2 decimals', () => {
    expect(parsePercent('10')).toBe('10');
    expect(parsePercent(' 12.5 % ')).toBe('12.5');
    expect(parsePercent('100')).toBe('100');
    expect(parsePercent('0')).toBeNull();
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('-5')).toBeNull();
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('')).toBeNull();
  });
});

const pricing = (over: Partial<QuotePricing>): QuotePricing => ({
  sellTotalOrderLinesIncTax: '0.00',
  sellTotalOrderLinesExTax: '0.00',
  sellTotalTaxable: '0.00',
  sellTaxCalculated: '0.00',
  sellTaxOverride: null,
  sellTaxTotal: '0.00',
  sellGrandTotalExTax: '0.00',
  sellGrandTotalIncTax: '0.00',
  depositAmountCalculated: '0.00',
  depositAmountOverride: null,
  depositAmount: '0.00',
  isPricingValid: true,
  adjustments: [],
  ...over,
});

describe('adjustments in the entry mode', () => {
  const adjustments: QuotePricing['adjustments'] = [
    {
      label: 'Trade discount',
      amountIncTax: '-11.00',
      amountExTax: '-10.00',
      taxType: 'STANDARD',
      isSystem: false,
    },
    { label: 'Total override', amountIncTax: '-5.00', amountExTax: '-5.00', taxType: 'NONE', isSystem: true },
    { label: 'Delivery', amountIncTax: '40.00', amountExTax: '40.00', taxType: 'NONE', isSystem: false },
  ];
  it('shows and sends the amount of the tax mode', () => {
    expect(entryAmount(adjustments[0]!, 'INCLUSIVE')).toBe('-11.00');
    expect(entryAmount(adjustments[0]!, 'EXCLUSIVE')).toBe('-10.00');
  });
  it('leaves the system override out and changes one at its place', () => {
    const current = userAdjustments(pricing({ adjustments }), 'EXCLUSIVE');
    expect(current).toEqual([
      { label: 'Trade discount', amount: '-10.00', taxType: 'STANDARD' },
      { label: 'Delivery', amount: '40.00', taxType: 'NONE' },
    ]);
    const added = { label: 'Removal', amount: '25', taxType: 'NONE' } as const;
    expect(changeAdjustments(current, null, added, 'EXCLUSIVE')).toEqual([
      { label: 'Trade discount', amountExTax: '-10.00', taxType: 'STANDARD' },
      { label: 'Delivery', amountExTax: '40.00', taxType: 'NONE' },
      { label: 'Removal', amountExTax: '25', taxType: 'NONE' },
    ]);
    expect(changeAdjustments(current, 1, added, 'INCLUSIVE').map((a) => a.label)).toEqual([
      'Trade discount',
      'Removal',
    ]);
    const removed = changeAdjustments(current, 0, null, 'INCLUSIVE');
    expect(removed).toEqual([{ label: 'Delivery', amountIncTax: '40.00', taxType: 'NONE' }]);
    // the undo puts it back where it was
    expect(
      insertAdjustment(
        userAdjustments(pricing({ adjustments: [adjustments[2]!] }), 'EXCLUSIVE'),
        0,
        current[0]!,
        'EXCLUSIVE',
      ),
    ).toEqual([
      { label: 'Trade discount', amountExTax: '-10.00', taxType: 'STANDARD' },
      { label: 'Delivery', amountExTax: '40.00', taxType: 'NONE' },
    ]);
  });
});

describe('totalBeforeOverride (what the discount applies to)', () => {
  const exclusive = { taxMode: 'EXCLUSIVE', taxPercentage: '10', depositPercentage: '50' } as const;
  const inclusive = { taxMode: 'INCLUSIVE', taxPercentage: '10', depositPercentage: '50' } as const;
  it('is the grand total when there is no override', () => {
    expect(totalBeforeOverride(pricing({ sellGrandTotalIncTax: '268.99' }), exclusive)).toBe('268.99');
  });
  it('takes the override adjustment out exactly (NONE, or INCLUSIVE)', () => {
    const none = {
      label: 'Total override',
      amountIncTax: '-26.90',
      amountExTax: '-26.90',
      taxType: 'NONE',
      isSystem: true,
    } as const;
    expect(
      totalBeforeOverride(pricing({ sellGrandTotalIncTax: '242.09', adjustments: [none] }), exclusive),
    ).toBe('268.99');
    const std = {
      label: 'Total override',
      amountIncTax: '-26.90',
      amountExTax: '-24.45',
      taxType: 'STANDARD',
      isSystem: true,
    } as const;
    expect(
      totalBeforeOverride(pricing({ sellGrandTotalIncTax: '242.09', adjustments: [std] }), inclusive),
    ).toBe('268.99');
  });
  it('works the tax out again when tax is added on top (EXCLUSIVE, STANDARD)', () => {
    // lines 244.54 ex, all taxable at 10 %: tax 24.45, total 268.99. An override adjustment of
    // −22.01 ex: taxable 222.53, tax R(22.253) = 22.25, total 244.78 (its own tax would say 2.20).
    const std = {
      label: 'Total override',
      amountIncTax: '-24.21',
      amountExTax: '-22.01',
      taxType: 'STANDARD',
      isSystem: true,
    } as const;
    const p = pricing({
      sellTotalTaxable: '222.53',
      sellGrandTotalExTax: '222.53',
      sellTaxTotal: '22.25',
      sellTaxCalculated: '22.25',
      sellGrandTotalIncTax: '244.78',
      adjustments: [std],
    });
    expect(totalBeforeOverride(p, exclusive)).toBe('268.99');
    // with a tax override the tax does not move
    expect(
      totalBeforeOverride(
        { ...p, sellTaxOverride: '20.00', sellTaxTotal: '20.00', sellGrandTotalIncTax: '242.53' },
        exclusive,
      ),
    ).toBe('264.54');
  });
});

describe('labels', () => {
  it('offers Taxable only when the tax percentage is above 0', () => {
    expect(taxApplies('10.0000')).toBe(true);
    expect(taxApplies('0.0000')).toBe(false);
    expect(taxApplies('0')).toBe(false);
    expect(taxApplies('')).toBe(false);
  });
  it('writes a config percentage without trailing zeros', () => {
    expect(formatPercent('10.0000')).toBe('10');
    expect(formatPercent('7.50')).toBe('7.5');
    expect(formatPercent('15')).toBe('15');
  });
});
