import { productDetailApiPath, type ProductDetail } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { takeFirstPageAnswer } from '../first-page-data';
import { productKeys } from './product-keys';

/** `GET /api/products/{productId}`. @throws ApiError 404 for an unknown product. */
export function getProduct(productId: number, signal?: AbortSignal): Promise<ProductDetail> {
  return apiFetch<ProductDetail>(productDetailApiPath(productId), { signal });
}

export function productQueryOptions(productId: number) {
  return queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
    initialData: () => takeFirstPageAnswer<ProductDetail>(productDetailApiPath(productId)),
  });
}

/** The product of a detail page; disabled (idle) while there is no valid id. */
export function useProduct(productId: number | null) {
  return useQuery({
    ...productQueryOptions(productId ?? 0),
    enabled: productId !== null,
  });
}
