import { SLIDER_LIST_LIMIT_DEFAULT, type ProductList } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { productKeys } from './product-keys';

/** The home page's two slider lists (marketplace.md section 2, "Home sliders"). */
export type FeaturedList = 'best-selling' | 'new-arrivals';

/** `GET /api/products/best-selling` or `GET /api/products/new-arrivals`. */
export function getFeaturedProducts(
  list: FeaturedList,
  limit: number,
  signal?: AbortSignal,
): Promise<ProductList> {
  return apiFetch<ProductList>(withQuery(`/api/products/${list}`, { limit }), { signal });
}

export function featuredProductsQueryOptions(
  list: FeaturedList,
  limit = SLIDER_LIST_LIMIT_DEFAULT,
) {
  return queryOptions({
    queryKey: productKeys.featured(list, limit),
    queryFn: ({ signal }) => getFeaturedProducts(list, limit, signal),
  });
}

export function useFeaturedProducts(list: FeaturedList, limit = SLIDER_LIST_LIMIT_DEFAULT) {
  return useQuery(featuredProductsQueryOptions(list, limit));
}
