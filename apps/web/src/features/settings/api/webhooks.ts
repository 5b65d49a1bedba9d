import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  sendTestWebhook,
  updateWebhook,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
} from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';

export const webhooksQueryOptions = queryOptions({
  queryKey: ['settings', 'webhooks'],
  queryFn: ({ signal }) => callApi(listWebhooks, {}, { signal }),
  // a delivery still being tried shows its outcome without a reload
  refetchInterval: (query) =>
    query.state.data?.data.some((w) => w.lastDeliveryStatus === 'PENDING') ? 2000 : false,
});

/** One page of a webhook's delivery log; polled while a delivery is still being tried. */
export const webhookDeliveriesQueryOptions = (id: number, page: number) =>
  queryOptions({
    queryKey: ['settings', 'webhooks', id, 'deliveries', page],
    queryFn: ({ signal }) =>
      callApi(
        listWebhookDeliveries,
        {
          params: { id },
          query: { offset: (page - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE, limit: WEBHOOK_DELIVERIES_PAGE_SIZE },
        },
        { signal },
      ),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'PENDING') ? 2000 : false),
  });

function useRefreshWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey });
}

export function useCreateWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (url: string) => callApi(createWebhook, { body: { url } }),
    onSuccess: () => refresh(),
  });
}

export function useSetWebhookDisabled() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (input: { id: number; disabled: boolean }) =>
      callApi(updateWebhook, { params: { id: input.id }, body: { disabled: input.disabled } }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteWebhook() {
  const refresh = useRefreshWebhooks();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (id: number) => callApi(deleteWebhook, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (id: number) => callApi(sendTestWebhook, { params: { id } }),
    onSuccess: (_delivery, id) => {
      void queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['settings', 'webhooks', id, 'deliveries'] });
    },
  });
}
