import { Button, Group, Stack, Text } from '@mantine/core';
import { type DealQuote, DISCOUNT_PRESETS } from '@slat/contracts';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../../../../components/form/form';
import { FormButtons, FormModal, useFormModal } from '../../../../components/form/form-modal';
import { TextareaField } from '../../../../components/form/textarea-field';
import { useAppForm } from '../../../../components/form/use-app-form';
import { IconPercentage } from '../../../../components/icons';
import { useApplyOverrideTotal } from '../../api/pricing';
import { discountedTotal, formatMoney, moneyForInput, parsePercent, totalBeforeOverride } from './money';
import { CheckboxField, ConflictAlert, MoneyField, usePricingSave, usePricingSchemas } from './pricing-bits';

const NOTES_MAX = 2000;

/**
 * §2/§5 order-total override: the total the quote should come to (inc tax; 'Please enter an
 * override amount'), 'Discount %' opening the percentage-discount dialog that fills it with
 * R(total × (1 − p/100)), 'Override taxables', notes. Saved through apply-override-total.
 */
export function OverrideTotalModal({
  quote,
  opened,
  onClose,
}: {
  quote: DealQuote;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('quotePricing.overrideTitle')} size="md">
      {opened && quote.context.pricing && <OverrideTotalForm quote={quote} />}
    </FormModal>
  );
}

function OverrideTotalForm({ quote }: { quote: DealQuote }) {
  const { t } = useTranslation();
  const schemas = usePricingSchemas();
  const modal = useFormModal();
  const apply = useApplyOverrideTotal(quote);
  const save = usePricingSave();
  const [discounting, setDiscounting] = useState(false);
  const pricing = quote.context.pricing;
  const system = pricing?.adjustments.find((a) => a.isSystem);
  const form = useAppForm(schemas.override, {
    amount: moneyForInput(quote.totalSellPriceOverride),
    overrideTaxables: system?.taxType === 'STANDARD',
    // The notes saved with the override, so saving again keeps them unless changed.
    notes: quote.totalSellPriceOverrideNotes,
  });
  if (!pricing) return null;
  // what the discount applies to: the total as it would be without an override, from the latest quote
  const total = totalBeforeOverride(pricing, quote.config);
  return (
    <>
      <AppForm
        form={form}
        aria-label={t('quotePricing.overrideTitle')}
        onSubmit={async (values) => {
          const saved = await save.run(() =>
            apply.mutateAsync({
              override_total: values.amount,
              override_taxables: values.overrideTaxables,
              notes: values.notes.trim(),
            }),
          );
          if (saved) modal.close();
        }}
      >
        <Stack gap="sm">
          <ConflictAlert quoteId={quote.id} conflict={save.conflict} onReloaded={save.clearConflict} />
          <Text size="sm" data-testid="override-base-total">
            {t('quotePricing.overrideHint', { total: formatMoney(total) })}
          </Text>
          <Group align="flex-start" gap="xs" wrap="nowrap">
            <MoneyField
              name="amount"
              label={t('quotePricing.overrideLabel')}
              withAsterisk
              data-autofocus
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button
              variant="default"
              mt={25}
              leftSection={<IconPercentage size={16} aria-hidden />}
              onClick={() => setDiscounting(true)}
            >
              {t('quotePricing.discountButton')}
            </Button>
          </Group>
          <OverrideTaxablesField />
          <TextareaField name="notes" label={t('quotePricing.notes')} maxLength={NOTES_MAX} minRows={2} />
          <FormButtons submitLabel={t('quotePricing.save')} />
        </Stack>
      </AppForm>
      {/* beside the form, not in it: a submit inside a portal would bubble to this form in React */}
      <DiscountDialog
        opened={discounting}
        total={total}
        onClose={() => setDiscounting(false)}
        onApply={(amount) =>
          form.setValue('amount', moneyForInput(amount), { shouldDirty: true, shouldValidate: true })
        }
      />
    </>
  );
}

/**
 * 'Override taxables' with what the choice does to the tax (DESIGN §5): ticked, the difference
 * is a STANDARD adjustment and the tax is worked out again with it; unticked, it is untaxed and
 * the tax stays as calculated on the products and adjustments.
 */
function OverrideTaxablesField() {
  const { t } = useTranslation();
  const taxable = useWatch<{ overrideTaxables: boolean }, 'overrideTaxables'>({ name: 'overrideTaxables' });
  return (
    <CheckboxField
      name="overrideTaxables"
      label={t('quotePricing.overrideTaxables')}
      description={taxable ? t('quotePricing.overrideTaxablesOn') : t('quotePricing.overrideTaxablesOff')}
    />
  );
}

/** §5 percentage-discount dialog: presets 5, 10, 15, 20 %; 'Please enter a discount percentage'. */
export function DiscountDialog({
  opened,
  total,
  onClose,
  onApply,
}: {
  opened: boolean;
  /** The total the percentage comes off (decimal string). */
  total: string;
  onClose: () => void;
  onApply: (amount: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormModal opened={opened} onClose={onClose} title={t('quotePricing.discountTitle')} size="sm">
      {opened && <DiscountForm total={total} onApply={onApply} />}
    </FormModal>
  );
}

function DiscountForm({ total, onApply }: { total: string; onApply: (amount: string) => void }) {
  const { t } = useTranslation();
  const schemas = usePricingSchemas();
  const modal = useFormModal();
  const form = useAppForm(schemas.discount, { percentage: '' });
  return (
    <AppForm
      form={form}
      aria-label={t('quotePricing.discountTitle')}
      onSubmit={(values) => {
        onApply(discountedTotal(total, values.percentage));
        modal.close();
      }}
    >
      <Stack gap="sm">
        <Presets />
        <MoneyPercentField />
        <DiscountResult total={total} />
        <FormButtons submitLabel={t('quotePricing.apply')} />
      </Stack>
    </AppForm>
  );
}

function Presets() {
  const { t } = useTranslation();
  const { setValue } = useFormContext<{ percentage: string }>();
  const percentage = useWatch<{ percentage: string }, 'percentage'>({ name: 'percentage' });
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="discount-presets">
        {t('quotePricing.presets')}
      </Text>
      <Group gap="xs" role="group" aria-labelledby="discount-presets">
        {DISCOUNT_PRESETS.map((p) => {
          const chosen = parsePercent(percentage ?? '') === String(p);
          return (
            <Button
              key={p}
              size="xs"
              variant={chosen ? 'filled' : 'default'}
              aria-pressed={chosen}
              onClick={() => setValue('percentage', String(p), { shouldDirty: true, shouldValidate: true })}
            >
              {t('quotePricing.preset', { percent: p })}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

function MoneyPercentField() {
  const { t } = useTranslation();
  return (
    <MoneyField
      name="percentage"
      label={t('quotePricing.discountLabel')}
      leftSection={undefined}
      rightSection={<span aria-hidden>%</span>}
      withAsterisk
      data-autofocus
    />
  );
}

/** '$268.99 less 10% is $242.09', live while a valid percentage is typed. */
function DiscountResult({ total }: { total: string }) {
  const { t } = useTranslation();
  const percentage = useWatch<{ percentage: string }, 'percentage'>({ name: 'percentage' });
  const p = parsePercent(percentage ?? '');
  return (
    <Text size="sm" aria-live="polite" data-testid="discount-result" mih="1.5em">
      {p === null
        ? ''
        : t('quotePricing.discountResult', {
            total: formatMoney(total),
            percent: p,
            result: formatMoney(discountedTotal(total, p)),
          })}
    </Text>
  );
}
