import '../../pricing-strings';
import { ActionIcon, Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { DealQuote, OverrideDrift, QuotePricing } from '@slat/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPencil, IconPlus, IconTrash } from '../../../../components/icons';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { notifyUndoable } from '../../../../components/ui/undo-toast';
import { firstClickOnly } from '../../../../lib/clicks';
import { confirmDestructive } from '../../../../lib/confirm';
import { useFeatureFlag } from '../../../../lib/feature-flags';
import { notifySuccess } from '../../../../lib/notify';
import { useApplyOverrideTotal, useReloadQuote, useUpdatePricing } from '../../api/pricing';
import { AdjustmentModal, type AdjustmentTarget, findAdjustment } from './adjustment-modal';
import { DepositOverrideModal } from './deposit-override-modal';
import {
  type AdjustmentDraft,
  changeAdjustments,
  entryAmount,
  formatMoney,
  formatPercent,
  insertAdjustment,
  taxApplies,
  totalBeforeOverride,
  userAdjustments,
} from './money';
import { OverrideTotalModal } from './override-total-modal';
import { PriceBreakdown, PriceSummary, useBreakdownBlock } from './price-breakdown';
import { notifyPricingCallFailed } from './pricing-bits';
import { canOverrideTax, TaxOverrideModal } from './tax-override-modal';

type Dialog = 'deposit' | 'tax' | 'override';

/**
 * The quote's Pricing area (§2/§5, DESIGN §5): the products total, each adjustment in the
 * quote's entry mode (inc tax when prices include tax, else ex tax) with edit and remove (undo),
 * Add adjustment, tax (calculated or overridden; editable with the permission when prices
 * exclude tax), the totals, the override total (set, or removed after a question) and the
 * deposit (calculated or overridden). A read-only quote shows the figures without controls.
 * With the QuotePriceBreakdown flag the short price summary heads it.
 */
export function QuotePricingArea({ quote }: { quote: DealQuote }) {
  const pricing = quote.context.pricing;
  if (!pricing) return null;
  return <PricingArea quote={quote} pricing={pricing} />;
}

function PricingArea({ quote, pricing }: { quote: DealQuote; pricing: QuotePricing }) {
  const { t } = useTranslation();
  const summary = useFeatureFlag('QuotePriceBreakdown');
  const breakdownBlock = useBreakdownBlock();
  const [adjustment, setAdjustment] = useState<AdjustmentTarget>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const update = useUpdatePricing(quote);
  const apply = useApplyOverrideTotal(quote);
  const reload = useReloadQuote(quote.id);
  const [removing, setRemoving] = useState<number | null>(null);
  const editable = !quote.isReadOnly;
  const mode = quote.config.taxMode;
  const rate = formatPercent(quote.config.taxPercentage);
  const inclusive = mode === 'INCLUSIVE';
  const drafts = userAdjustments(pricing, mode);
  const override = pricing.adjustments.find((a) => a.isSystem);
  const taxEditable = canOverrideTax(quote);
  const reloadQuote = () => reload.mutateAsync();

  const remove = (index: number, draft: AdjustmentDraft) => {
    setRemoving(index);
    update
      .mutateAsync((latest) => {
        const list = latest.context.pricing ? userAdjustments(latest.context.pricing, mode) : [];
        // gone already (someone else removed it): the list as it is
        return { adjustments: changeAdjustments(list, findAdjustment(list, draft, index), null, mode) };
      })
      .then(
        () =>
          notifyUndoable({
            title: t('quotePricing.adjustmentRemoved'),
            message: draft.label,
            undo: () =>
              update
                .mutateAsync((latest) => ({
                  adjustments: insertAdjustment(
                    latest.context.pricing ? userAdjustments(latest.context.pricing, mode) : [],
                    index,
                    draft,
                    mode,
                  ),
                }))
                .catch((error: unknown) => {
                  notifyPricingCallFailed(error, reloadQuote);
                  throw error;
                }),
          }),
        (error: unknown) => notifyPricingCallFailed(error, reloadQuote),
      )
      .finally(() => setRemoving(null));
  };

  const askRemoveOverride = () =>
    void confirmDestructive({
      title: t('quotePricing.removeOverrideTitle'),
      message: t('quotePricing.removeOverrideMessage', {
        amount: formatMoney(quote.totalSellPriceOverride ?? pricing.sellGrandTotalIncTax),
        total: formatMoney(totalBeforeOverride(pricing, quote.config)),
      }),
      confirmLabel: t('quotePricing.removeOverrideConfirm'),
      action: () =>
        apply.mutateAsync({ override_total: null }).catch((error: unknown) => {
          notifyPricingCallFailed(error, reloadQuote);
          throw error;
        }),
    });

  // the old percentage off the total as it is now, the override's tax choice and notes kept
  const reapplyOverride = () => {
    const drift = pricing.overrideDrift;
    if (!drift) return;
    apply
      .mutateAsync({
        override_total: drift.reapplyTotal,
        override_taxables: override?.taxType === 'STANDARD',
        notes: quote.totalSellPriceOverrideNotes,
      })
      .then(
        (answer) =>
          notifySuccess(
            t('quotePricing.overrideReappliedTitle'),
            t('quotePricing.overrideReapplied', {
              amount: formatMoney(answer.data.pricing.sellGrandTotalIncTax),
            }),
          ),
        (error: unknown) => notifyPricingCallFailed(error, reloadQuote),
      );
  };

  const entryNote = !taxApplies(quote.config.taxPercentage)
    ? t('quotePricing.entryNoTax')
    : inclusive
      ? t('quotePricing.entryInclusive', { rate })
      : t('quotePricing.entryExclusive', { rate });

  const taxRow = (
    <Row
      withActions={editable}
      testId="pricing-tax"
      label={inclusive ? t('quotePricing.taxIncluded', { rate }) : t('quotePricing.tax', { rate })}
      amount={pricing.sellTaxTotal}
      marker={pricing.sellTaxOverride !== null}
      hint={
        pricing.sellTaxOverride !== null
          ? t('quotePricing.taxOverridden', { amount: formatMoney(pricing.sellTaxCalculated) })
          : undefined
      }
      action={
        taxEditable && <EditIcon label={t('quotePricing.changeTax')} onClick={() => setDialog('tax')} />
      }
    />
  );
  const exTotal = (
    <Row
      withActions={editable}
      testId="pricing-total-ex"
      label={t('quotePricing.grandTotalExTax')}
      amount={pricing.sellGrandTotalExTax}
    />
  );
  const incTotal = (
    <Row
      withActions={editable}
      testId="pricing-total-inc"
      label={t('quotePricing.grandTotalIncTax')}
      amount={pricing.sellGrandTotalIncTax}
      strong
    />
  );

  return (
    <Stack
      component="section"
      aria-labelledby={`quote-pricing-${quote.id}`}
      gap="xs"
      data-testid="quote-pricing"
    >
      <Group justify="space-between" gap="xs" align="flex-end">
        <Stack gap={0}>
          <Title order={3} size="h5" id={`quote-pricing-${quote.id}`}>
            {t('quotePricing.heading')}
          </Title>
          <Text size="xs" c="dimmed">
            {entryNote}
          </Text>
        </Stack>
        {summary && <PriceSummary pricing={pricing} />}
      </Group>
      {!pricing.isPricingValid && (
        <StatusAlert kind="warning" p="xs">
          {t('quotePricing.invalidPricing')}
        </StatusAlert>
      )}
      <Stack gap={6}>
        <Row
          withActions={editable}
          testId="pricing-lines"
          label={inclusive ? t('quotePricing.linesIncTax') : t('quotePricing.linesExTax')}
          amount={inclusive ? pricing.sellTotalOrderLinesIncTax : pricing.sellTotalOrderLinesExTax}
        />
        {pricing.adjustments.length > 0 && (
          <Stack
            gap={4}
            component="ul"
            aria-label={t('quotePricing.adjustments')}
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {pricing.adjustments.map((a, i) => {
              const userIndex = a.isSystem
                ? -1
                : pricing.adjustments.slice(0, i).filter((b) => !b.isSystem).length;
              const draft = drafts[userIndex];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: adjustments have no id: their place is their identity (the PUT sends the list)
                <li key={`${i}-${a.label}`}>
                  <Row
                    withActions={editable}
                    testId={a.isSystem ? 'pricing-override-adjustment' : `pricing-adjustment-${userIndex}`}
                    label={a.label}
                    amount={entryAmount(a, mode)}
                    badges={
                      <>
                        {a.taxType === 'STANDARD' && taxApplies(quote.config.taxPercentage) && (
                          <Mark color="gray">{t('quotePricing.taxable')}</Mark>
                        )}
                        {entryAmount(a, mode).startsWith('-') && (
                          <Mark color="teal">{t('quotePricing.discount')}</Mark>
                        )}
                      </>
                    }
                    hint={a.isSystem ? t('quotePricing.systemAdjustment') : undefined}
                    action={
                      editable &&
                      draft && (
                        <>
                          <EditIcon
                            label={t('quotePricing.editAdjustment', { label: a.label })}
                            onClick={() => setAdjustment({ index: userIndex, adjustment: draft })}
                          />
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('quotePricing.removeAdjustment', { label: a.label })}
                            loading={removing === userIndex}
                            disabled={removing !== null}
                            onClick={firstClickOnly(() => remove(userIndex, draft))}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </>
                      )
                    }
                  />
                </li>
              );
            })}
          </Stack>
        )}
        {editable && (
          <Group>
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setAdjustment('new')}
            >
              {t('quotePricing.addAdjustment')}
            </Button>
          </Group>
        )}
        <Divider />
        {inclusive ? (
          <>
            {incTotal}
            {taxRow}
            {exTotal}
          </>
        ) : (
          <>
            {exTotal}
            {taxRow}
            {incTotal}
          </>
        )}
        {override && pricing.overrideDrift && (
          <OverrideDriftNote
            drift={pricing.overrideDrift}
            editable={editable}
            pending={apply.isPending}
            onReapply={reapplyOverride}
            onRemove={askRemoveOverride}
          />
        )}
        {(override || editable) && (
          <Group justify="space-between" gap="xs" data-testid="pricing-override">
            <Text size="sm" c={override ? undefined : 'dimmed'}>
              {override && quote.totalSellPriceOverride !== null
                ? t('quotePricing.overrideActive', { amount: formatMoney(quote.totalSellPriceOverride) })
                : ''}
            </Text>
            {editable && (
              <Group gap="xs">
                {/* while the drift note is up it offers the removal, so it is offered once */}
                {override && !pricing.overrideDrift && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={apply.isPending}
                    onClick={firstClickOnly(askRemoveOverride)}
                  >
                    {t('quotePricing.removeOverride')}
                  </Button>
                )}
                <Button size="xs" variant="default" onClick={() => setDialog('override')}>
                  {t('quotePricing.overrideTotal')}
                </Button>
              </Group>
            )}
          </Group>
        )}
        <Divider />
        <Row
          withActions={editable}
          testId="pricing-deposit"
          label={t('quotePricing.deposit', { rate: formatPercent(quote.config.depositPercentage) })}
          amount={pricing.depositAmount}
          strong
          marker={pricing.depositAmountOverride !== null}
          hint={
            pricing.depositAmountOverride !== null
              ? t('quotePricing.depositOverridden', { amount: formatMoney(pricing.depositAmountCalculated) })
              : undefined
          }
          action={
            editable && (
              <EditIcon label={t('quotePricing.changeDeposit')} onClick={() => setDialog('deposit')} />
            )
          }
        />
      </Stack>
      {breakdownBlock && <PriceBreakdown quote={quote} pricing={pricing} />}

      <AdjustmentModal quote={quote} target={adjustment} onClose={() => setAdjustment(null)} />
      <DepositOverrideModal quote={quote} opened={dialog === 'deposit'} onClose={() => setDialog(null)} />
      <TaxOverrideModal quote={quote} opened={dialog === 'tax'} onClose={() => setDialog(null)} />
      <OverrideTotalModal quote={quote} opened={dialog === 'override'} onClose={() => setDialog(null)} />
    </Stack>
  );
}

