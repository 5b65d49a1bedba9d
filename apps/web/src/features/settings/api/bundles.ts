import '../strings';
import { type Bundle, listBundles, subscribeBundle, unsubscribeBundle } from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { i18n, translateMessage } from '../../../lib/i18n/i18n';
import { reportError } from '../../../lib/monitoring';
import { notifyError } from '../../../lib/notify';

export const bundlesQueryOptions = queryOptions({
  queryKey: ['settings', 'bundles'],
  queryFn: ({ signal }) => callApi(listBundles, {}, { signal }),
});

/** The bundle list with one bundle switched on or off (values filled in when subscribing). */
export function withSubscription(
  bundles: Bundle[],
  id: number,
  subscribed: boolean,
  templateValues: Record<string, string> = {},
): Bundle[] {
  return bundles.map((b) =>
    b.id === id
      ? {
          ...b,
          isSubscribed: subscribed,
          templateFields: b.templateFields.map((f) => ({
            ...f,
            value: subscribed ? (templateValues[f.templateKey] ?? f.value) : null,
          })),
        }
      : b,
  );
}

/** The subscribed bundle of the same exclusivity group that keeps this one switched off. */
export function blockingBundle(bundles: Bundle[], bundle: Bundle): Bundle | undefined {
  if (!bundle.exclusivityKey || bundle.isSubscribed) return undefined;
  return bundles.find(
    (b) => b.id !== bundle.id && b.isSubscribed && b.exclusivityKey === bundle.exclusivityKey,
  );
}

export type ToggleBundle = { id: number; subscribe: boolean; templateValues?: Record<string, string> };

/** Subscribe or unsubscribe, shown at once and put back if the server refuses. */
export function useToggleBundle() {
  const queryClient = useQueryClient();
  const key = bundlesQueryOptions.queryKey;
  return useMutation({
    mutationFn: ({ id, subscribe, templateValues }: ToggleBundle) =>
      subscribe
        ? callApi(subscribeBundle, { params: { id }, body: { templateValues: templateValues ?? {} } })
        : callApi(unsubscribeBundle, { params: { id } }),
    meta: { errorHandling: 'local' },
    onMutate: async ({ id, subscribe, templateValues }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, withSubscription(previous, id, subscribe, templateValues));
      return { previous };
    },
    onError: (error, _variables, result) => {
      if (result?.previous) queryClient.setQueryData(key, result.previous);
      const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (!clientError) reportError(error);
      notifyError(
        i18n.t('settings.bundles.failedTitle'),
        clientError ? translateMessage(error.message) : i18n.t('errors.serverIssues'),
      );
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Bundle[]>(key, (old) => old?.map((b) => (b.id === saved.id ? saved : b)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
