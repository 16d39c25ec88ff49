import type { DeliverySummary } from '@bazaar/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as deliveryEndpoints from '../endpoints/delivery';
import { deliveryKeys } from './delivery-keys';

/**
 * Today's numbers (`deliveryApi.getDeliverySummary`) of the signed-in delivery staff member (Indian
 * day): `{ day, active, deliveredToday, failedToday, cashTodayPaise }`.
 */
export function getDeliverySummary(signal?: AbortSignal): Promise<DeliverySummary> {
  return callApi(deliveryEndpoints.getDeliverySummary, { signal });
}

/** Today's delivery numbers. */
export function useDeliverySummary() {
  return useQuery({
    queryKey: deliveryKeys.summary(),
    queryFn: ({ signal }) => getDeliverySummary(signal),
  });
}
