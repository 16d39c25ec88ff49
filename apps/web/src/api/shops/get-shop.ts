import type { ShopStorefront } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as catalogEndpoints from '../endpoints/catalog';

/**
 * A shop's public page (`catalogApi.getShop`): name, image, town, GSTIN, rating, product count.
 * @throws ApiError 404 for an unknown shop.
 */
export function getShop(shopId: number, signal?: AbortSignal): Promise<ShopStorefront> {
  return callApi(catalogEndpoints.getShop, { params: { shopId }, signal });
}

export function shopQueryOptions(shopId: number | null) {
  return queryOptions({
    queryKey: ['shops', shopId] as const,
    queryFn: ({ signal }) => getShop(shopId!, signal),
    enabled: shopId !== null,
  });
}

export function useShop(shopId: number | null) {
  return useQuery(shopQueryOptions(shopId));
}
