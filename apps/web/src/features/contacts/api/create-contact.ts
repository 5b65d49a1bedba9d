import { createContact } from '@slat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { contactsQueryKey } from './search-contacts';

/** A new contact (the deal form creates one in place); searches then find it. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: { name: string; email: string; phone: string }) => callApi(createContact, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...contactsQueryKey, 'search'] }),
  });
}
