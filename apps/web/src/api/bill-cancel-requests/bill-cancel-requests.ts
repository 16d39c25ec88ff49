import type {
  ApprovedBillCancelRequest,
  BillCancelRequest,
  BillCancelRequestList,
  BillCancelRequestPage,
  BillCancelRequestStatus,
} from '@bazaar/shared';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '../api-client';
import { billsChanged } from '../bills/bill-keys';
import * as endpoints from '../endpoints/bill-cancel-requests';

/**
 * Cancel requests (docs/back-office-bills.md "Cancel requests"): an employee asks the admin to
 * cancel a bill; the admin approves (the bill is cancelled) or rejects with a reason.
 */
export const cancelRequestKeys = {
  all: ['bill-cancel-requests'] as const,
  ofBill: (billId: number) => ['bill-cancel-requests', 'bill', billId] as const,
  list: (status: BillCancelRequestStatus, page: number) =>
    ['bill-cancel-requests', 'list', status, page] as const,
};

/** A bill's requests, newest first (`GET /api/bills/{billId}/cancel-requests`). */
export function getBillCancelRequests(
  billId: number,
  signal?: AbortSignal,
): Promise<BillCancelRequestList> {
  return callApi(endpoints.listBillCancelRequests, { params: { billId }, signal });
}

export function billCancelRequestsQueryOptions(billId: number) {
  return queryOptions({
    queryKey: cancelRequestKeys.ofBill(billId),
    queryFn: ({ signal }) => getBillCancelRequests(billId, signal),
  });
}

/** The bill's requests; off while `billId` is null. */
export function useBillCancelRequests(billId: number | null) {
  return useQuery({ ...billCancelRequestsQueryOptions(billId ?? 0), enabled: billId !== null });
}

/** Admin: one page of the requests in a state (`GET /api/bill-cancel-requests`). */
export function getCancelRequests(
  status: BillCancelRequestStatus,
  page: number,
  signal?: AbortSignal,
): Promise<BillCancelRequestPage> {
  return callApi(endpoints.listCancelRequests, { query: { status, page }, signal });
}

export function useCancelRequests(status: BillCancelRequestStatus, page: number) {
  return useQuery({
    queryKey: cancelRequestKeys.list(status, page),
    queryFn: ({ signal }) => getCancelRequests(status, page, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Employee: asks to cancel a bill with a reason (5-500 characters).
 * @throws ApiError 403 (the job title may not), 409 (one is pending), 422 (cancelled already).
 */
export function requestBillCancel(billId: number, reason: string): Promise<BillCancelRequest> {
  return callApi(endpoints.requestBillCancel, { params: { billId }, body: { reason } });
}

export function useRequestBillCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ billId, reason }: { billId: number; reason: string }) =>
      requestBillCancel(billId, reason),
    onSuccess: (request) =>
      queryClient.invalidateQueries({ queryKey: cancelRequestKeys.ofBill(request.billId) }),
  });
}

/** Admin: approves a request; the bill is cancelled. @throws ApiError 409 decided, 422. */
export function approveCancelRequest(requestId: number): Promise<ApprovedBillCancelRequest> {
  return callApi(endpoints.approveCancelRequest, { params: { requestId } });
}

export function useApproveCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveCancelRequest,
    onSuccess: ({ request, bill }) => {
      void queryClient.invalidateQueries({ queryKey: cancelRequestKeys.all });
      billsChanged(queryClient, request.customerId, bill);
    },
  });
}

/** Admin: rejects a request with a reason (1-500). @throws ApiError 409 decided. */
export function rejectCancelRequest(requestId: number, reason: string): Promise<BillCancelRequest> {
  return callApi(endpoints.rejectCancelRequest, { params: { requestId }, body: { reason } });
}

export function useRejectCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: number; reason: string }) =>
      rejectCancelRequest(requestId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cancelRequestKeys.all }),
  });
}
