import { getContact } from '@slat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { contactsQueryKey } from './search-contacts';

/** A contact with its related deals; the modal says itself when it cannot be found. */
export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...contactsQueryKey, 'detail', id],
    queryFn: ({ signal }) => callApi(getContact, { params: { id } }, { signal }),
    meta: { errorHandling: 'local' },
    retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status < 500),
  });
