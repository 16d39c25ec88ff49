import { productDetailApiPath, type ProductDetail } from '@bazaar/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as catalogEndpoints from '../endpoints/catalog';
import { takeFirstPageAnswer } from '../first-page-data';
import { productKeys } from './product-keys';

/** A product's page (`catalogApi.getProduct`). @throws ApiError 404 for an unknown product. */
export function getProduct(productId: number, signal?: AbortSignal): Promise<ProductDetail> {
  return callApi(catalogEndpoints.getProduct, { params: { productId }, signal });
}

export function productQueryOptions(productId: number) {
  return queryOptions({
    queryKey: productKeys.detail(productId),
    queryFn: ({ signal }) => getProduct(productId, signal),
    // Keyed by the path the server's first-page rendering asks for (firstPageNeeds).
    initialData: () => takeFirstPageAnswer<ProductDetail>(productDetailApiPath(productId)),
  });
}
