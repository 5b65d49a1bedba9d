import '../strings';
import { Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../components/icons';
import { ListPager } from '../../../components/ui/list-pager';
import { QueryView } from '../../../components/ui/query-view';
import { storage } from '../../../lib/storage';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useDocumentTitle } from '../../../lib/use-document-title';
import {
  orderSuppliersQueryOptions,
  purchaseOrderListQueryOptions,
  salesRepsQueryOptions,
} from '../api/list';
import {
  clampPage,
  clearedParams,
  hasFilters,
  listFilters,
  ORDERS_PAGE_SIZE,
  type OrdersListParams,
  ordersListSearch,
  pageCount,
  pageOffset,
  parseOrdersListParams,
  readRememberedFilters,
  rememberFilters,
} from '../components/list/list-logic';
import { OrderFilters } from '../components/list/order-filters';
import { ButtonLink, OrderCards, OrderTable } from '../components/list/order-list';

const ordersApi = getRouteApi('/signed-in/orders');

/**
 * The list's filters: the URL's, the remembered rep and supplier where the URL names none. The
 * supplier filter counts only with the multi-supplier permission (it is not shown without it);
 * `supplierFilter` is false once the suppliers are known to be one.
 */
function useOrdersListParams(supplierFilter: boolean) {
  const search = ordersApi.useSearch();
  const navigate = useNavigate();
  // read once per visit: a choice made here goes to the URL as well
  const [remembered] = useState(() => readRememberedFilters(storage));
  const parsed = parseOrdersListParams(search, remembered);
  const params: OrdersListParams = supplierFilter ? parsed : { ...parsed, manufacturer: null };
  const update = (next: Partial<OrdersListParams>) => {
    rememberFilters(storage, next);
    void navigate({ to: '/orders', search: ordersListSearch({ ...params, ...next }), replace: true });
  };
  return { params, update };
}

/** §2 /orders: the filter bar and the paged list; New order opens its modal over it (/orders/new). */
export function OrdersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.orders'));
  const suppliers = useQuery(orderSuppliersQueryOptions);
  const reps = useQuery(salesRepsQueryOptions);
  const multiSupplier = suppliers.data?.multiSupplier ?? false;
  // while the suppliers load, a supplier in the URL is kept (the list waits for them anyway)
  const { params, update } = useOrdersListParams(multiSupplier || suppliers.isPending);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('pages.orders')}
        </Title>
        <ButtonLink
          to="/orders/new"
          search={ordersListSearch(params)}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t('ordersList.newOrder')}
        </ButtonLink>
      </Group>
      <OrderFilters
        params={params}
        onChange={update}
        suppliers={suppliers.data?.data ?? []}
        multiSupplier={multiSupplier}
        salesReps={reps.data ?? []}
      />
      {/* the supplier filter is known to count only once the permission is */}
      {(suppliers.isSuccess || suppliers.isError) && (
        <OrderList params={params} onChange={update} multiSupplier={multiSupplier} />
      )}
      <Outlet />
    </Stack>
  );
}

function OrderList({
  params,
  onChange,
  multiSupplier,
}: {
  params: OrdersListParams;
  onChange: (next: Partial<OrdersListParams>) => void;
  multiSupplier: boolean;
}) {
  const { t } = useTranslation();
  const phone = useBreakpoint() === 'verySmall';
  const top = useRef<HTMLDivElement>(null);
  const query = useQuery(
    purchaseOrderListQueryOptions(listFilters(params), ORDERS_PAGE_SIZE, pageOffset(params.page)),
  );
  const filtered = hasFilters(params);
  const clear = () => onChange(clearedParams);
  // a page past the end (the list shrank, an old link) moves to the last page that has orders
  const lastPage = query.data && !query.isPlaceholderData ? pageCount(query.data.total) : null;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    if (lastPage !== null && params.page > lastPage) onChangeRef.current({ page: lastPage });
  }, [lastPage, params.page]);
  const List = phone ? OrderCards : OrderTable;
  return (
    <QueryView query={query} failedTitle={t('lists.loadFailed')}>
      {({ total, data }) => {
        const pages = pageCount(total);
        const page = clampPage(params.page, total);
        return (
          <Stack gap="sm" aria-busy={query.isFetching} ref={top}>
            <ListPager
              total={total}
              page={page}
              pages={pages}
              onPage={(to) => onChange({ page: to })}
              endLabel={t('ordersList.pagingEnd')}
              countTestId="orders-total"
            />
            <List
              orders={data}
              multiSupplier={multiSupplier}
              params={params}
              onClearFilters={clear}
              filtered={filtered}
            />
            {pages > 1 && (
              <ListPager
                end
                endLabel={t('ordersList.pagingEnd')}
                total={total}
                page={page}
                pages={pages}
                onPage={(to) => {
                  onChange({ page: to });
                  top.current?.scrollIntoView({ block: 'start' });
                }}
              />
            )}
          </Stack>
        );
      }}
    </QueryView>
  );
}
