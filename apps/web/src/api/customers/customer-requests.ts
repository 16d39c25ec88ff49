import type {
  ApprovedRequest,
  CustomerInput,
  CustomerRequest,
  CustomerRequestStatus,
} from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as customersEndpoints from '../endpoints/customers';
import { customerKeys, customersChanged } from './customer-keys';

/**
 * Asks an admin to create a customer (`customersApi.createCustomerRequest`, employee): the
 * pending request.
 * @throws ApiError 400 with `fields`, 409 email or mobile taken.
 */
export function createCustomerRequest(input: CustomerInput): Promise<CustomerRequest> {
  return callApi(customersEndpoints.createCustomerRequest, { body: input });
}

/** Sends a Create Request; the employee's request list is refetched. */
export function useCreateCustomerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomerRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: customerKeys.requests }),
  });
}

/** Requests by status (`customersApi.listCustomerRequests`, admin): newest first, 10 a page. */
export function useCustomerRequests(status: CustomerRequestStatus, page: number) {
  return useQuery({
    queryKey: customerKeys.requestList(status, page),
    queryFn: ({ signal }) =>
      callApi(customersEndpoints.listCustomerRequests, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The employee's own requests and their status (`customersApi.listMyCustomerRequests`). */
export function useMyCustomerRequests(page: number) {
  return useQuery({
    queryKey: customerKeys.myRequests(page),
    queryFn: ({ signal }) =>
      callApi(customersEndpoints.listMyCustomerRequests, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Approves a request (`customersApi.approveCustomerRequest`, admin): creates the customer;
 * answers its generated password once.
 * @throws ApiError 404, 409 REQUEST_ALREADY_DECIDED or email/mobile taken.
 */
export function approveCustomerRequest(requestId: number): Promise<ApprovedRequest> {
  return callApi(customersEndpoints.approveCustomerRequest, { params: { requestId } });
}

/**
 * Rejects a request with a reason (`customersApi.rejectCustomerRequest`, admin).
 * @throws ApiError 404, 409 REQUEST_ALREADY_DECIDED.
 */
export function rejectCustomerRequest({
  requestId,
  reason,
}: {
  requestId: number;
  reason: string;
}): Promise<CustomerRequest> {
  return callApi(customersEndpoints.rejectCustomerRequest, {
    params: { requestId },
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
