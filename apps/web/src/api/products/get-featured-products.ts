import {
  featuredListApiPath,
  SLIDER_LIST_LIMIT_DEFAULT,
  type FeaturedList,
  type ProductList,
} from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as catalogEndpoints from '../endpoints/catalog';
import { takeFirstPageAnswer } from '../first-page-data';
import { productKeys } from './product-keys';

export type { FeaturedList } from '@bazaar/shared';

/**
 * A home slider's products, at most `limit`: `catalogApi.listBestSellingProducts` or
 * `catalogApi.listNewArrivalProducts`.
 */
export function getFeaturedProducts(
  list: FeaturedList,
  limit: number,
  signal?: AbortSignal,
): Promise<ProductList> {
  const call = { query: { limit }, signal };
  return list === 'best-selling'
    ? callApi(catalogEndpoints.listBestSellingProducts, call)
    : callApi(catalogEndpoints.listNewArrivalProducts, call);
}

export function featuredProductsQueryOptions(
  list: FeaturedList,
  limit = SLIDER_LIST_LIMIT_DEFAULT,
) {
  return queryOptions({
    queryKey: productKeys.featured(list, limit),
    queryFn: ({ signal }) => getFeaturedProducts(list, limit, signal),
    // Keyed by the path the server's first-page rendering asks for (firstPageNeeds).
    initialData: () => takeFirstPageAnswer<ProductList>(featuredListApiPath(list, limit)),
  });
}

export function useFeaturedProducts(list: FeaturedList, limit = SLIDER_LIST_LIMIT_DEFAULT) {
  return useQuery(featuredProductsQueryOptions(list, limit));
}
