import type { DeliveryCashReport } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as deliveryEndpoints from '../endpoints/delivery';
import { deliveryKeys } from './delivery-keys';

/**
 * Cash I collected (`deliveryApi.getDeliveryCash`) per Indian day (YYYY-MM-DD) in the range,
 * `{ from, to, days: [{ day, shipments, cashPaise }], totalShipments, totalCashPaise }`.
 * @throws ApiError 400 for a bad or too long range.
 */
export function getDeliveryCash(
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<DeliveryCashReport> {
  return callApi(deliveryEndpoints.getDeliveryCash, { query: { from, to }, signal });
}

/** The cash report of a range of days. */
export function useDeliveryCash(from: string, to: string) {
  return useQuery({
    queryKey: deliveryKeys.cash(from, to),
    queryFn: ({ signal }) => getDeliveryCash(from, to, signal),
    placeholderData: keepPreviousData,
  });
}
