import type { DeliverySummary } from '@bazaar/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { deliveryKeys } from './delivery-keys';

/**
 * `GET /api/delivery/summary`: today's numbers of the signed-in delivery staff member (Indian
 * day): `{ day, active, deliveredToday, failedToday, cashTodayPaise }`.
 */
export function getDeliverySummary(signal?: AbortSignal): Promise<DeliverySummary> {
  return apiFetch<DeliverySummary>('/api/delivery/summary', { signal });
}

/** Today's delivery numbers. */
export function useDeliverySummary() {
  return useQuery({
    queryKey: deliveryKeys.summary(),
    queryFn: ({ signal }) => getDeliverySummary(signal),
  });
}
