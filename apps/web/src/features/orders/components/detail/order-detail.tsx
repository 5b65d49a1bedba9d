import '../../detail-strings';
import {
  ActionIcon,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Divider,
  Group,
  List,
  Menu,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type PurchaseOrder, purchaseOrderMessages, type RevisionChange } from '@slat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconDots,
  IconFileTypePdf,
  IconPencil,
  IconPlus,
  IconRestore,
} from '../../../../components/icons';
import { AnchorLink } from '../../../../components/ui/router-links';
import { StatusAlert } from '../../../../components/ui/status-alert';
import { ApiError } from '../../../../lib/api/errors';
import { firstClickOnly } from '../../../../lib/clicks';
import { confirmDestructive, requestConfirm } from '../../../../lib/confirm';
import { formatDateTime, formatMoney } from '../../../../lib/format';
import { translateMessage } from '../../../../lib/i18n/i18n';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useBreakpoint } from '../../../../lib/use-breakpoint';
import {
  ButtonLink,
  LineList,
  OrderAttachments,
  orderWindowsQueryOptions,
  PendingUpdatesBanner,
  windowsOf,
} from '../../../order-lines';
import { SupplierOrderPanels } from '../../../supplier-orders';
import { submittedOrderPdfUrl, useArchiveOrder, useCloneOrder, useReopenOrder } from '../../api/order';
import { ReviewOrderModal } from '../review';
import {
  canReopen,
  emptyProducts,
  filterLines,
  type GroupFilter,
  groupChoices,
  type LineFilter,
  reviewBlock,
  revisionChangeTitle,
  revisionFieldText,
} from './detail-logic';
import { OrderDetailsModal } from './order-details-modal';
import { purchaseOrderView } from './purchase-order-view';

/** A failed call's words: the server's own for a refusal (4xx), the generic ones otherwise. */
function notifyFailure(title: string, error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.status < 500 && error.status !== 401 && error.status !== 419)
    notifyError(title, translateMessage(error.message));
  else notifyError(title, fallback);
}

/** The status pill (Open, Submitted) and the archived pill. */
export function OrderStatusPills({ order }: { order: Pick<PurchaseOrder, 'status' | 'isArchived'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge
        variant={order.status === 'SUBMITTED' ? 'filled' : 'light'}
        color={order.status === 'SUBMITTED' ? 'teal.9' : 'blue'}
        size="md"
        data-testid="order-status"
      >
        {t(`orderDetail.status.${order.status}`)}
      </Badge>
      {order.isArchived && (
        <Badge variant="outline" color="gray" size="md" data-testid="order-archived">
          {t('orderDetail.archived')}
        </Badge>
      )}
    </>
  );
}

/**
 * §2 Order detail: header (number, revision, pills, Clone, the menu), the supplier-order panels
 * of a submitted order, what changed since the last revision, Details, Products, Attachments and
 * the footer's count and total cost. Read-only when submitted or archived.
 */
