import type { DealQuote } from '@slat/contracts';
import { useTranslation } from 'react-i18next';
import { AmountOverrideModal } from './deposit-override-modal';
import { formatMoney } from './money';

/** Whether this user may change this quote's tax amount (§5/§6): the permission, and prices that exclude tax. */
export const canOverrideTax = (quote: DealQuote): boolean =>
  !quote.isReadOnly &&
  quote.config.taxMode !== 'INCLUSIVE' &&
  quote.context.permissions?.canOverrideTax === true;

/** §2 tax override modal: the tax amount, or blank for the calculated tax. */
export function TaxOverrideModal({
  quote,
  opened,
  onClose,
}: {
  quote: DealQuote;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const pricing = quote.context.pricing;
  if (!pricing) return null;
  return (
    <AmountOverrideModal
      quote={quote}
      opened={opened && canOverrideTax(quote)}
      onClose={onClose}
      title={t('quotePricing.taxTitle')}
      label={t('quotePricing.taxLabel')}
      hint={t('quotePricing.taxHint', { amount: formatMoney(pricing.sellTaxCalculated) })}
      current={pricing.sellTaxOverride}
      change={(value) => ({ sellTaxOverride: value })}
    />
  );
}
