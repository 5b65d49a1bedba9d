import {
  type Announcements,
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DraggableAttributes,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { Deal, Workflow } from '@slat/contracts';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconGripVertical } from '../../../components/icons';
import { AnchorLink } from '../../../components/ui/router-links';
import { TakeoverStep } from '../../../components/ui/takeover-step';
import { firstViewport } from '../../../lib/first-screen';
import { formatMoney } from '../../../lib/format';
import { columnQueryOptions, useMoveDeal } from '../api/deals';
import { type ColumnData, columnCount, columnDeals, planMove } from './board-logic';
import { DealAlerts, FlagBadges, PHASE_COLORS } from './deal-bits';

type BoardProps = {
  workflow: Workflow;
  /** The list call's filters (flag.<slug> form). */
  filters: Record<string, string>;
};

type CardData = { type: 'card'; deal: Deal; statusId: number; index: number };
type ColumnDropData = { type: 'column'; statusId: number };

// Cards under the pointer win over the column around them; else the nearest corners.
const collisionDetection: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  const card = within.find((c) => typeof c.id === 'number');
  if (card) return [card];
  if (within.length) return within;
  return closestCorners(args);
};

export function KanbanBoard({ workflow, filters }: BoardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const move = useMoveDeal();
  const [active, setActive] = useState<Deal | null>(null);
  const boardRef = useRef<HTMLUListElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const statusName = (id: number) => workflow.statuses.find((s) => s.id === id)?.name ?? '';

  const onDragStart = (event: DragStartEvent) => {
    setActive((event.active.data.current as CardData | undefined)?.deal ?? null);
  };
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const from = event.active.data.current as CardData | undefined;
    const over = event.over?.data.current as CardData | ColumnDropData | undefined;
    if (!from || !over) return;
    const targetStatusId = over.statusId;
    const target = columnDeals(
      queryClient.getQueryData<ColumnData>(columnQueryOptions(workflow.id, filters, targetStatusId).queryKey),
    );
    const overIndex = over.type === 'card' ? target.findIndex((d) => d.id === over.deal.id) : null;
    const request = planMove(from.deal, target, targetStatusId, overIndex === -1 ? null : overIndex);
    if (request) move.mutate({ move: request, deal: from.deal, filters });
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      t('deals.dragHandle', {
        tuid: (a.data.current as CardData).deal.tuid,
        name: (a.data.current as CardData).deal.name,
      }),
    onDragOver: ({ over }) => (over ? statusName((over.data.current as ColumnDropData).statusId) : undefined),
    onDragEnd: ({ active: a, over }) =>
      over
        ? t('deals.dropped', {
            tuid: (a.data.current as CardData).deal.tuid,
            status: statusName((over.data.current as ColumnDropData).statusId),
          })
        : undefined,
    onDragCancel: () => undefined,
  };

  return (
    <DndContext
      // its accessibility ids from this, not a counter of its own, which the server's renders advance
      id={`board-${workflow.id}`}
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('deals.dragInstructions') } }}
    >
      <ul ref={boardRef} className="slat-board" aria-label={workflow.name}>
        {workflow.statuses.map((status, index) => (
          <TakeoverStep key={status.id}>
            <BoardColumn
              workflow={workflow}
              status={status}
              filters={filters}
              dragging={active !== null}
              index={index}
              boardRef={boardRef}
            />
          </TakeoverStep>
        ))}
      </ul>
      <DragOverlay dropAnimation={null}>
        {active ? <CardBody deal={active} workflowSlug={workflow.slug} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}

const CARD_ESTIMATE = 112;
/** The narrowest a column is (global.css): enough to tell which columns the first screen shows. */
const COLUMN_MIN_WIDTH = 280;

/** The longest a far column waits for an idle moment before its cards are built anyway. */
const IDLE_REVEAL_TIMEOUT_MS = 2000;

/**
 * Whether a column's cards are rendered: from the start for the columns the first screen shows,
 * and for the others once they come within a board's width of the visible part or the page is
 * idle, whichever is first (then for good). A phone shows one column of eight, so it builds one
 * column's cards before the page is usable, and the rest after.
 */
