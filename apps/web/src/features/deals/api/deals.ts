import {
  archiveDeal,
  BOARD_COLUMN_PAGE_SIZE,
  createDeal,
  type Deal,
  type DealDetail,
  dashboardDeals,
  getDeal,
  type ListDealsQuery,
  linkRelatedDeal,
  listDeals,
  moveDeal,
  setDealFlag,
  setDealStatus,
  unarchiveDeal,
  unlinkRelatedDeal,
  updateDeal,
} from '@slat/contracts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { i18n } from '../../../lib/i18n/i18n';
import { notifyError } from '../../../lib/notify';
import {
  type ColumnData,
  type ColumnPage,
  insertIntoColumn,
  type MoveRequest,
  removeFromColumn,
} from '../components/board-logic';

/** §9: deal lists are polled every 5 minutes (the live stream usually beats it). */
const DEALS_POLL_MS = 5 * 60_000;
export const TABLE_PAGE_SIZE = 50;

/** The list call's query: the contract types flag filters as strings, so numbers are cast once here. */
const listQuery = (query: Record<string, string | number | undefined>) => query as unknown as ListDealsQuery;

export const dealKeys = {
  all: ['deals'] as const,
  board: (workflowId: number) => ['deals', 'board', workflowId] as const,
  column: (workflowId: number, filters: Record<string, string>, statusId: number) =>
    ['deals', 'board', workflowId, 'column', filters, statusId] as const,
  table: (workflowId: number, filters: Record<string, string>, page: number) =>
    ['deals', 'board', workflowId, 'table', filters, page] as const,
  detail: (dealId: number) => ['deals', 'detail', dealId] as const,
  dashboard: ['deals', 'dashboard'] as const,
};

/** One board column, a page at a time as it scrolls. */
export const columnQueryOptions = (workflowId: number, filters: Record<string, string>, statusId: number) =>
  infiniteQueryOptions({
    queryKey: dealKeys.column(workflowId, filters, statusId),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        listDeals,
        {
          query: listQuery({
            ...filters,
            workflowId,
            statusId,
            limit: BOARD_COLUMN_PAGE_SIZE,
            offset: pageParam,
          }),
        },
        { signal },
      ) as Promise<ColumnPage>,
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.data.length, 0);
      return loaded < last.total && last.data.length > 0 ? loaded : undefined;
    },
    refetchInterval: DEALS_POLL_MS,
    staleTime: 15_000,
  });

/** The table view: one page of every matching deal. */
export const tableQueryOptions = (workflowId: number, filters: Record<string, string>, page: number) =>
  queryOptions({
    queryKey: dealKeys.table(workflowId, filters, page),
    queryFn: ({ signal }) =>
      callApi(
        listDeals,
        {
          query: listQuery({
            ...filters,
            workflowId,
            limit: TABLE_PAGE_SIZE,
            offset: page * TABLE_PAGE_SIZE,
          }),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: DEALS_POLL_MS,
    staleTime: 15_000,
  });

export const dealQueryOptions = (dealId: number) =>
  queryOptions({
    queryKey: dealKeys.detail(dealId),
    queryFn: ({ signal }) => callApi(getDeal, { params: { id: dealId } }, { signal }),
  });

export const dashboardDealsQueryOptions = queryOptions({
  queryKey: dealKeys.dashboard,
  queryFn: ({ signal }) => callApi(dashboardDeals, {}, { signal }),
});

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/** §8: a stale board answers 409, shown as the conflict toast; other failures the generic toast. */
export function notifyDealError(error: unknown): void {
  if (isConflict(error)) notifyError(i18n.t('deals.conflictTitle'), (error as ApiError).message);
  else notifyError(i18n.t('errors.genericTitle'), i18n.t('errors.serverIssues'));
}

/** A changed deal: its detail, the board's columns and the table, and the dashboard. */
function refreshDeal(queryClient: QueryClient, deal: Pick<Deal, 'id' | 'workflowId'>) {
  void queryClient.invalidateQueries({ queryKey: dealKeys.detail(deal.id) });
  void queryClient.invalidateQueries({ queryKey: dealKeys.board(deal.workflowId) });
  void queryClient.invalidateQueries({ queryKey: dealKeys.dashboard });
}

type MoveInput = { move: MoveRequest; deal: Deal; filters: Record<string, string> };

/**
 * Drag on the board: both columns are reordered at once and put back as they were when the
 * call fails (409: the conflict toast).
 */
export function useMoveDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ move }: MoveInput) => callApi(moveDeal, { params: { id: move.dealId }, body: move }),
    onMutate: async ({ move, deal, filters }) => {
      const board = dealKeys.board(move.workflowId);
      await queryClient.cancelQueries({ queryKey: board });
      const snapshot = queryClient.getQueriesData<ColumnData>({ queryKey: [...board, 'column'] });
      for (const [key, data] of snapshot) {
        if (!data) continue;
        const statusId = key[key.length - 1];
        const sameFilters = JSON.stringify(key[4]) === JSON.stringify(filters);
        if (!sameFilters) continue;
        if (statusId === move.targetStatusId)
          queryClient.setQueryData(key, insertIntoColumn(data, deal, move));
        else queryClient.setQueryData(key, removeFromColumn(data, move));
      }
      return { snapshot };
    },
    onError: (error, _input, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      notifyDealError(error);
    },
    onSettled: (_data, _error, { move }) => {
      void queryClient.invalidateQueries({ queryKey: dealKeys.board(move.workflowId) });
      void queryClient.invalidateQueries({ queryKey: dealKeys.detail(move.dealId) });
      void queryClient.invalidateQueries({ queryKey: dealKeys.dashboard });
    },
  });
}

