import type { ShopOrderDetail } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as fulfilmentEndpoints from '../endpoints/fulfilment';
import { shopOrderKeys } from './shop-order-keys';

/**
 * Retries the failed Razorpay refund of a shipment (`fulfilmentApi.retryShopRefund`,
 * docs/refunds.md "Retrying a failed refund") and answers the shipment as it is now.
 * @throws ApiError 409 REFUND_NOT_FAILED (already pending or processed); 404.
 */
export function retryShopRefund({ shipmentId }: { shipmentId: number }): Promise<ShopOrderDetail> {
  return callApi(fulfilmentEndpoints.retryShopRefund, { params: { shipmentId } });
}

/**
 * Retries the refund; the answered shipment replaces the cached one. A refusal reloads the
 * shipment: a 409 means someone else retried it first, or Razorpay settled it meanwhile.
 */
export function useRetryShopRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryShopRefund,
    onSuccess: (detail) => {
      queryClient.setQueryData(shopOrderKeys.detail(detail.shipmentId), detail);
      void queryClient.invalidateQueries({ queryKey: [...shopOrderKeys.all, 'list'] });
    },
    onError: (_error, { shipmentId }) => {
      void queryClient.invalidateQueries({ queryKey: shopOrderKeys.detail(shipmentId) });
    },
  });
}
