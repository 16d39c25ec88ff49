import type { BillDetail } from '@bazaar/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as billsEndpoints from '../endpoints/bills';
import { billKeys } from './bill-keys';

/**
 * A bill (`billsApi.getBill`) with its lines, payments, CGST/SGST split, whether it may
 * close and the largest payment it still accepts (paise).
 * @throws ApiError 404 for an unknown bill.
 */
export function getBill(billId: number, signal?: AbortSignal): Promise<BillDetail> {
  return callApi(billsEndpoints.getBill, { params: { billId }, signal });
}

export function billQueryOptions(billId: number) {
  return queryOptions({
    queryKey: billKeys.detail(billId),
    queryFn: ({ signal }) => getBill(billId, signal),
  });
}

/** One bill (More Details, Payment details); nothing is fetched while `billId` is null. */
export function useBill(billId: number | null) {
  return useQuery({
    ...billQueryOptions(billId ?? 0),
    enabled: billId !== null,
  });
}
