import type { TransactionsReport } from '@bazaar/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as reportsEndpoints from '../endpoints/reports';
import { reportKeys, type TransactionsFilter } from './report-keys';

/**
 * `reportsApi.getTransactionsReport` (admin), by interval or `from`..`to`: one page of bills
 * and every figure of the report for the same filter (paise). 400 for a bad interval or dates.
 */
export function getTransactions(
  filter: TransactionsFilter,
  signal?: AbortSignal,
): Promise<TransactionsReport> {
  return callApi(reportsEndpoints.getTransactionsReport, {
    query: {
      interval: filter.interval,
      from: filter.from,
      to: filter.to,
      search: filter.search.trim(),
      page: filter.page > 1 ? filter.page : undefined,
    },
    signal,
  });
}

/** One filter of the report; the previous answer stays shown while the next loads. */
export function transactionsQueryOptions(filter: TransactionsFilter) {
  return queryOptions({
    queryKey: reportKeys.transactions(filter),
    queryFn: ({ signal }) => getTransactions(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** The total-transactions report for a filter. */
export function useTransactions(filter: TransactionsFilter) {
  return useQuery(transactionsQueryOptions(filter));
}
