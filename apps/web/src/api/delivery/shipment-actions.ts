import type { DeliveryShipmentDetail } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { deliveryKeys } from './delivery-keys';

/** A move of one of my shipments and what it sends. */
export type DeliveryAction =
  | { shipmentId: number; action: 'pick-up' }
  | { shipmentId: number; action: 'out-for-delivery' }
  | { shipmentId: number; action: 'deliver'; code: string }
  | { shipmentId: number; action: 'fail'; reason: string };

/**
 * `POST /api/delivery/shipments/{id}/pick-up | out-for-delivery | deliver { code } |
 * fail { reason }`: answers the shipment as it now is.
 * @throws ApiError 404 not mine; 422 wrong status or 'The delivery code does not match';
 *   429 after 5 wrong codes (15 minutes).
 */
export function moveDeliveryShipment(input: DeliveryAction): Promise<DeliveryShipmentDetail> {
  const body =
    input.action === 'deliver'
      ? { code: input.code }
      : input.action === 'fail'
        ? { reason: input.reason }
        : undefined;
  return apiFetch<DeliveryShipmentDetail>(
    `/api/delivery/shipments/${input.shipmentId}/${input.action}`,
    { method: 'POST', body },
  );
}

/** Moves a shipment; every delivery list, the summary and the cash report are then refetched. */
export function useDeliveryAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveDeliveryShipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliveryKeys.all }),
  });
}
