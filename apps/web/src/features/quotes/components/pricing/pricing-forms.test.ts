import '../../pricing-strings';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n/i18n';
import { moneyTextProblem } from './money';
import { pricingFormSchemas } from './pricing-forms';

const schemas = pricingFormSchemas(i18n.t);

/** The first message a schema gives for the input, or the parsed value when it takes it. */
function check<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : { message: result.error.issues[0]?.message };
}

const adjustment = (amount: string) => check(schemas.adjustment, { label: 'Fee', amount, taxable: false });
const deposit = (amount: string) => check(schemas.amountOverride, { amount });
const override = (amount: string) => check(schemas.override, { amount, overrideTaxables: false, notes: '' });
const discount = (percentage: string) => check(schemas.discount, { percentage });

describe('money typed into the pricing forms', () => {
  it('an adjustment amount refuses letters with an example that shows a discount is negative', () => {
    expect(adjustment('abc')).toEqual({ message: 'Enter an amount like 25 or -10.50' });
    expect(adjustment('12abc')).toEqual({ message: 'Enter an amount like 25 or -10.50' });
    expect(adjustment('1e3')).toEqual({ message: 'Enter an amount like 25 or -10.50' });
    expect(adjustment('--5')).toEqual({ message: 'Enter an amount like 25 or -10.50' });
    expect(adjustment('-25.505')).toEqual({ message: 'Enter an amount with at most 2 decimals' });
    expect(adjustment('12345678901')).toEqual({
      message: 'Enter an amount of at most 10 digits before the point',
    });
  });

  it('an adjustment takes a discount, spaces and a dollar sign as typed', () => {
    expect(adjustment('-10.50')).toMatchObject({ value: { amount: '-10.50' } });
    expect(adjustment(' 25 ')).toMatchObject({ value: { amount: '25' } });
    expect(adjustment('$1,234.5')).toMatchObject({ value: { amount: '1234.5' } });
  });

  it('the deposit, tax and override amounts refuse letters and a minus, with an example without one', () => {
    expect(deposit('abc')).toEqual({ message: 'Enter an amount like 25 or 10.50' });
    expect(deposit('-1')).toEqual({ message: 'Enter an amount of 0 or more' });
    expect(deposit('')).toEqual({ value: { amount: null } });
    expect(deposit('300')).toEqual({ value: { amount: '300' } });
    expect(override('ten')).toEqual({ message: 'Enter an amount like 25 or 10.50' });
    expect(override('-5')).toEqual({ message: 'Enter an amount of 0 or more' });
  });

  it('a discount percentage refuses letters with an example; out of range keeps its own message', () => {
    expect(discount('abc')).toEqual({ message: 'Enter a percentage like 10 or 12.5' });
    expect(discount('10%')).toEqual({ value: { percentage: '10' } });
    expect(discount('120')).toEqual({
      message: 'Enter a percentage above 0 and up to 100, with at most 2 decimals',
    });
  });

  it('says which of the reasons it is', () => {
    expect(moneyTextProblem('abc')).toBe('notAmount');
    expect(moneyTextProblem('-')).toBe('notAmount');
    expect(moneyTextProblem('.')).toBe('notAmount');
    expect(moneyTextProblem('1.234')).toBe('decimals');
    expect(moneyTextProblem('12345678901')).toBe('tooLarge');
    expect(moneyTextProblem('-0.5')).toBeUndefined();
    expect(moneyTextProblem('.5')).toBeUndefined();
  });
});
