import type { BusinessProfile, BusinessProfileUpdate } from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as businessEndpoints from '../endpoints/business';

/** Query keys of the business profile and the admin's shop list. */
export const businessKeys = {
  profile: ['business', 'profile'] as const,
  shops: (search: string, page: number) => ['business', 'shops', search, page] as const,
};

/** The business's shop fields and the invoices' seller (`businessApi.getBusinessProfile`). */
export function useBusinessProfile() {
  return useQuery({
    queryKey: businessKeys.profile,
    queryFn: ({ signal }) => callApi(businessEndpoints.getBusinessProfile, { signal }),
  });
}

/**
 * Saves only the fields to change (`businessApi.updateBusinessProfile`, admin).
 * @throws ApiError 400 with `fields` (e.g. `gstin` 'Invalid GST No').
 */
export function updateBusinessProfile(body: BusinessProfileUpdate): Promise<BusinessProfile> {
  return callApi(businessEndpoints.updateBusinessProfile, { body });
}

/** Saves business profile fields; the answer replaces the cached profile. */
export function useUpdateBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessProfile,
    onSuccess: (profile) => queryClient.setQueryData(businessKeys.profile, profile),
  });
}

/** `businessApi.listShops` (admin): 10 a page by name; search a part of the shop name. */
export function useShops(search: string, page: number) {
  return useQuery({
    queryKey: businessKeys.shops(search, page),
    queryFn: ({ signal }) =>
      callApi(businessEndpoints.listShops, { query: { search, page }, signal }),
    placeholderData: keepPreviousData,
  });
}
