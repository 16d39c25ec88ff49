import type { StockPage } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as stockEndpoints from '../endpoints/stock';
import { stockKeys } from './stock-keys';

/**
 * `stockApi.listStock`: 10 stock rows a page in item, category, type order (pieces;
 * price in paise); `search` matches item, category or type (contains, case-insensitive).
 */
export function getStock(search: string, page: number, signal?: AbortSignal): Promise<StockPage> {
  return callApi(stockEndpoints.listStock, { query: { search: search.trim(), page }, signal });
}

/** One page of Product Stock; the previous page stays shown while the next loads. */
export function useStock(search: string, page: number) {
  return useQuery({
    queryKey: stockKeys.list(search.trim(), page),
    queryFn: ({ signal }) => getStock(search, page, signal),
    placeholderData: keepPreviousData,
  });
}
