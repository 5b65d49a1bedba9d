import {
  ActionIcon,
  Breadcrumbs,
  Button,
  Divider,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type DealQuote, quoteMessages } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconDots,
  IconPencil,
  IconPlus,
  IconTruckDelivery,
} from '../../../components/icons';
import { AnchorLink } from '../../../components/ui/router-links';
import { StatusAlert } from '../../../components/ui/status-alert';
import { TakeoverStep } from '../../../components/ui/takeover-step';
import { ApiError } from '../../../lib/api/errors';
import { firstClickOnly } from '../../../lib/clicks';
import { confirmDestructive, requestConfirm } from '../../../lib/confirm';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useBoardSearch } from '../../deals';
import {
  anyLineErrors,
  ButtonLink,
  formatPrice,
  LineList,
  OrderAttachments,
  orderWindowsQueryOptions,
  windowsOf,
} from '../../order-lines';
import { CustomerLinkPanel } from '../../payments';
import { dealQuoteQueryOptions, useArchiveQuote } from '../api/quotes';
import { type QuoteParams, quoteOrderView } from '../quote-order-view';
import { AcceptedPanels } from './accept/accepted-panels';
import { QuoteHeaderActions } from './accept/quote-header-actions';
import { PriceBreakdownLayout } from './pricing/price-breakdown';
import { QuotePricingArea } from './pricing/pricing-area';
import { QuoteFormModal, quoteRoute } from './quote-form-modal';
import { ErrorsMark, QuoteStatusBadges } from './quotes-section';
import { canRevise, ReviseMenuItem, RevisionPanel } from './revise/revise';
import { QuotePendingUpdates, QuoteRecalculateMenuItem } from './updates/update-details';

/** The key went to an open dropdown (a select's options, a menu): Escape is its own. */
function escapeBelongsToPopup(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest('[aria-expanded="true"], [role="menu"], [role="listbox"]') !== null
  );
}

/**
 * §2 Quote detail: a modal over the page at /workflows/{slug}/{dealId}/quotes/{quoteId}, its
 * breadcrumbs back to the workflow and the deal; closing it goes back to the deal.
 */