/**
 * Beside the total once the lines changed under an override total: what it meant then and now,
 * with Re-apply (the old percentage off the new total) and Remove override on an editable quote.
 */
function OverrideDriftNote({
  drift,
  editable,
  pending,
  onReapply,
  onRemove,
}: {
  drift: OverrideDrift;
  editable: boolean;
  pending: boolean;
  onReapply: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  // '10 % off', or '5 % above the total' for an override above it
  const discountText = (percent: string) =>
    percent.startsWith('-')
      ? t('quotePricing.percentAbove', { percent: formatPercent(percent.slice(1)) })
      : t('quotePricing.percentOff', { percent: formatPercent(percent) });
  return (
    <StatusAlert kind="warning" p="xs" data-testid="pricing-override-drift">
      <Stack gap={6}>
        <Text size="sm">
          {t('quotePricing.overrideDrift', {
            was: discountText(drift.discountPercentThen),
            now: discountText(drift.discountPercentNow),
          })}
        </Text>
        {editable && (
          <Group gap="xs">
            <Button size="xs" variant="default" loading={pending} onClick={firstClickOnly(onReapply)}>
              {t('quotePricing.reapplyOverride', { percent: formatPercent(drift.discountPercentThen) })}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              disabled={pending}
              onClick={firstClickOnly(onRemove)}
            >
              {t('quotePricing.removeOverride')}
            </Button>
          </Group>
        )}
      </Stack>
    </StatusAlert>
  );
}

/** A small tinted badge whose text keeps the page's text colour (a light badge's own is under 4.5:1). */
function Mark({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge size="xs" variant="light" color={color} c="var(--mantine-color-text)">
      {children}
    </Badge>
  );
}

function EditIcon({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
      <IconPencil size={16} aria-hidden />
    </ActionIcon>
  );
}

/** One figure: its label (with badges and a hint under it), the amount, and an action. */
function Row({
  label,
  amount,
  testId,
  strong,
  marker,
  hint,
  badges,
  action,
  withActions,
}: {
  label: string;
  amount: string;
  testId: string;
  strong?: boolean;
  /** Overridden: the 'Override' badge. */
  marker?: boolean;
  hint?: string | undefined;
  badges?: ReactNode;
  action?: ReactNode;
  /** The quote is editable: a column for the actions, so every amount lines up. */
  withActions: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid={testId}>
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={strong ? 700 : undefined} style={{ wordBreak: 'break-word' }}>
            {label}
          </Text>
          {marker && <Mark color="orange">{t('quotePricing.override')}</Mark>}
          {badges}
        </Group>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Text
          size="sm"
          fw={strong ? 700 : undefined}
          ta="right"
          style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          data-testid={`${testId}-amount`}
        >
          {formatMoney(amount)}
        </Text>
        {withActions && (
          <Group gap={2} wrap="nowrap" justify="flex-end" w={58}>
            {action || null}
          </Group>
        )}
      </Group>
    </Group>
  );
}
