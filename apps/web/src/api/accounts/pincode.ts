import type { PincodeInfo } from '@bazaar/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

/**
 * `GET /api/pincodes/{pincode}`: city, state, whether we deliver there (Bihar only) and the post
 * offices of a 6-digit pincode.
 * @throws ApiError 404 for an unknown pincode.
 */
export function getPincodeInfo(pincode: string, signal?: AbortSignal): Promise<PincodeInfo> {
  return apiFetch<PincodeInfo>(`/api/pincodes/${encodeURIComponent(pincode)}`, { signal });
}

/** One pincode's details; a pincode's city does not change, so they stay fresh for the visit. */
export function pincodeQueryOptions(pincode: string) {
  return queryOptions({
    queryKey: ['pincode', pincode] as const,
    queryFn: ({ signal }) => getPincodeInfo(pincode, signal),
    staleTime: Infinity,
    retry: false,
  });
}
