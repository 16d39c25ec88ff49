import type { DeliveryEstimate } from '@bazaar/shared';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as catalogEndpoints from '../endpoints/catalog';

/**
 * The product page's delivery check (`catalogApi.getDeliveryEstimate`): town and days for a
 * Bihar pincode.
 * @throws ApiError 400 malformed, 404 unknown pincode, 422 PINCODE_NOT_SERVICEABLE outside Bihar.
 */
export function getDeliveryEstimate(
  pincode: string,
  signal?: AbortSignal,
): Promise<DeliveryEstimate> {
  return callApi(catalogEndpoints.getDeliveryEstimate, { params: { pincode }, signal });
}

/** One pincode's answer; it does not change during a visit. */
export function deliveryEstimateQueryOptions(pincode: string) {
  return queryOptions({
    queryKey: ['delivery-estimate', pincode] as const,
    queryFn: ({ signal }) => getDeliveryEstimate(pincode, signal),
    staleTime: Infinity,
    retry: false,
  });
}
