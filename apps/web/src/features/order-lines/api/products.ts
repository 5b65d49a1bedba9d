import { getProductDetail, listProductTree } from '@slat/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client';

export const productKeys = {
  all: ['products'] as const,
  tree: ['products', 'tree'] as const,
  detail: (productId: number) => ['products', 'detail', productId] as const,
};

/** The products the dealer may quote, grouped ('Top Products' first when there are any). */
export const productTreeQueryOptions = queryOptions({
  queryKey: productKeys.tree,
  queryFn: ({ signal }) => callApi(listProductTree, {}, { signal }),
  staleTime: 60_000,
});

/** One product in its supplier's latest catalog version (its brand's fractions, its sizes). */
export const productDetailQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => callApi(getProductDetail, { params: { id: productId } }, { signal }),
    staleTime: 60_000,
  });
