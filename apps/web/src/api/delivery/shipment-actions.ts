import type { DeliveryShipmentDetail } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as deliveryEndpoints from '../endpoints/delivery';
import { deliveryKeys } from './delivery-keys';

/** A move of one of my shipments and what it sends. */
export type DeliveryAction =
  | { shipmentId: number; action: 'pick-up' }
  | { shipmentId: number; action: 'out-for-delivery' }
  | { shipmentId: number; action: 'deliver'; code: string }
  | { shipmentId: number; action: 'fail'; reason: string };

/**
 * Moves one of my shipments (`deliveryApi.pickUpShipment`, `sendOutForDelivery`,
 * `deliverShipment` with `{ code }`, `failDelivery` with `{ reason }`) and answers it as it now
 * is.
 * @throws ApiError 404 not mine; 422 SHIPMENT_STATUS_CHANGED (wrong status) or
 *   DELIVERY_CODE_MISMATCH 'The delivery code does not match'; 429 DELIVERY_CODE_LOCKED after 5
 *   wrong codes (15 minutes).
 */
export function moveDeliveryShipment(input: DeliveryAction): Promise<DeliveryShipmentDetail> {
  const params = { shipmentId: input.shipmentId };
  switch (input.action) {
    case 'pick-up':
      return callApi(deliveryEndpoints.pickUpShipment, { params });
    case 'out-for-delivery':
      return callApi(deliveryEndpoints.sendOutForDelivery, { params });
    case 'deliver':
      return callApi(deliveryEndpoints.deliverShipment, { params, body: { code: input.code } });
    case 'fail':
      return callApi(deliveryEndpoints.failDelivery, { params, body: { reason: input.reason } });
  }
}

/** Moves a shipment; every delivery list, the summary and the cash report are then refetched. */
export function useDeliveryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveDeliveryShipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
