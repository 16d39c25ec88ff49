import type { RazorpayCheckout, RazorpayOrderInput } from '@bazaar/shared';
import { callApi } from '../api-client';
import * as paymentsEndpoints from '../endpoints/payments';

/**
 * Reserves the stock (`paymentsApi.startRazorpayCheckout`) and creates the order waiting for
 * payment (`payment_pending`), with the Razorpay order to open checkout on (amount in paise); with
 * `buyNow`, of that one product instead of the cart.
 * @throws ApiError 400 CART_EMPTY, 404 address, 409 OUT_OF_STOCK, 503 ONLINE_PAYMENT_UNAVAILABLE
 *   (Razorpay not configured or not reachable).
 */
export function createRazorpayOrder(body: RazorpayOrderInput): Promise<RazorpayCheckout> {
  return callApi(paymentsEndpoints.startRazorpayCheckout, { body });
}
