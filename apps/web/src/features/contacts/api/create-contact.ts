import { type ContactBody, createContact, updateContact } from '@slat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';
import { contactQueryOptions } from './get-contact';
import { contactsQueryKey } from './search-contacts';

/** A new contact (from the list, or in place in the deal form); searches then find it. */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: (body: ContactBody) => callApi(createContact, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...contactsQueryKey, 'search'] }),
  });
}

/** A contact's name, email and phone; the list and the contact show the change. */
export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorHandling: 'local' },
    mutationFn: ({ id, ...body }: ContactBody & { id: string }) =>
      callApi(updateContact, { params: { id }, body }),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactQueryOptions(contact.id).queryKey, contact);
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
