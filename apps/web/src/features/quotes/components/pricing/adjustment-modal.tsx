import { Stack } from '@mantine/core';
import type { DealQuote } from '@slat/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../../components/form/fields';
import { AppForm } from '../../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../../components/form/form-modal';
import { useAppForm } from '../../../../components/form/use-app-form';
import { useUpdatePricing } from '../../api/pricing';
import {
  type AdjustmentDraft,
  changeAdjustments,
  formatPercent,
  moneyForInput,
  taxApplies,
  userAdjustments,
} from './money';
import { CheckboxField, ConflictAlert, MoneyField, usePricingSave, usePricingSchemas } from './pricing-bits';

/** Which adjustment the modal edits: 'new' adds one; null is closed. */
export type AdjustmentTarget = { index: number; adjustment: AdjustmentDraft } | 'new' | null;

/** Where `original` is in the list now (another person may have changed it): its index, else null. */
export function findAdjustment(
  list: readonly AdjustmentDraft[],
  original: AdjustmentDraft,
  hint: number,
): number | null {
  const same = (a: AdjustmentDraft | undefined) =>
    a !== undefined &&
    a.label === original.label &&
    a.amount === original.amount &&
    a.taxType === original.taxType;
  if (same(list[hint])) return hint;
  const index = list.findIndex(same);
  return index < 0 ? null : index;
}

/**
 * §2/§5 price adjustment modal: name and amount required; the amount in the quote's entry mode
 * (inc tax when prices include tax, else ex tax), negative for a discount; Taxable only when the
 * quote has a tax percentage above 0.
 */
export function AdjustmentModal({
  quote,
  target,
  onClose,
}: {
  quote: DealQuote;
  target: AdjustmentTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={target !== null}
      onClose={onClose}
      title={target === 'new' ? t('quotePricing.adjustmentAddTitle') : t('quotePricing.adjustmentEditTitle')}
    >
      {target !== null && <AdjustmentForm quote={quote} target={target} />}
    </FormModal>
  );
}

function AdjustmentForm({ quote, target }: { quote: DealQuote; target: Exclude<AdjustmentTarget, null> }) {
  const { t } = useTranslation();
  const schemas = usePricingSchemas();
  const modal = useFormModal();
  const update = useUpdatePricing(quote);
  const save = usePricingSave();
  const mode = quote.config.taxMode;
  const editing = target === 'new' ? null : target;
  const offerTaxable = taxApplies(quote.config.taxPercentage);
  const form = useAppForm(schemas.adjustment, {
    label: editing?.adjustment.label ?? '',
    amount: moneyForInput(editing?.adjustment.amount),
    taxable: editing?.adjustment.taxType === 'STANDARD',
  });
  const label =
    target === 'new' ? t('quotePricing.adjustmentAddTitle') : t('quotePricing.adjustmentEditTitle');
  return (
    <AppForm
      form={form}
      aria-label={label}
      onSubmit={async (values) => {
        const draft: AdjustmentDraft = {
          label: values.label,
          amount: values.amount,
          taxType: offerTaxable
            ? values.taxable
              ? 'STANDARD'
              : 'NONE'
            : (editing?.adjustment.taxType ?? 'NONE'),
        };
        const saved = await save.run(() =>
          update.mutateAsync((latest) => {
            const list = latest.context.pricing ? userAdjustments(latest.context.pricing, mode) : [];
            const index = editing ? findAdjustment(list, editing.adjustment, editing.index) : null;
            return { adjustments: changeAdjustments(list, index, draft, mode) };
          }),
        );
        if (saved) modal.close();
      }}
    >
      <Stack gap="sm">
        <ConflictAlert quoteId={quote.id} conflict={save.conflict} onReloaded={save.clearConflict} />
        <TextField name="label" label={t('quotePricing.name')} maxLength={200} withAsterisk data-autofocus />
        <MoneyField
          name="amount"
          label={mode === 'INCLUSIVE' ? t('quotePricing.amountIncTax') : t('quotePricing.amountExTax')}
          description={t('quotePricing.amountHint')}
          withAsterisk
        />
        {offerTaxable && (
          <CheckboxField
            name="taxable"
            label={t('quotePricing.taxable')}
            description={t('quotePricing.taxableHint', { rate: formatPercent(quote.config.taxPercentage) })}
          />
        )}
        <FormButtons submitLabel={target === 'new' ? t('quotePricing.add') : t('quotePricing.save')} />
      </Stack>
    </AppForm>
  );
}
