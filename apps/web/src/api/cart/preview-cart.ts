import type { CartPreview, CartPreviewInput } from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as cartEndpoints from '../endpoints/cart';

/**
 * Prices a browser cart (`cartApi.previewCart`, public): its lines with live prices and stock,
 * the totals of the available ones and the ids of products that no longer exist. Also serves
 * "Buy now"'s one line at checkout. @throws ApiError 400 (more than 50 lines).
 */
export function previewCart(body: CartPreviewInput, signal?: AbortSignal): Promise<CartPreview> {
  return callApi(cartEndpoints.previewCart, { body, signal });
}

/** The preview query of these items (keyed by them, so a change asks again). */
export function previewCartQueryOptions(items: CartPreviewInput['items']) {
  return queryOptions({
    queryKey: ['cart-preview', items] as const,
    queryFn: ({ signal }) => previewCart({ items }, signal),
    // While a quantity change is asked again, the previous lines stay on screen.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A browser cart's (or a buy-now line's) preview; `enabled: false` makes no request. */
export function useCartPreview(items: CartPreviewInput['items'], { enabled = true } = {}) {
  return useQuery({ ...previewCartQueryOptions(items), enabled });
}