export function OrderDetail({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const breakpoint = useBreakpoint();
  const small = breakpoint === 'verySmall' || breakpoint === 'small';
  const [editing, setEditing] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const clone = useCloneOrder(order.id);
  const archive = useArchiveOrder(order.id);
  const reopen = useReopenOrder(order.id);
  const label = t('orderDetail.label', { tuid: order.tuid });
  const readOnly = order.isReadOnly;
  const block = reviewBlock(order);

  const doClone = () =>
    clone.mutate(undefined, {
      onSuccess: ({ cloned_order }) => {
        notifySuccess(
          t('orderDetail.clonedToast', { tuid: cloned_order.tuid }),
          t('orderDetail.clonedMessage', { from: order.tuid }),
        );
        void navigate({ to: '/orders/$orderId', params: { orderId: String(cloned_order.id) } });
      },
      onError: (error) => notifyFailure(t('orderDetail.actionFailed'), error, t('errors.serverIssues')),
    });
  const askArchive = () =>
    confirmDestructive({
      title: t('orderDetail.archiveTitle'),
      message: t('orderDetail.archiveConfirm'),
      confirmLabel: t('orderDetail.archiveYes'),
      action: () =>
        archive.mutateAsync(true).catch((error: unknown) => {
          notifyFailure(t('orderDetail.actionFailed'), error, t('errors.serverIssues'));
          throw error;
        }),
    }).then((done) => {
      // archive closes the order unless it failed (§4)
      if (!done) return;
      notifySuccess(t('orderDetail.archivedToast', { tuid: order.tuid }), order.sidemark || label);
      void navigate({ to: '/orders' });
    });
  const askUnarchive = () =>
    requestConfirm({
      title: t('orderDetail.unarchiveTitle'),
      message: t('orderDetail.unarchiveConfirm'),
      confirmLabel: t('orderDetail.unarchiveYes'),
      cancelLabel: t('form.cancel'),
      action: () =>
        archive.mutateAsync(false).catch((error: unknown) => {
          notifyFailure(t('orderDetail.actionFailed'), error, t('errors.serverIssues'));
          throw error;
        }),
    }).then((done) => {
      if (done)
        notifySuccess(t('orderDetail.unarchivedToast', { tuid: order.tuid }), order.sidemark || label);
    });
  const askReopen = () =>
    requestConfirm({
      title: t('orderDetail.reopenTitle'),
      message: t('orderDetail.reopenConfirm'),
      confirmLabel: t('orderDetail.reopenYes'),
      cancelLabel: t('form.cancel'),
      danger: true,
    }).then((yes) => {
      if (!yes) return;
      // optimistic (§4): the pill shows Open at once; a failure puts the order back
      reopen.mutate(undefined, {
        onSuccess: (revision) => {
          notifySuccess(
            t('orderDetail.reopenedToast', { tuid: revision.tuid }),
            t('orderDetail.reopenedMessage', { number: revision.revisionNumber }),
          );
          void navigate({ to: '/orders/$orderId', params: { orderId: String(revision.id) }, replace: true });
        },
        onError: (error) => notifyFailure(t('orderDetail.reopenFailed'), error, t('errors.serverIssues')),
      });
    });
  const viewPdf = () => {
    // opened at the click (a window opened after an await is a blocked pop-up), pointed once known
    const tab = window.open('', '_blank');
    submittedOrderPdfUrl(order).then(
      (url) => {
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      () => {
        tab?.close();
        notifyError(t('orderDetail.pdfFailed'), t('errors.serverIssues'));
      },
    );
  };

  const menuItems = [
    small && (
      <Menu.Item
        key="clone"
        leftSection={<IconCopy size={14} aria-hidden />}
        disabled={clone.isPending}
        onClick={firstClickOnly(doClone)}
      >
        {t('orderDetail.clone')}
      </Menu.Item>
    ),
    canReopen(order) && (
      <Menu.Item
        key="reopen"
        leftSection={<IconRestore size={14} aria-hidden />}
        disabled={reopen.isPending}
        onClick={firstClickOnly(() => void askReopen())}
      >
        {t('orderDetail.reopen')}
      </Menu.Item>
    ),
    !order.isArchived && (
      <Menu.Item
        key="archive"
        // Mantine's red menu text is 3.3:1 on white; the darkest red keeps AA
        color="red.9"
        leftSection={<IconArchive size={14} aria-hidden />}
        onClick={firstClickOnly(() => void askArchive())}
      >
        {t('orderDetail.archive')}
      </Menu.Item>
    ),
    order.isArchived && (
      <Menu.Item
        key="unarchive"
        leftSection={<IconArchiveOff size={14} aria-hidden />}
        onClick={firstClickOnly(() => void askUnarchive())}
      >
        {t('orderDetail.unarchive')}
      </Menu.Item>
    ),
  ].filter(Boolean);

  return (
    <Stack gap="md" maw={1100} w="100%" mx="auto" pb="xl">
      <Breadcrumbs
        component="nav"
        aria-label={t('orderDetail.breadcrumbs')}
        separatorMargin={6}
        styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}
      >
        <AnchorLink size="sm" to="/orders">
          {t('orderDetail.orders')}
        </AnchorLink>
        {order.sourceQuote && (
          <AnchorLink
            size="sm"
            to="/workflows/$workflowSlug/$dealId/quotes/$quoteId"
            params={{
              workflowSlug: order.sourceQuote.workflowSlug,
              dealId: String(order.sourceQuote.dealId),
              quoteId: String(order.sourceQuote.id),
            }}
          >
            {t('orderDetail.fromQuote', { tuid: order.sourceQuote.tuid })}
          </AnchorLink>
        )}
        <Text size="sm" aria-current="page">
          {label}
        </Text>
      </Breadcrumbs>

      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={6} miw={0}>
          <Group gap="xs" wrap="wrap" align="center">
            <Title order={1} size="h2">
              {label}
            </Title>
            {order.revisionNumber > 1 && (
              <Text fw={600} c="dimmed" data-testid="order-revision">
                {t('orderDetail.revision', { number: order.revisionNumber })}
              </Text>
            )}
          </Group>
          <Group gap={8} wrap="wrap">
            <OrderStatusPills order={order} />
          </Group>
          <Text size="xs" c="dimmed">
            {order.submittedAt
              ? t('orderDetail.submitted', { date: formatDateTime(new Date(order.submittedAt)) })
              : t('orderDetail.created', { date: formatDateTime(new Date(order.createdAt)) })}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {order.status === 'SUBMITTED' && (
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              onClick={viewPdf}
              size={small ? 'xs' : 'sm'}
            >
              {t('orderDetail.viewPdf')}
            </Button>
          )}
          {!small && (
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              loading={clone.isPending}
              onClick={firstClickOnly(doClone)}
            >
              {t('orderDetail.clone')}
            </Button>
          )}
          {menuItems.length > 0 && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon
                  variant="default"
                  size={small ? 'lg' : 36}
                  aria-label={t('orderDetail.actions')}
                  loading={archive.isPending || reopen.isPending}
                >
                  <IconDots size={18} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>{menuItems}</Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>

      {readOnly && (
        <StatusAlert kind="info" p="xs" title={t('orderDetail.readOnlyTitle')}>
          {t('orderDetail.readOnly')}
        </StatusAlert>
      )}

      <PendingUpdatesBanner view={purchaseOrderView(order)} />

      {order.status === 'SUBMITTED' && <SupplierOrderPanels order={order} />}

      {order.context.revisionChanges.length > 0 || order.revisionNumber > 1 ? (
        <RevisionChanges order={order} />
      ) : null}

      <DetailsSection order={order} onEdit={() => setEditing(true)} />

      <ProductsSection order={order} />

      <OrderAttachments
        orderId={order.id}
        readOnly={readOnly}
        readOnlyMessage={purchaseOrderMessages.readOnly}
      />

      <Divider />
      <Group
        justify="space-between"
        gap="xs"
        role="group"
        aria-label={t('orderDetail.totals')}
        data-testid="order-footer"
        wrap="wrap"
      >
        <Text size="sm" data-testid="order-product-count">
          {t('orderDetail.productCount', { count: order.orderLineCount })}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" fw={700}>
            {t('orderDetail.totalCost')}:{' '}
            <span data-testid="order-total">{formatMoney(order.totalCost)}</span>
          </Text>
          {order.freight !== null && (
            <Text size="sm" data-testid="order-freight">
              {t('orderDetail.freight', { amount: formatMoney(order.freight) })}
            </Text>
          )}
          <ReviewButton block={block} onClick={() => setReviewing(true)} />
        </Group>
      </Group>

      <OrderDetailsModal order={order} opened={editing} onClose={() => setEditing(false)} />
      {reviewing && (
        <ReviewOrderModal
          order={order}
          opened={reviewing}
          onClose={() => setReviewing(false)}
          onSubmitted={() => setReviewing(false)}
        />
      )}
    </Stack>
  );
}

/** Review (§4): disabled when read-only, with zero quantity or with pending updates; the reason shows beside it. */
function ReviewButton({ block, onClick }: { block: ReturnType<typeof reviewBlock>; onClick: () => void }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const reasons = {
    readOnly: t('orderDetail.reviewBlockedReadOnly'),
    zeroQuantity: t('orderDetail.reviewBlockedQuantity'),
    pendingUpdates: t('orderDetail.reviewBlockedUpdates'),
  } as const;
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end">
      {block !== null && (
        <Text size="xs" c="dimmed" id={reasonId} maw={320} data-testid="review-blocked">
          {reasons[block]}
        </Text>
      )}
      <Button
        onClick={onClick}
        disabled={block !== null}
        aria-describedby={block === null ? undefined : reasonId}
        data-testid="order-review"
      >
        {t('orderDetail.review')}
      </Button>
    </Group>
  );
}

function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </Group>
  );
}

