import type { StockPage } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { stockKeys } from './stock-keys';

/**
 * `GET /api/stock?search=&page=`: 10 stock rows a page in item, category, type order (pieces;
 * price in paise); `search` matches item, category or type (contains, case-insensitive).
 */
export function getStock(search: string, page: number, signal?: AbortSignal): Promise<StockPage> {
  return apiFetch<StockPage>(withQuery('/api/stock', { search: search.trim(), page }), {
    signal,
  });
}

/** One page of Product Stock; the previous page stays shown while the next loads. */
export function useStock(search: string, page: number) {
  return useQuery({
    queryKey: stockKeys.list(search.trim(), page),
    queryFn: ({ signal }) => getStock(search, page, signal),
    placeholderData: keepPreviousData,
  });
}
