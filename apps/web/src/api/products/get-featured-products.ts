import {
  featuredListApiPath,
  SLIDER_LIST_LIMIT_DEFAULT,
  type FeaturedList,
  type ProductList,
} from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { takeFirstPageAnswer } from '../first-page-data';
import { productKeys } from './product-keys';

export type { FeaturedList } from '@bazaar/shared';

/** `GET /api/products/best-selling` or `GET /api/products/new-arrivals`. */
export function getFeaturedProducts(
  list: FeaturedList,
  limit: number,
  signal?: AbortSignal,
): Promise<ProductList> {
  return apiFetch<ProductList>(featuredListApiPath(list, limit), { signal });
}

export function featuredProductsQueryOptions(
  list: FeaturedList,
  limit = SLIDER_LIST_LIMIT_DEFAULT,
) {
  return queryOptions({
    queryKey: productKeys.featured(list, limit),
    queryFn: ({ signal }) => getFeaturedProducts(list, limit, signal),
    initialData: () => takeFirstPageAnswer<ProductList>(featuredListApiPath(list, limit)),
  });
}

export function useFeaturedProducts(list: FeaturedList, limit = SLIDER_LIST_LIMIT_DEFAULT) {
  return useQuery(featuredProductsQueryOptions(list, limit));
}
