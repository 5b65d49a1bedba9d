import type { TFunction } from 'i18next';
import { z } from 'zod';
import { parseMoneyInput, parsePercent } from './money';

/**
 * The pricing modals' form schemas (§5), with translated messages: the contracts' spec texts
 * ('Name is required', 'Amount is required', 'Please enter an override amount', 'Please enter a
 * discount percentage') through the strings. Build them with the current `t`.
 */
export function pricingFormSchemas(t: TFunction) {
  const invalid = t('quotePricing.messages.amountInvalid');
  const negative = t('quotePricing.messages.notNegative');
  const isMoney = (v: string) => v === '' || parseMoneyInput(v) !== null;
  const notNegative = (v: string) => !(parseMoneyInput(v) ?? '').startsWith('-');
  /** Required amount, any sign (a negative adjustment is a discount). */
  const amount = (required: string) =>
    z
      .string()
      .trim()
      .min(1, required)
      .refine(isMoney, invalid)
      .transform((v) => parseMoneyInput(v) ?? v);
  /** Blank (use the calculated value: null) or an amount of 0 or more. */
  const optionalAmount = z
    .string()
    .trim()
    .refine(isMoney, invalid)
    .refine(notNegative, negative)
    .transform((v) => (v === '' ? null : (parseMoneyInput(v) ?? v)));

  return {
    adjustment: z.object({
      label: z
        .string()
        .trim()
        .min(1, t('quotePricing.messages.nameRequired'))
        .max(200, t('quotePricing.messages.nameTooLong')),
      amount: amount(t('quotePricing.messages.amountRequired')),
      taxable: z.boolean(),
    }),
    /** The deposit and the tax override. */
    amountOverride: z.object({ amount: optionalAmount }),
    override: z.object({
      amount: amount(t('quotePricing.messages.overrideAmountRequired')).refine(
        (v) => !v.startsWith('-'),
        negative,
      ),
      overrideTaxables: z.boolean(),
      notes: z.string().max(2000),
    }),
    discount: z.object({
      percentage: z
        .string()
        .trim()
        .min(1, t('quotePricing.messages.discountPercentageRequired'))
        .refine((v) => v === '' || parsePercent(v) !== null, t('quotePricing.messages.percentInvalid'))
        .transform((v) => parsePercent(v) ?? v),
    }),
  };
}

export type PricingFormSchemas = ReturnType<typeof pricingFormSchemas>;
