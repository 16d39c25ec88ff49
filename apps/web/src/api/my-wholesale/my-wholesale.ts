import type { BillDetail, BillPage, LedgerPage } from '@bazaar/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi, endpointUrl } from '../api-client';
import * as myEndpoints from '../endpoints/my-wholesale';
import { MY_WHOLESALE_SUMMARY_KEY } from './summary';

export { useMyWholesaleSummary } from './summary';

/**
 * "My bills": the signed-in wholesale customer's own bills, ledger and statements
 * (docs/back-office-ledger.md "The customer's own view"). Read only, so no mutation marks them
 * stale; they refetch on focus like every query.
 */
export const myWholesaleKeys = {
  all: ['my-wholesale'] as const,
  summary: () => MY_WHOLESALE_SUMMARY_KEY,
  bills: (page: number) => ['my-wholesale', 'bills', page] as const,
  bill: (billId: number) => ['my-wholesale', 'bill', billId] as const,
  ledger: () => ['my-wholesale', 'ledger'] as const,
};

/** `myWholesaleApi.listMyBills`: every bill (any status), 10 a page, newest first. */
export function useMyBills(page: number) {
  return useQuery({
    queryKey: myWholesaleKeys.bills(page),
    queryFn: ({ signal }): Promise<BillPage> =>
      callApi(myEndpoints.listMyBills, { query: { status: 'all', page }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `myWholesaleApi.getMyBill`: one bill with its payments (null id: nothing asked). */
export function useMyBill(billId: number | null) {
  return useQuery({
    queryKey: myWholesaleKeys.bill(billId ?? 0),
    queryFn: ({ signal }): Promise<BillDetail> =>
      callApi(myEndpoints.getMyBill, { params: { billId: billId! }, signal }),
    enabled: billId !== null,
  });
}

/** `myWholesaleApi.getMyLedger`: 20 rows a page newest first, older pages by cursor. */
export function useMyLedger() {
  return useInfiniteQuery({
    queryKey: myWholesaleKeys.ledger(),
    queryFn: ({ pageParam, signal }): Promise<LedgerPage> =>
      callApi(myEndpoints.getMyLedger, { query: { before: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The URL the browser downloads the statement PDF from (drawn on the server). */
export function myStatementPdfUrl(range: { from: string; to: string }): string {
  return endpointUrl(myEndpoints.downloadMyStatementPdf, { query: range });
}

/** The URL the browser downloads the statement CSV from. */
export function myStatementCsvUrl(range: { from: string; to: string }): string {
  return endpointUrl(myEndpoints.downloadMyStatementCsv, { query: range });
}
