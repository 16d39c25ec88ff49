import type {
  CreatedCustomer,
  NewCustomerInput,
  CustomerUpdate,
  WholesaleCustomer,
} from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as customersEndpoints from '../endpoints/customers';
import { customersChanged } from './customer-keys';

/**
 * Creates a customer (`customersApi.createCustomer`, admin): `{ customer, generatedPassword }`,
 * the password shown once.
 * @throws ApiError 400 with `fields`, 409 email or mobile taken (`fields.email` / `fields.mobile`).
 */
export function createCustomer(input: NewCustomerInput): Promise<CreatedCustomer> {
  return callApi(customersEndpoints.createCustomer, { body: input });
}

/** Creates a customer; every customer list and tile is refetched. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => customersChanged(queryClient),
  });
}

/**
 * Saves the Edit modal's five fields (`customersApi.updateCustomer`, admin, employee).
 * @throws ApiError 400 with `fields`, 404, 409 taken.
 */
export function updateCustomer({
  customerId,
  changes,
}: {
  customerId: number;
  changes: CustomerUpdate;
}): Promise<WholesaleCustomer> {
  return callApi(customersEndpoints.updateCustomer, { params: { customerId }, body: changes });
}

/** Saves the Edit modal; every customer list and tile is refetched. */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => customersChanged(queryClient),
  });
}
