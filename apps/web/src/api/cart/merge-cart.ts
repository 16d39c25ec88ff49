import type { CartMerge, CartMergeResult } from '@bazaar/shared';
import { callApi } from '../api-client';
import * as cartEndpoints from '../endpoints/cart';

/**
 * Adds (`cartApi.mergeCart`) the visitor's browser cart to the customer's cart and answers the
 * whole cart with what was capped (stock, 10 a line) or dropped (sold out, no longer available,
 * 50 products). The same `mergeId` sent again adds nothing. @throws ApiError 400, 401, 403.
 */
export function mergeCart(body: CartMerge, signal?: AbortSignal): Promise<CartMergeResult> {
  return callApi(cartEndpoints.mergeCart, { body, signal });
}