/** A revision's differences from the order it replaces: what the supplier must see (Added / Removed / Changed). */
function RevisionChanges({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const changes = order.context.revisionChanges;
  const kindName = (kind: RevisionChange['kind']) => t(`orderDetail.changeKinds.${kind}`);
  return (
    <StatusAlert
      kind="info"
      p="sm"
      title={t('orderDetail.changesTitle', { number: order.revisionNumber - 1 })}
      data-testid="revision-changes"
    >
      {changes.length === 0 ? (
        <Text size="sm">{t('orderDetail.changesNone')}</Text>
      ) : (
        <List size="sm" spacing={4}>
          {changes.map((change) => (
            <List.Item key={`${change.kind}-${change.lineId ?? ''}-${change.previousLineId ?? ''}`}>
              <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                {revisionChangeTitle(change, kindName)}
              </Text>
              {change.fields.length > 0 && (
                <List size="sm" withPadding listStyleType="disc">
                  {change.fields.map((field) => (
                    <List.Item key={field.field}>
                      <Text size="sm" style={{ wordBreak: 'break-word' }}>
                        {revisionFieldText(field)}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </StatusAlert>
  );
}

function DetailsSection({ order, onEdit }: { order: PurchaseOrder; onEdit: () => void }) {
  const { t } = useTranslation();
  const none = t('orderDetail.none');
  return (
    <Section
      title={t('orderDetail.details')}
      testId="order-details"
      action={
        // pending supplier updates block editing until Update now (§4)
        !order.isReadOnly &&
        !order.context.pendingUpdates.hasPendingUpdates && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={onEdit}
          >
            {t('orderDetail.edit')}
          </Button>
        )
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
        <Fact label={t('orderDetail.supplier')}>{order.manufacturerName}</Fact>
        <Fact label={t('orderDetail.salesRep')}>{order.salesRep ?? t('orderDetail.noSalesRep')}</Fact>
        <Fact label={t('orderDetail.sidemark')}>{order.sidemark || none}</Fact>
        <Fact label={t('orderDetail.customerDetails')}>{order.customerDetails || none}</Fact>
        <Box style={{ gridColumn: '1 / -1' }}>
          <Fact label={t('orderDetail.notes')}>{order.notes || none}</Fact>
        </Box>
      </SimpleGrid>
    </Section>
  );
}

function ProductsSection({ order }: { order: PurchaseOrder }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<LineFilter>('all');
  const [group, setGroup] = useState<GroupFilter>(null);
  const view = purchaseOrderView(order);
  const windows = useQuery(orderWindowsQueryOptions(order.id));
  const lines = order.context.orderLines;
  const shown = filterLines(lines, filter, group);
  const filtered = filter !== 'all' || group !== null;
  // unfiltered, the empty windows show too (an empty window offers its removal)
  const blocks = filtered ? windowsOf(shown) : windowsOf(lines, windows.data?.data);
  const empty = emptyProducts(order, lines.length, shown.length);
  const problems = lines.filter((l) => l.context.errors.length > 0).length;
  const choices = groupChoices(lines);
  const editable = !order.isReadOnly && !order.context.pendingUpdates.hasPendingUpdates;
  return (
    <Section
      title={t('orderDetail.products')}
      testId="order-products"
      action={
        editable && (
          <ButtonLink
            {...view.productLink('new')}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
          >
            {t('orderDetail.addProduct')}
          </ButtonLink>
        )
      }
    >
      {lines.length > 0 && (
        <Group gap="sm" mb="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            aria-label={t('orderDetail.filter')}
            size="xs"
            value={filter}
            onChange={(value) => setFilter(value === 'problems' ? 'problems' : 'all')}
            data={[
              { value: 'all', label: t('orderDetail.filterAll') },
              { value: 'problems', label: t('orderDetail.filterProblems', { count: problems }) },
            ]}
          />
          {choices.length > 0 && (
            <Select
              size="xs"
              label={t('orderDetail.groupFilter')}
              w={220}
              maw="100%"
              value={group === null ? '*' : group === '' ? '(none)' : `g:${group}`}
              onChange={(value) =>
                setGroup(!value || value === '*' ? null : value === '(none)' ? '' : value.slice(2))
              }
              allowDeselect={false}
              data={[
                { value: '*', label: t('orderDetail.anyGroup') },
                ...choices.map((c) => ({
                  value: c === '' ? '(none)' : `g:${c}`,
                  label: c === '' ? t('orderDetail.noneGroup') : c,
                })),
              ]}
            />
          )}
        </Group>
      )}
      {empty ? (
        <Text size="sm" c="dimmed" data-testid="products-empty">
          {t(`orderDetail.${empty}`)}
        </Text>
      ) : (
        <LineList view={{ ...view, readOnly: !editable }} blocks={blocks} groupHeadingLevel={3} />
      )}
    </Section>
  );
}
