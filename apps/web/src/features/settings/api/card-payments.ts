import { getCardPaymentSettings, updateCardPaymentSettings } from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { providersQueryOptions } from './account-settings';

export const cardPaymentSettingsQueryOptions = queryOptions({
  queryKey: ['settings', 'card-payments'],
  queryFn: ({ signal }) => callApi(getCardPaymentSettings, {}, { signal }),
});

/** Saves the connected account; the Providers config's card-payment flag follows it. */
export function useSaveCardPaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (accountId: string) => callApi(updateCardPaymentSettings, { body: { accountId } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(cardPaymentSettingsQueryOptions.queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: providersQueryOptions.queryKey });
      // the deals' payment screens offer card payments from the same flag
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
    },
  });
}
