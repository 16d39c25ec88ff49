import type { Order, RefundPayee } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as ordersEndpoints from '../endpoints/orders';
import { replaceOrder } from './order-keys';

/**
 * Asks to return a shipment (`ordersApi.requestReturn`) with a reason of 5-500 characters and,
 * for a cash-on-delivery order, where the refund goes (`refundTo`, docs/refunds.md).
 * @throws ApiError 422 RETURN_NOT_ALLOWED unless the shipment was delivered within the last 7 days;
 *   400 when `refundTo` is given for an order paid online.
 */
export function requestReturn({
  orderId,
  shipmentId,
  reason,
  refundTo,
}: {
  orderId: number;
  shipmentId: number;
  reason: string;
  refundTo?: RefundPayee;
}): Promise<Order> {
  return callApi(ordersEndpoints.requestReturn, {
    params: { orderId, shipmentId },
    body: refundTo ? { reason, refundTo } : { reason },
  });
}

/** Asks to return one shipment; the answered order replaces the cached one. */
export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReturn,
    onSuccess: (order) => replaceOrder(queryClient, order),
  });
}
