import type { RazorpayCheckout } from '@bazaar/shared';
import { callApi } from '../api-client';
import * as paymentsEndpoints from '../endpoints/payments';

/**
 * "Pay now" for an order waiting for payment (`paymentsApi.resumeRazorpayCheckout`): the same
 * Razorpay order to open checkout on again (amount in paise).
 * @throws ApiError 404 not the customer's order; 422 ORDER_NOT_AWAITING_PAYMENT or
 *   UNPAID_ORDER_RELEASED 'Payment not received in time'; 503 ONLINE_PAYMENT_UNAVAILABLE.
 */
export function resumeRazorpayCheckout(orderId: number): Promise<RazorpayCheckout> {
  return callApi(paymentsEndpoints.resumeRazorpayCheckout, { params: { orderId } });
}
