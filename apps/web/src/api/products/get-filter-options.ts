import type { CatalogFilterOptions } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as catalogEndpoints from '../endpoints/catalog';
import { productKeys } from './product-keys';

/**
 * The grid's shop and brand choices (`catalogApi.listFilterOptions`): shops and brands with
 * listed products and their counts; one shop's brands when `shopId` is given.
 */
export function getFilterOptions(
  shopId: number | undefined,
  signal?: AbortSignal,
): Promise<CatalogFilterOptions> {
  return callApi(catalogEndpoints.listFilterOptions, {
    query: shopId === undefined ? {} : { shopId },
    signal,
  });
}

export function filterOptionsQueryOptions(shopId: number | undefined) {
  return queryOptions({
    queryKey: productKeys.filterOptions(shopId),
    queryFn: ({ signal }) => getFilterOptions(shopId, signal),
    // The server keeps them 30 s: shops and brands change only when sellers list products.
    staleTime: 60_000,
  });
}

export function useFilterOptions(shopId: number | undefined) {
  return useQuery(filterOptionsQueryOptions(shopId));
}
