import type { ShopOrderDetail } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as fulfilmentEndpoints from '../endpoints/fulfilment';
import { shopOrderKeys } from './shop-order-keys';

/**
 * Records the UTR of the transfer that paid a cash-on-delivery refund
 * (`fulfilmentApi.markShopRefundPaid`, docs/refunds.md) and answers the shipment as it is now.
 * @throws ApiError 400 with a `reference` field message; 409 already paid; 422 REFUND_NOT_MANUAL
 *   for a refund Razorpay settles; 404.
 */
export function markShopRefundPaid({
  shipmentId,
  reference,
}: {
  shipmentId: number;
  reference: string;
}): Promise<ShopOrderDetail> {
  return callApi(fulfilmentEndpoints.markShopRefundPaid, {
    params: { shipmentId },
    body: { reference },
  });
}

/**
 * Marks the refund paid; the answered shipment replaces the cached one and the lists reload. A
 * refusal reloads the shipment too: a 409 means someone else already recorded it.
 */
export function useMarkShopRefundPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markShopRefundPaid,
    onSuccess: (detail) => {
      queryClient.setQueryData(shopOrderKeys.detail(detail.shipmentId), detail);
      void queryClient.invalidateQueries({ queryKey: [...shopOrderKeys.all, 'list'] });
    },
    onError: (_error, { shipmentId }) => {
      void queryClient.invalidateQueries({ queryKey: shopOrderKeys.detail(shipmentId) });
    },
  });
}
