import type {
  ApprovedRequest,
  CustomerInput,
  CustomerRequest,
  CustomerRequestPage,
  CustomerRequestStatus,
} from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { customerKeys, customersChanged } from './customer-keys';

/**
 * `POST /api/customer-requests` (employee): 201 the pending request.
 * @throws ApiError 400 with `fields`, 409 email or mobile taken.
 */
export function createCustomerRequest(input: CustomerInput): Promise<CustomerRequest> {
  return apiFetch<CustomerRequest>('/api/customer-requests', { method: 'POST', body: input });
}

/** Sends a Create Request; the employee's request list is refetched. */
export function useCreateCustomerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomerRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customerKeys.requests }),
  });
}

/** `GET /api/customer-requests?status=&page=` (admin): newest first, 10 a page. */
export function useCustomerRequests(status: CustomerRequestStatus, page: number) {
  return useQuery({
    queryKey: customerKeys.requestList(status, page),
    queryFn: ({ signal }) =>
      apiFetch<CustomerRequestPage>(withQuery('/api/customer-requests', { status, page }), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/customer-requests/mine?page=` (employee): their own requests and status. */
export function useMyCustomerRequests(page: number) {
  return useQuery({
    queryKey: customerKeys.myRequests(page),
    queryFn: ({ signal }) =>
      apiFetch<CustomerRequestPage>(withQuery('/api/customer-requests/mine', { page }), {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/customer-requests/{requestId}/approve` (admin): creates the customer; answers its
 * generated password once. @throws ApiError 404, 409 decided already or email/mobile taken.
 */
export function approveCustomerRequest(requestId: number): Promise<ApprovedRequest> {
  return apiFetch<ApprovedRequest>(`/api/customer-requests/${requestId}/approve`, {
    method: 'POST',
  });
}

/** `POST /api/customer-requests/{requestId}/reject` `{ reason }` (admin). @throws ApiError 404, 409. */
export function rejectCustomerRequest({
  requestId,
  reason,
}: {
  requestId: number;
  reason: string;
}): Promise<CustomerRequest> {
  return apiFetch<CustomerRequest>(`/api/customer-requests/${requestId}/reject`, {
    method: 'POST',
    body: { reason },
  });
}

function useRequestDecision<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.requests });
      customersChanged(queryClient);
    },
  });
}

/** Approves a request; requests and customers are refetched either way. */
export function useApproveCustomerRequest() {
  return useRequestDecision(approveCustomerRequest);
}

/** Rejects a request with a reason; requests are refetched either way. */
export function useRejectCustomerRequest() {
  return useRequestDecision(rejectCustomerRequest);
}
