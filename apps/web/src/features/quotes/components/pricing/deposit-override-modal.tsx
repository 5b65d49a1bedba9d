import { Button, Group, Stack } from '@mantine/core';
import type { DealQuote } from '@slat/contracts';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../../components/form/form-modal';
import { useAppForm } from '../../../../components/form/use-app-form';
import { type PricingChange, useUpdatePricing } from '../../api/pricing';
import { formatMoney, formatPercent, moneyForInput } from './money';
import { ConflictAlert, MoneyField, usePricingSave, usePricingSchemas } from './pricing-bits';

type AmountOverrideProps = {
  quote: DealQuote;
  opened: boolean;
  onClose: () => void;
  title: string;
  label: string;
  /** Says what blank means: the calculated value. */
  hint: string;
  /** The override now (null: none). */
  current: string | null;
  /** The PUT's change for the typed value (null: use the calculated value). */
  change: (value: string | null) => PricingChange;
};

/**
 * A deposit or tax override (§5): an amount of 0 or more, or blank to use the calculated value;
 * 'Use the calculated value' empties the field.
 */
export function AmountOverrideModal({ opened, onClose, title, ...props }: AmountOverrideProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title} size="md">
      {opened && <AmountOverrideForm title={title} {...props} />}
    </FormModal>
  );
}

function AmountOverrideForm({
  quote,
  title,
  label,
  hint,
  current,
  change,
}: Omit<AmountOverrideProps, 'opened' | 'onClose'>) {
  const { t } = useTranslation();
  const schemas = usePricingSchemas();
  const modal = useFormModal();
  const update = useUpdatePricing(quote);
  const save = usePricingSave();
  const form = useAppForm(schemas.amountOverride, { amount: moneyForInput(current) });
  return (
    <AppForm
      form={form}
      aria-label={title}
      onSubmit={async (values) => {
        if (await save.run(() => update.mutateAsync(() => change(values.amount)))) modal.close();
      }}
    >
      <Stack gap="sm">
        <ConflictAlert quoteId={quote.id} conflict={save.conflict} onReloaded={save.clearConflict} />
        <MoneyField name="amount" label={label} description={hint} data-autofocus />
        <UseCalculated />
        <FormButtons submitLabel={t('quotePricing.save')} />
      </Stack>
    </AppForm>
  );
}

/** Empties the amount (blank = the calculated value); shown while there is one. */
function UseCalculated() {
  const { t } = useTranslation();
  const { watch, setValue } = useFormContext<{ amount: string }>();
  if (watch('amount').trim() === '') return null;
  return (
    <Group>
      <Button
        size="xs"
        variant="subtle"
        onClick={() => setValue('amount', '', { shouldDirty: true, shouldValidate: true })}
      >
        {t('quotePricing.useCalculated')}
      </Button>
    </Group>
  );
}

/** §2 deposit override modal: the deposit amount, or blank for the calculated percentage of the total. */
export function DepositOverrideModal({
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
      opened={opened}
      onClose={onClose}
      title={t('quotePricing.depositTitle')}
      label={t('quotePricing.depositLabel')}
      hint={t('quotePricing.depositHint', {
        amount: formatMoney(pricing.depositAmountCalculated),
        rate: formatPercent(quote.config.depositPercentage),
      })}
      current={pricing.depositAmountOverride}
      change={(value) => ({ depositAmountOverride: value })}
    />
  );
}
