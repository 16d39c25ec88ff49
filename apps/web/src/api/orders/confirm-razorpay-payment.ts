import type { Order } from '@bazaar/shared';
import { apiFetch } from '../api-client';

/** The three values Razorpay's checkout hands its `handler` after a payment. */
export interface RazorpayPaymentResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * `POST /api/orders/razorpay/confirm`: the server checks the signature against its own order id
 * and answers the paid, placed order. Idempotent.
 * @throws ApiError 400 'Payment could not be verified'.
 */
export function confirmRazorpayPayment(payment: RazorpayPaymentResponse): Promise<Order> {
  return apiFetch<Order>('/api/orders/razorpay/confirm', {
    method: 'POST',
    body: {
      razorpayOrderId: payment.razorpay_order_id,
      razorpayPaymentId: payment.razorpay_payment_id,
      razorpaySignature: payment.razorpay_signature,
    },
  });
}