export function QuoteModal({ params, onClose }: { params: QuoteParams; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'verySmall';
  const query = useQuery(dealQuoteQueryOptions(Number(params.quoteId)));
  const quote = query.data;
  useDocumentTitle(quote ? t('quotes.quoteLabel', { tuid: quote.tuid }) : t('pages.quote'));
  // Escape closes this modal unless it belongs to something over it (an edit form, the
  // unsaved-changes question, a menu): read in the capture phase, before those close themselves.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (escapeBelongsToPopup(event.target)) return;
      if (document.querySelectorAll('.mantine-Modal-content').length > 1) return;
      onClose();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  // an address naming another deal or workflow than the quote's is put right
  if (
    quote &&
    (String(quote.dealId) !== params.dealId || quote.context.workflow.slug !== params.workflowSlug)
  )
    return (
      <Navigate
        replace
        {...quoteRoute(
          {
            workflowSlug: quote.context.workflow.slug,
            workflowId: quote.context.workflow.id,
            dealId: quote.dealId,
          },
          quote.id,
        )}
      />
    );
  return (
    <Modal
      opened
      closeOnEscape={false}
      // in place, not in a portal: the server renders it with the page (a portal cannot be)
      withinPortal={false}
      onClose={onClose}
      size="72rem"
      fullScreen={phone}
      title={quote ? t('quotes.quoteLabel', { tuid: quote.tuid }) : t('pages.quote')}
      closeButtonProps={{ 'aria-label': t('quotes.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {query.isError && !quote && (
        <StatusAlert kind="error" title={notFound ? t('quotes.notFound') : t('quotes.loadFailed')}>
          <Group gap="xs" mt="xs">
            {!notFound && (
              <Button size="xs" variant="default" onClick={() => void query.refetch()}>
                {t('app.retry')}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={onClose}>
              {t('quotes.backToDeal')}
            </Button>
          </Group>
        </StatusAlert>
      )}
      {!quote && !query.isError && (
        <Group justify="center" p="xl">
          <Loader role="progressbar" aria-label={t('quotes.loading')} />
        </Group>
      )}
      {quote && <QuoteBody quote={quote} onClose={onClose} />}
    </Modal>
  );
}

function QuoteBody({ quote, onClose }: { quote: DealQuote; onClose: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<'edit' | 'clone' | null>(null);
  const { deal, workflow } = quote.context;
  const boardSearch = useBoardSearch();
  const dealRef = { workflowSlug: workflow.slug, workflowId: workflow.id, dealId: deal.id, boardSearch };
  const archive = useArchiveQuote(quote.id, dealRef);
  const view = quoteOrderView(quote);
  const windows = useQuery(orderWindowsQueryOptions(quote.externalId));
  const blocks = windowsOf(quote.context.orderLines, windows.data?.data);
  const readOnly = quote.isReadOnly;
  const hasErrors = quote.context.errorLineCount > 0 || anyLineErrors(quote.context.orderLines);
  const total = formatPrice(quote.totalSellPrice);
  const label = t('quotes.quoteLabel', { tuid: quote.tuid });

  const askArchive = () =>
    confirmDestructive({
      title: t('quotes.archiveTitle'),
      message: t('quotes.archiveMessage'),
      confirmLabel: t('quotes.archiveConfirm'),
      action: () => archive.mutateAsync(true),
    }).then((done) => {
      if (!done) return;
      notifySuccess(t('quotes.archivedToast', { tuid: quote.tuid }), quote.description || label);
      onClose();
    });
  const askUnarchive = () =>
    requestConfirm({
      title: t('quotes.unarchiveTitle'),
      message: t('quotes.unarchiveMessage'),
      confirmLabel: t('quotes.unarchiveConfirm'),
      cancelLabel: t('form.cancel'),
      action: () => archive.mutateAsync(false),
    });

  // A read-only quote can still be cloned (a new draft) and archived or unarchived, unless its deal is archived.
  const dealOpen = !deal.isArchived;
  const menuItems = [
    !readOnly && (
      <Menu.Item
        key="edit"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => setForm('edit')}
      >
        {t('quotes.edit')}
      </Menu.Item>
    ),
    dealOpen && (
      <Menu.Item
        key="clone"
        leftSection={<IconCopy size={14} aria-hidden />}
        onClick={() => setForm('clone')}
      >
        {t('quotes.clone')}
      </Menu.Item>
    ),
    canRevise(quote) && <ReviseMenuItem key="revise" quote={quote} deal={dealRef} />,
    quote.status === 'ACCEPTED' && quote.context.readyToOrder.length > 0 && (
      <Menu.Item
        key="convert"
        leftSection={<IconTruckDelivery size={14} aria-hidden />}
        // the Ready to Order list is where each supplier's order is made: go there, on its first action
        onClick={() => {
          const list = document.querySelector<HTMLElement>('[data-testid="ready-to-order"]');
          list?.scrollIntoView({ block: 'start', behavior: 'smooth' });
          list?.querySelector<HTMLElement>('button, a')?.focus({ preventScroll: true });
        }}
      >
        {t('quoteAccept.convertToOrder')}
      </Menu.Item>
    ),
    !readOnly && quote.context.orderLineCount > 0 && (
      <QuoteRecalculateMenuItem key="recalculate" quote={quote} />
    ),
    dealOpen && !quote.isArchived && (
      <Menu.Item
        key="archive"
        color="red"
        leftSection={<IconArchive size={14} aria-hidden />}
        onClick={firstClickOnly(() => void askArchive())}
      >
        {t('quotes.archive')}
      </Menu.Item>
    ),
    dealOpen && quote.isArchived && (
      <Menu.Item
        key="unarchive"
        leftSection={<IconArchiveOff size={14} aria-hidden />}
        onClick={firstClickOnly(() => void askUnarchive())}
      >
        {t('quotes.unarchive')}
      </Menu.Item>
    ),
  ].filter(Boolean);

  const body = (
    <Stack gap="md">
      <Breadcrumbs
        component="nav"
        aria-label={t('quotes.breadcrumbs')}
        separatorMargin={6}
        styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}
      >
        <AnchorLink
          size="sm"
          to="/workflows/$workflowSlug"
          params={{ workflowSlug: workflow.slug }}
          search={boardSearch}
        >
          {workflow.name}
        </AnchorLink>
        <AnchorLink
          size="sm"
          to="/workflows/$workflowSlug/$dealId"
          params={{ workflowSlug: workflow.slug, dealId: String(deal.id) }}
          search={boardSearch}
          style={{ wordBreak: 'break-word' }}
        >
          {t('quotes.dealCrumb', { tuid: deal.tuid, name: deal.name })}
        </AnchorLink>
        <Text size="sm" aria-current="page">
          {label}
        </Text>
      </Breadcrumbs>

      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={6} miw={0}>
          <Group gap={8} wrap="wrap">
            <QuoteStatusBadges quote={quote} />
            {quote.status === 'ACCEPTED' && quote.acceptedAt && (
              <Text size="sm">{t('quotes.accepted', { date: formatDate(new Date(quote.acceptedAt)) })}</Text>
            )}
            {hasErrors && <ErrorsMark withText />}
          </Group>
          <Text fw={600} style={{ wordBreak: 'break-word' }} c={quote.description ? undefined : 'dimmed'}>
            {quote.description || t('quotes.noDescription')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('quotes.created', { date: formatDateTime(new Date(quote.createdAt)) })}
          </Text>
        </Stack>
        {menuItems.length > 0 && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('quotes.actions')}
                loading={archive.isPending}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>{menuItems}</Menu.Dropdown>
          </Menu>
        )}
      </Group>

      <TakeoverStep>
        <QuoteHeaderActions quote={quote} />
      </TakeoverStep>
      <TakeoverStep>
        <CustomerLinkPanel quote={quote} />
      </TakeoverStep>
      <TakeoverStep>
        <RevisionPanel quote={quote} deal={dealRef} />
        <QuotePendingUpdates quote={quote} />
      </TakeoverStep>

      {readOnly && (
        <StatusAlert kind="info" p="xs" title={t('quotes.readOnlyTitle')}>
          {t('quotes.readOnly')}
        </StatusAlert>
      )}

      {quote.customerNotes && (
        <Stack gap={2}>
          <Text size="xs" fw={700}>
            {t('quotes.customerNotesHeading')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {quote.customerNotes}
          </Text>
        </Stack>
      )}

      <Stack component="section" aria-labelledby="quote-products" gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id="quote-products">
            {t('quotes.products')}
          </Title>
          {!readOnly && (
            <ButtonLink
              {...view.productLink('new')}
              size="xs"
              variant="light"
              leftSection={<IconPlus size={14} aria-hidden />}
            >
              {t('quotes.addProduct')}
            </ButtonLink>
          )}
        </Group>
        <TakeoverStep>
          <LineList view={view} blocks={blocks} />
        </TakeoverStep>
        <Divider />
        <Group
          justify="space-between"
          gap="xs"
          data-testid="quote-totals"
          aria-label={t('quotes.totals')}
          role="group"
        >
          <Text size="sm">
            {t('quotes.productCount', { count: quote.context.orderLineCount })}
            {quote.context.totalQuantity !== quote.context.orderLineCount && (
              <Text span size="sm" c="dimmed">
                {' · '}
                {t('quotes.quantity', { count: quote.context.totalQuantity })}
              </Text>
            )}
          </Text>
          <Text size="sm" fw={700}>
            {t('quotes.totalSellPrice')}: <span data-testid="quote-total">{total ?? '—'}</span>
          </Text>
        </Group>
      </Stack>

      <TakeoverStep>
        <QuotePricingArea quote={quote} />
      </TakeoverStep>

      <TakeoverStep>
        <AcceptedPanels quote={quote} />
      </TakeoverStep>

      <TakeoverStep>
        <OrderAttachments
          orderId={quote.externalId}
          readOnly={readOnly}
          readOnlyMessage={quoteMessages.readOnly}
        />
      </TakeoverStep>

      <QuoteFormModal
        deal={dealRef}
        onClose={() => setForm(null)}
        mode={
          form === 'edit'
            ? {
                kind: 'edit',
                quoteId: quote.id,
                description: quote.description,
                customerNotes: quote.customerNotes,
              }
            : form === 'clone'
              ? { kind: 'clone', quoteId: quote.id, description: quote.description }
              : null
        }
      />
    </Stack>
  );
  return <PriceBreakdownLayout quote={quote}>{body}</PriceBreakdownLayout>;
}
