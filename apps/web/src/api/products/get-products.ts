import {
  productListApiPath,
  productListQuery,
  type ProductGridQuery,
  type ProductPage,
} from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as catalogEndpoints from '../endpoints/catalog';
import { takeFirstPageAnswer } from '../first-page-data';
import { productKeys } from './product-keys';

export type { ProductGridQuery } from '@bazaar/shared';

/**
 * One page of the catalog (`catalogApi.listProducts`), with the price bounds of the whole
 * result. Prices in paise.
 */
export function getProducts(query: ProductGridQuery, signal?: AbortSignal): Promise<ProductPage> {
  return callApi(catalogEndpoints.listProducts, { query: productListQuery(query), signal });
}

export function productsQueryOptions(query: ProductGridQuery) {
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => getProducts(query, signal),
    // Keyed by the path the server's first-page rendering asks for (firstPageNeeds).
    initialData: () => takeFirstPageAnswer<ProductPage>(productListApiPath(query)),
    // Keep the last page on screen while the next search loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(query: ProductGridQuery) {
  return useQuery(productsQueryOptions(query));
}
