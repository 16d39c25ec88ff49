import { productListApiPath, type ProductGridQuery, type ProductPage } from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { takeFirstPageAnswer } from '../first-page-data';
import { productKeys } from './product-keys';

export type { ProductGridQuery } from '@bazaar/shared';

/** `GET /api/products`: one page of the catalog, with the price bounds of the whole result. */
export function getProducts(query: ProductGridQuery, signal?: AbortSignal): Promise<ProductPage> {
  return apiFetch<ProductPage>(productListApiPath(query), { signal });
}

export function productsQueryOptions(query: ProductGridQuery) {
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => getProducts(query, signal),
    initialData: () => takeFirstPageAnswer<ProductPage>(productListApiPath(query)),
    // Keep the last page on screen while the next search loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(query: ProductGridQuery) {
  return useQuery(productsQueryOptions(query));
}
