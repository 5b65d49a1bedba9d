import {
  archivePerson,
  createPerson,
  listPersonnel,
  type PersonBody,
  personnelLabels,
  updatePerson,
} from '@slat/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';

const personnelKey = ['personnel'] as const;

export const personnelQueryOptions = queryOptions({
  queryKey: [...personnelKey, 'list'],
  queryFn: ({ signal }) => callApi(listPersonnel, {}, { signal }),
});

export const personnelLabelsQueryOptions = queryOptions({
  queryKey: [...personnelKey, 'labels'],
  queryFn: ({ signal }) => callApi(personnelLabels, {}, { signal }),
});

const useInvalidatePersonnel = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: personnelKey });
};

/** Adds (no id) or edits a person; the form shows the server's field errors itself. */
export function useSavePerson() {
  const invalidate = useInvalidatePersonnel();
  return useMutation({
    mutationFn: ({ id, ...body }: PersonBody & { id?: number }) =>
      id === undefined
        ? callApi(createPerson, { body })
        : callApi(updatePerson, { params: { id }, body: { ...body, id } }).then((person) => ({
            id: person.id,
          })),
    meta: { errorHandling: 'local' },
    onSuccess: invalidate,
  });
}

export function useArchivePerson() {
  const invalidate = useInvalidatePersonnel();
  return useMutation({
    mutationFn: (id: number) => callApi(archivePerson, { params: { id } }),
    onSuccess: invalidate,
  });
}
