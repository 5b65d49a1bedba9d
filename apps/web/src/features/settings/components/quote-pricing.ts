import '../strings';
import type { DealerSettings, SaveDealerSettingsRequest } from '@slat/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { requiredNumber } from '../../../lib/forms/number';

/** Quote pricing and texts as the form holds them: percentages as numbers. */
export function quoteSettingsSchema(t: TFunction, withTaxRate: boolean) {
  const percent = (label: string, max: number) =>
    requiredNumber({
      min: 0,
      max,
      required: t('form.labelRequired', { label }),
      range: t('form.between', { min: 0, max }),
    });
  return z
    .object({
      depositPercentage: percent(t('settings.quotes.deposit'), 100),
      taxRatePercentage: withTaxRate
        ? percent(t('settings.quotes.taxRate'), 100)
        : z
            .number()
            .nullable()
            .transform((n) => n ?? 0),
      quotePricingTaxMode: z.enum(['INCLUSIVE', 'EXCLUSIVE']),
      accountAdjustmentType: z.enum(['PERCENT_MARK_UP', 'PERCENT_MARGIN']),
      accountAdjustmentValue: percent(t('settings.quotes.adjustmentValue'), 10000),
      bindingText: z.string().max(10000),
      companyDetails: z.string().max(5000),
    })
    .refine((v) => !(v.accountAdjustmentType === 'PERCENT_MARGIN' && v.accountAdjustmentValue >= 100), {
      path: ['accountAdjustmentValue'],
      message: t('settings.quotes.marginTooHigh'),
    });
}

export type QuoteSettingsForm = {
  depositPercentage: number | null;
  taxRatePercentage: number | null;
  quotePricingTaxMode: 'INCLUSIVE' | 'EXCLUSIVE';
  accountAdjustmentType: 'PERCENT_MARK_UP' | 'PERCENT_MARGIN';
  accountAdjustmentValue: number | null;
  bindingText: string;
  companyDetails: string;
};

const toNumber = (decimal: string) => (decimal.trim() === '' ? null : Number(decimal));

export const quoteSettingsValues = (s: DealerSettings): QuoteSettingsForm => ({
  depositPercentage: toNumber(s.depositPercentage),
  taxRatePercentage: toNumber(s.taxRatePercentage),
  quotePricingTaxMode: s.quotePricingTaxMode,
  accountAdjustmentType: s.accountAdjustmentType,
  accountAdjustmentValue: toNumber(s.accountAdjustmentValue),
  bindingText: s.bindingText,
  companyDetails: s.companyDetails,
});

/** Decimal strings with at most 2 places, as the wire wants; the tax rate only when it is shown. */
export function quoteSettingsRequest(
  v: {
    depositPercentage: number;
    taxRatePercentage: number;
    quotePricingTaxMode: 'INCLUSIVE' | 'EXCLUSIVE';
    accountAdjustmentType: 'PERCENT_MARK_UP' | 'PERCENT_MARGIN';
    accountAdjustmentValue: number;
    bindingText: string;
    companyDetails: string;
  },
  withTaxRate: boolean,
): SaveDealerSettingsRequest {
  const decimal = (n: number) => String(Math.round(n * 100) / 100);
  return {
    depositPercentage: decimal(v.depositPercentage),
    ...(withTaxRate ? { taxRatePercentage: decimal(v.taxRatePercentage) } : {}),
    quotePricingTaxMode: v.quotePricingTaxMode,
    accountAdjustmentType: v.accountAdjustmentType,
    accountAdjustmentValue: decimal(v.accountAdjustmentValue),
    bindingText: v.bindingText,
    companyDetails: v.companyDetails,
  };
}
