import type {
  CreatedCustomer,
  CustomerInput,
  CustomerUpdate,
  WholesaleCustomer,
} from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { customersChanged } from './customer-keys';

/**
 * `POST /api/customers` (admin): 201 `{ customer, generatedPassword }`, the password shown once.
 * @throws ApiError 400 with `fields`, 409 email or mobile taken (`fields.email` / `fields.mobile`).
 */
export function createCustomer(input: CustomerInput): Promise<CreatedCustomer> {
  return apiFetch<CreatedCustomer>('/api/customers', { method: 'POST', body: input });
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
 * `PATCH /api/customers/{customerId}` (admin, employee): the Edit modal's five fields.
 * @throws ApiError 400 with `fields`, 404, 409 taken.
 */
export function updateCustomer({
  customerId,
  changes,
}: {
  customerId: number;
  changes: CustomerUpdate;
}): Promise<WholesaleCustomer> {
  return apiFetch<WholesaleCustomer>(`/api/customers/${customerId}`, {
    method: 'PATCH',
    body: changes,
  });
}

/** Saves the Edit modal; every customer list and tile is refetched. */
export function useUpdateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCustomer,
    onSuccess: () => customersChanged(queryClient),
  });
}
