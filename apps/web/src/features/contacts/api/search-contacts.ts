import { searchContacts } from '@slat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import type { ContactSort } from '../search';

export type ContactSearch = { search: string; sort: ContactSort | undefined; limit: number; offset: number };

export const contactsQueryKey = ['contacts'] as const;

/** One page of contacts matching a search: the contact list, and the deal form's contact picker. */
export const searchContactsQueryOptions = (input: ContactSearch) =>
  queryOptions({
    queryKey: [...contactsQueryKey, 'search', input],
    queryFn: ({ signal }) =>
      callApi(
        searchContacts,
        {
          body: {
            filters: input.search ? { search: input.search } : {},
            pagination: { limit: input.limit, offset: input.offset },
            ...(input.sort ? { sort: input.sort } : {}),
          },
        },
        { signal },
      ),
  });
