import { Badge, Group, Menu, Stack, Text } from '@mantine/core';
import type { DealQuote, DealQuoteListItem } from '@slat/contracts';
import { compareDecimals } from '@slat/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconGitBranch } from '../../../../components/icons';
import { AnchorLink } from '../../../../components/ui/router-links';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { ApiError } from '../../../../lib/api/errors';
import { firstClickOnly } from '../../../../lib/clicks';
import { requestConfirm } from '../../../../lib/confirm';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import '../../accept-strings';
import { formatPrice } from '../../../order-lines';
import { useReviseQuote } from '../../api/accept';
import { dealQuoteQueryOptions } from '../../api/quotes';
import { type QuoteDealRef, quoteRoute } from '../quote-form-modal';

/**
 * Revisions of an accepted quote: Revise makes a new DRAFT revision and opens
 * it; the accepted one stays read-only with a link to the newer one; once a revision is accepted,
 * what the deal owes beyond the quote it revises shows on both the quote and the deal.
 */

/** Revise is offered on an accepted quote not revised yet, while it and its deal are open. */
export const canRevise = (quote: DealQuote): boolean =>
  quote.status === 'ACCEPTED' &&
  !quote.isArchived &&
  !quote.context.deal.isArchived &&
  !quote.context.revision?.revisedBy;

/** A difference with its sign: '+$120.00', '−$30.00', '$0.00'. */
export function signedPrice(amount: string): string {
  const sign = compareDecimals(amount, '0');
  const magnitude = formatPrice(amount.replace(/^-/, '')) ?? amount;
  return sign > 0 ? `+${magnitude}` : sign < 0 ? `−${magnitude}` : magnitude;
}

/** The quote menu's Revise: after a question, the new revision opens (the call runs on when the menu closes). */
export function ReviseMenuItem({ quote, deal }: { quote: DealQuote; deal: QuoteDealRef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revise = useReviseQuote(quote);
  const next = (quote.context.revision?.number ?? 1) + 1;
  const run = () =>
    revise.mutateAsync().then(
      ({ id }) => {
        notifySuccess(t('quoteAccept.revisedToast', { number: next }), t('quoteAccept.revisedToastMessage'));
        return navigate(quoteRoute(deal, id));
      },
      (error: unknown) =>
        notifyError(
          t('errors.genericTitle'),
          error instanceof ApiError && error.status < 500
            ? translateMessage(error.message)
            : t('errors.serverIssues'),
        ),
    );
  // Revising changes what the deal's accepted quote is, so it says so and asks first.
  const ask = () =>
    requestConfirm({
      title: t('quotes.reviseConfirmTitle', { tuid: quote.tuid }),
      message: t('quotes.reviseConfirmMessage', { tuid: quote.tuid }),
      confirmLabel: t('quotes.reviseConfirm'),
      cancelLabel: t('form.cancel'),
      action: run,
    });
  return (
    <Menu.Item
      leftSection={<IconGitBranch size={14} aria-hidden />}
      disabled={revise.isPending}
      onClick={firstClickOnly(() => void ask())}
    >
      {t('quoteAccept.revise')}
    </Menu.Item>
  );
}

/** The revision's number, the quote it revises or the newer revision, and what the deal owes. */
export function RevisionPanel({ quote, deal }: { quote: DealQuote; deal: QuoteDealRef }) {
  const { t } = useTranslation();
  const revision = quote.context.revision;
  if (!revision || (revision.number <= 1 && !revision.revisionOf && !revision.revisedBy)) return null;
  return (
    <Stack gap="xs" data-testid="revision-panel">
      {revision.revisedBy && (
        <StatusAlert kind="info" p="xs">
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('quoteAccept.newerRevision', { tuid: revision.revisedBy.tuid })}</Text>
            <AnchorLink size="sm" fw={600} {...quoteRoute(deal, revision.revisedBy.id)}>
              {t('quoteAccept.openNewer')}
            </AnchorLink>
          </Group>
        </StatusAlert>
      )}
      {revision.revisionOf && (
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color="grape" size="sm">
            {t('quoteAccept.revisionBadge', { number: revision.number })}
          </Badge>
          <Text size="sm">
            {t('quoteAccept.revisionOf', { number: revision.number, tuid: revision.revisionOf.tuid })}
          </Text>
          <AnchorLink size="sm" {...quoteRoute(deal, revision.revisionOf.id)}>
            {t('quoteAccept.openRevised', { tuid: revision.revisionOf.tuid })}
          </AnchorLink>
        </Group>
      )}
      {revision.difference && <DifferenceLine difference={revision.difference} />}
    </Stack>
  );
}

function DifferenceLine({ difference }: { difference: { total: string; deposit: string } }) {
  const { t } = useTranslation();
  return (
    <StatusAlert kind="success" p="xs" title={t('quoteAccept.difference')} data-testid="revision-difference">
      <Group gap="lg" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('quoteAccept.differenceTotal', { amount: signedPrice(difference.total) })}
        </Text>
        <Text size="sm" fw={600}>
          {t('quoteAccept.differenceDeposit', { amount: signedPrice(difference.deposit) })}
        </Text>
      </Group>
    </StatusAlert>
  );
}

/**
 * The deal's Quotes section: an accepted revision's difference in total and deposit owed (read
 * from the quote itself; lists do not carry revisions).
 */
export function RevisionDifference({ quote }: { quote: DealQuoteListItem }) {
  const { t } = useTranslation();
  const detail = useQuery({ ...dealQuoteQueryOptions(quote.id), enabled: quote.status === 'ACCEPTED' });
  const difference = detail.data?.context.revision?.difference;
  if (!difference) return null;
  return (
    <Text size="xs" fw={600} c="teal.9" data-testid="quote-row-difference">
      {t('quoteAccept.differenceShort', {
        total: signedPrice(difference.total),
        deposit: signedPrice(difference.deposit),
      })}
    </Text>
  );
}
