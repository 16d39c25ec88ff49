import type { CatalogSort, ProductCategory, ProductPage, SizeLabel } from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { productKeys } from './product-keys';

/** What the storefront grid asks `GET /api/products` for. Prices in paise. */
export interface ProductGridQuery {
  q?: string;
  minPricePaise?: number;
  maxPricePaise?: number;
  category?: readonly ProductCategory[];
  size?: readonly SizeLabel[];
  sort?: CatalogSort;
  page?: number;
  pageSize?: number;
}

/** `GET /api/products`: one page of the catalog, with the price bounds of the whole result. */
export function getProducts(query: ProductGridQuery, signal?: AbortSignal): Promise<ProductPage> {
  const path = withQuery('/api/products', {
    q: query.q?.trim() || undefined,
    minPricePaise: query.minPricePaise,
    maxPricePaise: query.maxPricePaise,
    category: query.category,
    size: query.size,
    sort: query.sort,
    page: query.page,
    pageSize: query.pageSize,
  });
  return apiFetch<ProductPage>(path, { signal });
}

export function productsQueryOptions(query: ProductGridQuery) {
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => getProducts(query, signal),
    // Keep the last page on screen while the next search loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(query: ProductGridQuery) {
  return useQuery(productsQueryOptions(query));
}
