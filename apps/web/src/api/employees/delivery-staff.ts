import type { CreatedDeliveryStaff, DeliveryStaff, DeliveryStaffInput } from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as deliveryStaffEndpoints from '../endpoints/delivery-staff';

/** Query keys of the admin's delivery staff list. */
export const deliveryStaffKeys = {
  all: ['delivery-staff'] as const,
  list: (search: string, page: number) => ['delivery-staff', 'list', search, page] as const,
};

/** `deliveryStaffApi.listDeliveryStaff` (admin): 10 a page; search over name and mobile. */
export function useDeliveryStaff(search: string, page: number) {
  return useQuery({
    queryKey: deliveryStaffKeys.list(search, page),
    queryFn: ({ signal }) =>
      callApi(deliveryStaffEndpoints.listDeliveryStaff, { query: { search, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Creates a delivery staff account (`deliveryStaffApi.createDeliveryStaff`, admin):
 * `{ deliveryStaff, generatedPassword }`, the password shown once.
 * @throws ApiError 400 with `fields`, 409 email or mobile taken.
 */
export function createDeliveryStaff(input: DeliveryStaffInput): Promise<CreatedDeliveryStaff> {
  return callApi(deliveryStaffEndpoints.createDeliveryStaff, { body: input });
}

/** Creates a delivery staff account; the list is refetched. */
export function useCreateDeliveryStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDeliveryStaff,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: deliveryStaffKeys.all }),
  });
}

/**
 * Disables a delivery staff account (`deliveryStaffApi.disableDeliveryStaff`, admin): no more
 * sign-in, signed out everywhere. @throws ApiError 404, 409.
 */
export function disableDeliveryStaff(deliveryStaffId: string): Promise<DeliveryStaff> {
  return callApi(deliveryStaffEndpoints.disableDeliveryStaff, { params: { deliveryStaffId } });
}

/** Disables a delivery staff account; the list is refetched either way. */
export function useDisableDeliveryStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableDeliveryStaff,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deliveryStaffKeys.all }),
  });
}
