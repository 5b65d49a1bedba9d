import { getCalendarAccount, linkVirtualCalendar, unlinkCalendarAccount } from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';

export const calendarAccountQueryOptions = queryOptions({
  queryKey: ['settings', 'calendar-account'],
  queryFn: ({ signal }) => callApi(getCalendarAccount, {}, { signal }),
  // the page shows 'Error loading account' itself
  meta: { errorHandling: 'local' },
  retry: false,
});

export function useLinkVirtualCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(linkVirtualCalendar, {}),
    onSuccess: (account) => queryClient.setQueryData(calendarAccountQueryOptions.queryKey, account),
  });
}

export function useUnlinkCalendarAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(unlinkCalendarAccount, {}),
    onSuccess: (account) => queryClient.setQueryData(calendarAccountQueryOptions.queryKey, account),
  });
}

/** The link service's path segment: GOOGLE → google, VIRTUAL_CALENDAR → virtual-calendar. */
const linkServiceSlug = (provider: string) => provider.toLowerCase().replace(/_/g, '-');

/** Where the browser goes to link a service: its link address with callbackUrl and redirectUrl. */
export function linkServiceUrl(linkPath: string, provider: string, origin: string): string {
  const url = new URL(linkPath, origin);
  url.searchParams.set('callbackUrl', `${origin}/account/${linkServiceSlug(provider)}/callback`);
  url.searchParams.set('redirectUrl', `${origin}/settings/integrations`);
  return url.toString();
}
