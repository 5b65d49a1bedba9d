import { documentCategoriesSelect, listLinkedManufacturers, listSupplierDocuments } from '@slat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';

export const supplierDocumentsQueryOptions = queryOptions({
  queryKey: ['documents', 'list'],
  queryFn: ({ signal }) => callApi(listSupplierDocuments, {}, { signal }),
});

/** The suppliers the dealer is linked to: the Supplier filter and column need more than one. */
export const linkedSuppliersQueryOptions = queryOptions({
  queryKey: ['documents', 'suppliers'],
  queryFn: ({ signal }) => callApi(listLinkedManufacturers, {}, { signal }),
  staleTime: 300_000,
});

/** The Type filter's choices. */
export const documentCategoriesQueryOptions = queryOptions({
  queryKey: ['documents', 'categories'],
  queryFn: ({ signal }) => callApi(documentCategoriesSelect, {}, { signal }),
  staleTime: 300_000,
});