export function useSetDealStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (input: { deal: Deal; statusId: number }) =>
      callApi(setDealStatus, {
        params: { id: input.deal.id },
        body: { currentStatusId: input.deal.statusId, statusId: input.statusId },
      }),
    onError: notifyDealError,
    onSettled: (_d, _e, { deal }) => refreshDeal(queryClient, deal),
  });
}

export function useSetDealFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (input: { deal: Deal; flagId: number; valueId: number }) =>
      callApi(setDealFlag, {
        params: { id: input.deal.id, flagId: input.flagId },
        body: { valueId: input.valueId },
      }),
    onError: notifyDealError,
    onSettled: (_d, _e, { deal }) => refreshDeal(queryClient, deal),
  });
}

/** What the deal form edits. */
export type DealFields = {
  name: string;
  description: string;
  contactId: string | null;
  siteAddress: string;
  accessNotes: string;
};

export function useCreateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: { workflowId: number } & DealFields) => callApi(createDeal, { body }),
    onSuccess: (deal) => {
      queryClient.setQueryData(dealKeys.detail(deal.id), deal);
      refreshDeal(queryClient, deal);
    },
  });
}

export function useUpdateDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ id, ...body }: { id: number } & DealFields) =>
      callApi(updateDeal, { params: { id }, body }),
    onSuccess: (deal) => {
      queryClient.setQueryData(dealKeys.detail(deal.id), deal);
      refreshDeal(queryClient, deal);
    },
  });
}

const detailMutation = (
  queryClient: QueryClient,
  call: (deal: DealDetail, arg: number) => Promise<DealDetail>,
) => ({
  meta: { errorHandling: 'local' as const },
  mutationFn: ({ deal, arg }: { deal: DealDetail; arg: number }) => call(deal, arg),
  onSuccess: (deal: DealDetail) => {
    queryClient.setQueryData(dealKeys.detail(deal.id), deal);
    refreshDeal(queryClient, deal);
  },
  onError: notifyDealError,
});

export function useArchiveDeal() {
  const queryClient = useQueryClient();
  return useMutation(
    detailMutation(queryClient, (deal, archive) =>
      callApi(archive ? archiveDeal : unarchiveDeal, { params: { id: deal.id } }),
    ),
  );
}

export function useRelateDeal() {
  const queryClient = useQueryClient();
  return useMutation(
    detailMutation(queryClient, (deal, relatedDealId) =>
      callApi(linkRelatedDeal, { params: { id: deal.id }, body: { relatedDealId } }),
    ),
  );
}

export function useUnrelateDeal() {
  const queryClient = useQueryClient();
  return useMutation(
    detailMutation(queryClient, (deal, relatedDealId) =>
      callApi(unlinkRelatedDeal, { params: { id: deal.id, relatedDealId } }),
    ),
  );
}

/** Deals of a workflow matching a search (the related-deal picker). */
export const dealSearchQueryOptions = (workflowId: number, search: string) =>
  queryOptions({
    queryKey: ['deals', 'search', workflowId, search],
    queryFn: ({ signal }) =>
      callApi(
        listDeals,
        { query: listQuery({ workflowId, search: search || undefined, limit: 20, archived: 'all' }) },
        { signal },
      ),
    staleTime: 10_000,
  });