function useCardsShown(
  column: React.RefObject<HTMLLIElement | null>,
  board: React.RefObject<HTMLUListElement | null>,
  index: number,
): boolean {
  const [shown, setShown] = useState(
    // the first viewport, not the window: a server-rendered board's first render matches the server's
    () => index === 0 || index * COLUMN_MIN_WIDTH < firstViewport().width,
  );
  useEffect(() => {
    if (shown) return;
    const root = board.current;
    const element = column.current;
    if (!root || !element || typeof IntersectionObserver === 'undefined') {
      setShown(true);
      return;
    }
    const show = () => startTransition(() => setShown(true));
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
      root,
      rootMargin: '0px 100%',
    });
    observer.observe(element);
    // the rest follow once the page is idle, so every card is there to find, read or reach
    const idle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(show, { timeout: IDLE_REVEAL_TIMEOUT_MS })
        : undefined;
    const timer = idle === undefined ? setTimeout(show, IDLE_REVEAL_TIMEOUT_MS) : undefined;
    return () => {
      observer.disconnect();
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [shown, board, column]);
  return shown;
}

function BoardColumn({
  workflow,
  status,
  filters,
  dragging,
  index,
  boardRef,
}: {
  workflow: Workflow;
  status: Workflow['statuses'][number];
  filters: Record<string, string>;
  dragging: boolean;
  index: number;
  boardRef: React.RefObject<HTMLUListElement | null>;
}) {
  const { t } = useTranslation();
  const columnRef = useRef<HTMLLIElement>(null);
  const cardsShown = useCardsShown(columnRef, boardRef, index);
  const query = useInfiniteQuery(columnQueryOptions(workflow.id, filters, status.id));
  const deals = useMemo(() => columnDeals(query.data), [query.data]);
  const count = columnCount(query.data, status.id);
  // the sum of the column's deals' latest quote totals (every deal matching the filters)
  const quoteTotal = query.data?.pages[0]?.quoteTotals?.[String(status.id)];
  const { setNodeRef, isOver } = useDroppable({
    id: `column-${status.id}`,
    data: { type: 'column', statusId: status.id } satisfies ColumnDropData,
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: deals.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_ESTIMATE,
    overscan: 6,
    // before it measures its column: what a first screen shows (the server renders these cards)
    initialRect: { width: COLUMN_MIN_WIDTH, height: firstViewport().height },
    getItemKey: (index) => deals[index]?.id ?? index,
    gap: 8,
  });
  const items = virtualizer.getVirtualItems();
  const last = items[items.length - 1];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // The next page loads as the end of what is loaded scrolls into view.
  useEffect(() => {
    if (last && last.index >= deals.length - 8 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [last, deals.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const headingId = `column-heading-${status.id}`;
  const ids = useMemo(() => deals.map((d) => d.id), [deals]);

  return (
    <Paper
      ref={columnRef}
      component="li"
      aria-labelledby={headingId}
      className="slat-board-column"
      withBorder
      radius="md"
      data-status={status.slug}
      data-over={isOver && dragging ? 'true' : undefined}
      style={{ borderTop: `3px solid var(--mantine-color-${PHASE_COLORS[status.phase] ?? 'gray'}-6)` }}
    >
      <Group justify="space-between" px="sm" pt="sm" pb={6} wrap="nowrap">
        <Title order={2} size="h6" id={headingId} lineClamp={1}>
          {status.name}
        </Title>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          {quoteTotal !== undefined && (
            <Text size="xs" c="dimmed" data-testid="column-quote-total" style={{ whiteSpace: 'nowrap' }}>
              <VisuallyHidden>{t('deals.columnQuoteTotal')} </VisuallyHidden>
              {formatMoney(quoteTotal)}
            </Text>
          )}
          <Badge variant="light" color="gray" aria-label={t('deals.dealCount', { count: count ?? 0 })}>
            {count ?? '…'}
          </Badge>
        </Group>
      </Group>
      <div ref={setNodeRef} className="slat-board-column-body">
        <div ref={scrollRef} className="slat-board-scroll" data-testid={`column-${status.slug}`}>
          {!cardsShown ? null : query.isPending ? (
            <Group justify="center" p="md">
              <Loader size="sm" role="progressbar" aria-label={t('app.loading')} />
            </Group>
          ) : query.isError ? (
            <Text size="sm" c="red.8" p="sm">
              {t('deals.loadFailed')}
            </Text>
          ) : deals.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm" ta="center">
              {t('deals.emptyColumn')}
            </Text>
          ) : (
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <ul
                className="slat-board-cards"
                style={{ height: virtualizer.getTotalSize() }}
                aria-labelledby={headingId}
              >
                {items.map((item) => {
                  const deal = deals[item.index];
                  if (!deal) return null;
                  return (
                    <li
                      key={item.key}
                      data-index={item.index}
                      ref={virtualizer.measureElement}
                      style={{
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        right: 0,
                        transform: `translateY(${item.start}px)`,
                      }}
                    >
                      <SortableCard deal={deal} index={item.index} workflowSlug={workflow.slug} />
                    </li>
                  );
                })}
              </ul>
            </SortableContext>
          )}
          {isFetchingNextPage && (
            <Text size="xs" c="dimmed" ta="center" py="xs">
              {t('deals.loadingMore')}
            </Text>
          )}
        </div>
      </div>
    </Paper>
  );
}

const SortableCard = memo(function SortableCard({
  deal,
  index,
  workflowSlug,
}: {
  deal: Deal;
  index: number;
  workflowSlug: string;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: deal.id,
      data: { type: 'card', deal, statusId: deal.statusId, index } satisfies CardData,
      disabled: deal.isArchived,
    });
  return (
    <div
      ref={setNodeRef}
      // the whole card drags with the pointer; the keyboard picks it up by its handle only, so
      // Enter on the card's link still opens the deal
      onPointerDown={listeners?.onPointerDown as React.PointerEventHandler | undefined}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
        opacity: isDragging ? 0.4 : 1,
        touchAction: 'manipulation',
      }}
    >
      <CardWithHandle
        deal={deal}
        workflowSlug={workflowSlug}
        handleAttributes={attributes}
        onHandleKeyDown={listeners?.onKeyDown as React.KeyboardEventHandler | undefined}
        handleRef={setActivatorNodeRef}
      />
    </div>
  );
});

