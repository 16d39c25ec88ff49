import type { RazorpayCheckout } from '@bazaar/shared';
import { apiFetch } from '../api-client';

/**
 * `POST /api/orders/razorpay`: reserves the stock and creates the order waiting for payment
 * (`payment_pending`), with the Razorpay order to open checkout on (amount in paise).
 * @throws ApiError 400 empty cart, 404 address, 409 stock, 503 Razorpay not configured.
 */
export function createRazorpayOrder({
  addressId,
}: {
  addressId: number;
}): Promise<RazorpayCheckout> {
  return apiFetch<RazorpayCheckout>('/api/orders/razorpay', {
    method: 'POST',
    body: { addressId },
  });
}
