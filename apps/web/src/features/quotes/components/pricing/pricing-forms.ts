import type { TFunction } from 'i18next';
import { z } from 'zod';
import { moneyTextProblem, parseMoneyInput, parsePercent } from './money';

/**
 * The pricing modals' form schemas (§5), with translated messages: the contracts' spec texts
 * ('Name is required', 'Amount is required', 'Please enter an override amount', 'Please enter a
 * discount percentage') through the strings. Build them with the current `t`.
 */
export function pricingFormSchemas(t: TFunction) {
  const negative = t('quotePricing.messages.notNegative');
  const notNegative = (v: string) => !(parseMoneyInput(v) ?? '').startsWith('-');
  /** Typed text that is not an amount says why (letters, too many decimals), with an example of the sign it may take. */
  const moneyText = (signed: boolean) => (v: string, ctx: z.RefinementCtx) => {
    if (v === '') return;
    const problem = moneyTextProblem(v);
    if (problem === 'notAmount')
      ctx.addIssue({
        code: 'custom',
        message: signed
          ? t('quotePricing.messages.amountLike')
          : t('quotePricing.messages.amountLikePositive'),
      });
    else if (problem === 'decimals')
      ctx.addIssue({ code: 'custom', message: t('quotePricing.messages.amountInvalid') });
    else if (problem === 'tooLarge')
      ctx.addIssue({ code: 'custom', message: t('quotePricing.messages.amountTooLarge') });
  };
  /** Required amount; `signed`: a negative is meaningful (an adjustment's discount). */
  const amount = (required: string, signed: boolean) =>
    z
      .string()
      .trim()
      .min(1, required)
      .superRefine(moneyText(signed))
      .transform((v) => parseMoneyInput(v) ?? v);
  /** Blank (use the calculated value: null) or an amount of 0 or more. */
  const optionalAmount = z
    .string()
    .trim()
    .superRefine(moneyText(false))
    .refine(notNegative, negative)
    .transform((v) => (v === '' ? null : (parseMoneyInput(v) ?? v)));

  return {
    adjustment: z.object({
      label: z
        .string()
        .trim()
        .min(1, t('quotePricing.messages.nameRequired'))
        .max(200, t('quotePricing.messages.nameTooLong')),
      amount: amount(t('quotePricing.messages.amountRequired'), true),
      taxable: z.boolean(),
    }),
    /** The deposit and the tax override. */
    amountOverride: z.object({ amount: optionalAmount }),
    override: z.object({
      amount: amount(t('quotePricing.messages.overrideAmountRequired'), false).refine(
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
        .refine((v) => /^[\d.\s%-]*$/.test(v), t('quotePricing.messages.percentLike'))
        .refine((v) => v === '' || parsePercent(v) !== null, t('quotePricing.messages.percentInvalid'))
        .transform((v) => parsePercent(v) ?? v),
    }),
  };
}

export type PricingFormSchemas = ReturnType<typeof pricingFormSchemas>;