/**
 * A card's content with its drag handle, apart from the sortable wrapper: dnd-kit renders every
 * sortable card again on each pointer move of a drag (its context changes), and this keeps those
 * renders to the wrapper's transform, not the card's dozen components (most of a drag's frame).
 */
const CardWithHandle = memo(function CardWithHandle({
  deal,
  workflowSlug,
  handleAttributes,
  onHandleKeyDown,
  handleRef,
}: {
  deal: Deal;
  workflowSlug: string;
  handleAttributes: DraggableAttributes;
  onHandleKeyDown: React.KeyboardEventHandler | undefined;
  handleRef: (element: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <CardBody
      deal={deal}
      workflowSlug={workflowSlug}
      handle={
        <ActionIcon
          ref={handleRef}
          {...handleAttributes}
          onKeyDown={onHandleKeyDown}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('deals.dragHandle', { tuid: deal.tuid, name: deal.name })}
          disabled={deal.isArchived}
          style={{ cursor: 'grab' }}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
      }
    />
  );
});

function CardBody({
  deal,
  workflowSlug,
  handle,
  overlay = false,
}: {
  deal: Deal;
  workflowSlug: string;
  handle?: React.ReactNode;
  overlay?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      className="slat-deal-card"
      data-deal-id={deal.id}
      withBorder
      shadow={overlay ? 'md' : 'xs'}
      p="xs"
      radius="sm"
      style={{ cursor: deal.isArchived ? 'default' : 'grab', background: 'var(--mantine-color-body)' }}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
          <AnchorLink
            to="/workflows/$workflowSlug/$dealId"
            params={{ workflowSlug, dealId: String(deal.id) }}
            search
            // a native link drag would steal the pointer from the card's drag
            draggable={false}
            fw={600}
            size="sm"
            lineClamp={2}
            style={{ minWidth: 0 }}
          >
            <Text span c="dimmed" size="xs" fw={500}>
              #{deal.tuid}
            </Text>{' '}
            {deal.name}
          </AnchorLink>
          {handle}
        </Group>
        {deal.description && (
          <Text size="xs" c="dimmed" lineClamp={2}>
            {deal.description}
          </Text>
        )}
        {deal.contact && (
          <Text size="xs" lineClamp={1}>
            {deal.contact.name}
          </Text>
        )}
        {deal.context.quoteTotal != null && (
          <Text size="xs" fw={500} data-testid="card-quote-total">
            {t('deals.cardQuoteTotal', { amount: formatMoney(deal.context.quoteTotal) })}
          </Text>
        )}
        <DealAlerts deal={deal} compact />
        <FlagBadges deal={deal} />
        {deal.isArchived && (
          <Box>
            <Badge size="xs" color="gray">
              {t('deals.archived')}
            </Badge>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
