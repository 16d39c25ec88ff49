import type { AgeingSummary, CreditCheck, LedgerPage } from '@bazaar/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi, endpointUrl } from '../api-client';
import { billKeys } from '../bills/bill-keys';
import * as ledgerEndpoints from '../endpoints/ledger';
import { reportKeys } from '../reports/report-keys';

/**
 * The customer ledger (docs/back-office-ledger.md). Its keys sit under the customer's bill keys
 * and the reports' keys, so every bill, payment, bounce, credit note or cancellation
 * (`billsChanged`) marks the ledger, the customer's ageing and the admin home's ageing stale.
 */
export const ledgerKeys = {
  ledger: (customerId: number) => [...billKeys.customer(customerId), 'ledger'] as const,
  creditCheck: (customerId: number, amountPaise: number) =>
    [...billKeys.customer(customerId), 'credit-check', amountPaise] as const,
  ageing: () => [...reportKeys.all, 'ageing'] as const,
};

/**
 * `ledgerApi.getLedger`: the customer's ledger newest first, 20 rows a page, each older page
 * fetched by the previous page's cursor (keyset). 404 for an unknown customer.
 */
export function useCustomerLedger(customerId: number) {
  return useInfiniteQuery({
    queryKey: ledgerKeys.ledger(customerId),
    queryFn: ({ pageParam, signal }): Promise<LedgerPage> =>
      callApi(ledgerEndpoints.getLedger, {
        params: { customerId },
        query: { before: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: customerId > 0,
  });
}

/** The URL the browser downloads the statement PDF from (drawn on the server), India days. */
export function statementPdfUrl(customerId: number, range: { from: string; to: string }): string {
  return endpointUrl(ledgerEndpoints.downloadStatementPdf, {
    params: { customerId },
    query: range,
  });
}

/** The URL the browser downloads the statement CSV from. */
export function statementCsvUrl(customerId: number, range: { from: string; to: string }): string {
  return endpointUrl(ledgerEndpoints.downloadStatementCsv, {
    params: { customerId },
    query: range,
  });
}

/**
 * `ledgerApi.checkCredit`: the credit-limit check of a new bill of `amountPaise` (a warning
 * only); asked only when the customer has a limit and the bill has a total.
 */
export function useCreditCheck(customerId: number, amountPaise: number, enabled: boolean) {
  return useQuery({
    queryKey: ledgerKeys.creditCheck(customerId, amountPaise),
    queryFn: ({ signal }): Promise<CreditCheck> =>
      callApi(ledgerEndpoints.checkCredit, {
        params: { customerId },
        query: { amountPaise },
        signal,
      }),
    enabled: enabled && customerId > 0 && amountPaise > 0,
    placeholderData: keepPreviousData,
  });
}

/** `ledgerApi.getAgeing` (admin): every customer's dues by age, for the admin home. */
export function useAgeing() {
  return useQuery({
    queryKey: ledgerKeys.ageing(),
    queryFn: ({ signal }): Promise<AgeingSummary> => callApi(ledgerEndpoints.getAgeing, { signal }),
  });
}
