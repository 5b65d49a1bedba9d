import '../../pricing-strings';
import { Box, Paper, Table, Text, Title } from '@mantine/core';
import type { DealQuote, QuotePricing } from '@slat/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureFlag } from '../../../../lib/feature-flags';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import { entryAmount, formatMoney } from './money';

/** The full §3 Pricing of a quote, one row per figure (the QuotePriceBreakdown flag). */
export function PriceBreakdown({ quote, pricing }: { quote: DealQuote; pricing: QuotePricing }) {
  const { t } = useTranslation();
  const none = t('quotePricing.breakdown.none');
  const rows: [key: string, label: string, amount: string, strong?: boolean][] = [
    ['linesExTax', t('quotePricing.breakdown.linesExTax'), formatMoney(pricing.sellTotalOrderLinesExTax)],
    ['linesIncTax', t('quotePricing.breakdown.linesIncTax'), formatMoney(pricing.sellTotalOrderLinesIncTax)],
    ...pricing.adjustments.map(
      (a, i) =>
        [`adjustment-${i}`, a.label, formatMoney(entryAmount(a, quote.config.taxMode))] as [
          string,
          string,
          string,
        ],
    ),
    ['taxable', t('quotePricing.breakdown.taxable'), formatMoney(pricing.sellTotalTaxable)],
    ['taxCalculated', t('quotePricing.breakdown.taxCalculated'), formatMoney(pricing.sellTaxCalculated)],
    [
      'taxOverride',
      t('quotePricing.breakdown.taxOverride'),
      pricing.sellTaxOverride === null ? none : formatMoney(pricing.sellTaxOverride),
    ],
    ['taxTotal', t('quotePricing.breakdown.taxTotal'), formatMoney(pricing.sellTaxTotal)],
    [
      'grandTotalExTax',
      t('quotePricing.breakdown.grandTotalExTax'),
      formatMoney(pricing.sellGrandTotalExTax),
    ],
    [
      'grandTotalIncTax',
      t('quotePricing.breakdown.grandTotalIncTax'),
      formatMoney(pricing.sellGrandTotalIncTax),
      true,
    ],
    [
      'depositCalculated',
      t('quotePricing.breakdown.depositCalculated'),
      formatMoney(pricing.depositAmountCalculated),
    ],
    [
      'depositOverride',
      t('quotePricing.breakdown.depositOverride'),
      pricing.depositAmountOverride === null ? none : formatMoney(pricing.depositAmountOverride),
    ],
    ['deposit', t('quotePricing.breakdown.deposit'), formatMoney(pricing.depositAmount), true],
  ];
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby={`price-breakdown-${quote.id}`}
      data-testid="price-breakdown"
    >
      <Title order={3} size="h5" id={`price-breakdown-${quote.id}`} mb="xs">
        {t('quotePricing.breakdown.title')}
      </Title>
      <Table
        verticalSpacing={4}
        horizontalSpacing={0}
        withRowBorders={false}
        styles={{ td: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } }}
      >
        <Table.Tbody>
          {rows.map(([key, label, amount, strong]) => (
            <Table.Tr key={key} data-testid={`breakdown-${key}`}>
              <Table.Th
                scope="row"
                fw={strong ? 700 : 400}
                fz="sm"
                style={{ wordBreak: 'break-word', paddingRight: 8 }}
              >
                {label}
              </Table.Th>
              <Table.Td fw={strong ? 700 : 400} fz="sm">
                {amount}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The quote price summary (the QuotePriceBreakdown flag): the total inc tax and the deposit, in one line. */
export function PriceSummary({ pricing }: { pricing: QuotePricing }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" fw={600} data-testid="price-summary">
      {t('quotePricing.summary', {
        total: formatMoney(pricing.sellGrandTotalIncTax),
        deposit: formatMoney(pricing.depositAmount),
      })}
    </Text>
  );
}

/** Whether the breakdown shows as a block at the end of the Pricing area: the flag on a small screen. */
export function useBreakdownBlock(): boolean {
  const on = useFeatureFlag('QuotePriceBreakdown');
  const wide = useBreakpoint() === 'large';
  return on && !wide;
}

/**
 * The quote modal's body with the price breakdown beside it (§2: the sidebar depends on the
 * QuotePriceBreakdown flag) on a wide screen; on a small one the Pricing area ends with it as a
 * block; without the flag (or before pricing arrives) the body alone.
 */
export function PriceBreakdownLayout({ quote, children }: { quote: DealQuote; children: ReactNode }) {
  const on = useFeatureFlag('QuotePriceBreakdown');
  const wide = useBreakpoint() === 'large';
  const pricing = quote.context.pricing;
  // on a small screen the Pricing area ends with the breakdown as a block (useBreakdownBlock)
  if (!on || !pricing || !wide) return children;
  const breakdown = <PriceBreakdown quote={quote} pricing={pricing} />;
  return (
    <Box
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 1fr) 17rem',
        gap: 'var(--mantine-spacing-lg)',
      }}
    >
      <Box miw={0}>{children}</Box>
      <Box style={{ alignSelf: 'start', position: 'sticky', top: '4.5rem' }}>{breakdown}</Box>
    </Box>
  );
}
