import type { Order } from '@bazaar/shared';
import { callApi } from '../api-client';
import * as paymentsEndpoints from '../endpoints/payments';

/** The three values Razorpay's checkout hands its `handler` after a payment. */
export interface RazorpayPaymentResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/**
 * Confirms a payment (`paymentsApi.confirmRazorpayPayment`): the server checks the signature
 * against its own order id and answers the paid, placed order. Idempotent.
 * @throws ApiError 400 PAYMENT_NOT_VERIFIED 'Payment could not be verified'.
 */
export function confirmRazorpayPayment(payment: RazorpayPaymentResponse): Promise<Order> {
  return callApi(paymentsEndpoints.confirmRazorpayPayment, {
    body: {
      razorpayOrderId: payment.razorpay_order_id,
      razorpayPaymentId: payment.razorpay_payment_id,
      razorpaySignature: payment.razorpay_signature,
    },
  });
}
