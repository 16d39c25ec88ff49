import type { StockPage } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as stockEndpoints from '../endpoints/stock';
import { stockKeys } from './stock-keys';

/**
 * `stockApi.listStock`: 10 stock rows a page in item, category, type, size order (pieces; price,
 * cost and value in paise); `search` matches item, category, type, size or SKU; `lowOnly` keeps
 * the rows at or below their low-stock threshold.
 */
export function getStock(
  search: string,
  page: number,
  signal?: AbortSignal,
  lowOnly = false,
): Promise<StockPage> {
  return callApi(stockEndpoints.listStock, {
    query: { search: search.trim(), page, ...(lowOnly ? { low: 'true' } : {}) },
    signal,
  });
}

/** One page of Product Stock; the previous page stays shown while the next loads. */
export function useStock(search: string, page: number, lowOnly = false) {
  return useQuery({
    queryKey: stockKeys.list(search.trim(), page, lowOnly),
    queryFn: ({ signal }) => getStock(search, page, signal, lowOnly),
    placeholderData: keepPreviousData,
  });
}
