import { Badge, Button, Group, Stack, Switch, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DealDetail, DealQuoteListItem } from '@slat/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconGitBranch, IconPlus } from '../../../components/icons';
import { QueryView } from '../../../components/ui/query-view';
import { PaperLink } from '../../../components/ui/router-links';
import { useBoardSearch } from '../../deals';
import { formatPrice } from '../../order-lines';
import { workflowsQueryOptions } from '../../workflows';
import { dealQuotesQueryOptions, quoteKeys } from '../api/quotes';
import { type QuoteDealRef, QuoteFormModal, quoteRoute } from './quote-form-modal';
import { RevisionDifference } from './revise/revise';

/**
 * §2 Deal detail's Quotes section: the deal's quotes (Show archived adds the archived ones), each
 * a link to its quote modal, and Add quote (not on an archived deal).
 */
export function QuotesSection({ deal, readOnly }: { deal: DealDetail; readOnly: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [showArchived, setShowArchived] = useState(false);
  const [adding, setAdding] = useState(false);
  const quotes = useQuery(dealQuotesQueryOptions(deal.id, showArchived));
  // the deal's count changed under the list (a quote added or archived elsewhere, told by the live stream)
  const queryClient = useQueryClient();
  const quoteCount = deal.context.quoteCount;
  const seenCount = useRef(quoteCount);
  useEffect(() => {
    if (seenCount.current === quoteCount) return;
    seenCount.current = quoteCount;
    void queryClient.invalidateQueries({ queryKey: quoteKeys.dealLists(deal.id) });
  }, [queryClient, quoteCount, deal.id]);
  const workflows = useQuery(workflowsQueryOptions);
  const slug = workflows.data?.find((w) => w.id === deal.workflowId)?.slug;
  const boardSearch = useBoardSearch();
  const ref: QuoteDealRef | null = slug
    ? { workflowSlug: slug, workflowId: deal.workflowId, dealId: deal.id, boardSearch }
    : null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="xs">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {t('quotes.section')}
        </Title>
        <Group gap="xs">
          <Switch
            size="xs"
            label={t('quotes.showArchived')}
            checked={showArchived}
            onChange={(e) => setShowArchived(e.currentTarget.checked)}
          />
          {!readOnly && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={!ref}
              onClick={() => setAdding(true)}
            >
              {t('quotes.add')}
            </Button>
          )}
        </Group>
      </Group>
      <QueryView query={quotes} failedTitle={t('quotes.listFailed')} skeletonRows={2}>
        {(list) =>
          list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {showArchived ? t('quotes.noneArchived') : t('quotes.none')}
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={6}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-labelledby={headingId}
            >
              {list.map((quote) => (
                <li key={quote.id}>{ref ? <QuoteRow quote={quote} deal={ref} /> : null}</li>
              ))}
            </Stack>
          )
        }
      </QueryView>
      {ref && (
        <QuoteFormModal
          mode={adding ? { kind: 'create' } : null}
          deal={ref}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}

function QuoteRow({ quote, deal }: { quote: DealQuoteListItem; deal: QuoteDealRef }) {
  const { t } = useTranslation();
  const total = formatPrice(quote.totalSellPrice);
  return (
    <PaperLink
      {...quoteRoute(deal, quote.id)}
      withBorder
      radius="md"
      px="sm"
      py={8}
      display="block"
      data-quote-id={quote.id}
      bg={quote.isArchived ? 'gray.0' : undefined}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" align="center">
        <Stack gap={0} miw={0} style={{ flex: '1 1 12rem' }}>
          <Text fw={600} size="sm" c="slat.8">
            {t('quotes.quoteLabel', { tuid: quote.tuid })}
          </Text>
          <Text
            size="sm"
            c={quote.description ? undefined : 'dimmed'}
            lineClamp={2}
            style={{ wordBreak: 'break-word' }}
          >
            {quote.description || t('quotes.noDescription')}
          </Text>
        </Stack>
        <Group gap={8} wrap="wrap" justify="flex-end">
          <QuoteStatusBadges quote={quote} />
          {quote.context.errorLineCount > 0 && <ErrorsMark />}
          <Text size="sm" c="dimmed">
            {t('quotes.productCount', { count: quote.context.orderLineCount })}
          </Text>
          {total && (
            <Text size="sm" fw={600}>
              <VisuallyHidden>{t('quotes.totalSellPrice')}: </VisuallyHidden>
              {total}
            </Text>
          )}
        </Group>
      </Group>
      <LineageMarker quote={quote} />
      <RevisionDifference quote={quote} />
    </PaperLink>
  );
}

/** Where the quote came from ('Revision of #22', 'Copy of #22'), or the revision that replaced it. */
function LineageMarker({ quote }: { quote: DealQuoteListItem }) {
  const { t } = useTranslation();
  const { revisionOf, copyOf, revisedBy } = quote.context;
  const marks = [
    revisionOf && t('quotes.revisionOfMarker', { tuid: revisionOf.tuid }),
    copyOf && t('quotes.copyOfMarker', { tuid: copyOf.tuid }),
    revisedBy && t('quotes.revisedByMarker', { tuid: revisedBy.tuid }),
  ].filter(Boolean);
  if (marks.length === 0) return null;
  return (
    <Group gap={6} mt={4} wrap="wrap" data-testid="quote-lineage">
      <IconGitBranch size={14} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text size="xs" c="dimmed" fw={500}>
        {marks.join(' · ')}
      </Text>
    </Group>
  );
}

/** The status pill (DRAFT, ACCEPTED) and the archived pill. */
export function QuoteStatusBadges({ quote }: { quote: Pick<DealQuoteListItem, 'status' | 'isArchived'> }) {
  const { t } = useTranslation();
  return (
    <>
      {/* Accepted filled in the darkest teal: the light teal pill's text is 4.3:1, under AA */}
      <Badge
        variant={quote.status === 'ACCEPTED' ? 'filled' : 'light'}
        color={quote.status === 'ACCEPTED' ? 'teal.9' : 'blue'}
        size="sm"
      >
        {t(`quotes.status.${quote.status}`)}
      </Badge>
      {quote.isArchived && (
        <Badge variant="outline" color="gray" size="sm">
          {t('quotes.archived')}
        </Badge>
      )}
    </>
  );
}

/** A dark orange that keeps 4.5:1 on white and on the light grey of an archived row (Mantine's orange.9 does not). */
export const WARNING_TEXT = '#a63a0b';

/** §8's warning icon, named 'One or more products have errors' (said, and shown on hover). */
export function ErrorsMark({ withText = false }: { withText?: boolean }) {
  const { t } = useTranslation();
  const text = t('quotes.hasErrors');
  return (
    <Group gap={4} wrap="nowrap" c={WARNING_TEXT} title={text}>
      <IconAlertTriangle size={18} aria-hidden />
      {withText ? (
        <Text size="sm" fw={600} c={WARNING_TEXT}>
          {text}
        </Text>
      ) : (
        <VisuallyHidden>{text}</VisuallyHidden>
      )}
    </Group>
  );
}
