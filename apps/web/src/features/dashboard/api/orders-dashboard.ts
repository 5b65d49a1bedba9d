import { purchaseOrderDashboard } from '@slat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';

/**
 * GET /purchaseorder/dashboard: the past 30 days' open and submitted counts and orders per day.
 * Its key starts with 'purchase-orders', so a change to any order refreshes it.
 */
export const ordersDashboardQueryOptions = queryOptions({
  queryKey: ['purchase-orders', 'dashboard'] as const,
  queryFn: ({ signal }) => callApi(purchaseOrderDashboard, {}, { signal }),
});
