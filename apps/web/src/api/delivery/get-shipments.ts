import type { DeliveryShipmentPage } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as deliveryEndpoints from '../endpoints/delivery';
import { deliveryKeys, type DeliveryListParams } from './delivery-keys';

/**
 * My deliveries (`deliveryApi.listDeliveryShipments`), 10 a page
 * (`active`: to deliver; `history`: delivered, failed, returned...).
 * @throws ApiError 400 for a bad date range.
 */
export function getDeliveryShipments(
  params: DeliveryListParams,
  signal?: AbortSignal,
): Promise<DeliveryShipmentPage> {
  return callApi(deliveryEndpoints.listDeliveryShipments, { query: { ...params }, signal });
}

/** One page of my deliveries; the previous page stays on screen while the next loads. */
export function useDeliveryShipments(params: DeliveryListParams) {
  return useQuery({
    queryKey: deliveryKeys.list(params),
    queryFn: ({ signal }) => getDeliveryShipments(params, signal),
    placeholderData: keepPreviousData,
  });
}
