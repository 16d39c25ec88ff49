import type { StockPage } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { stockKeys } from './stock-keys';

/**
 * `GET /api/stock?page=`: 10 stock rows a page in item, category, type order (pieces; price in
 * paise). Admin only.
 */
export function getStock(page: number, signal?: AbortSignal): Promise<StockPage> {
  return apiFetch<StockPage>(withQuery('/api/stock', { page }), { signal });
}

/** One page of Product Stock; the previous page stays shown while the next loads. */
export function useStock(page: number) {
  return useQuery({
    queryKey: stockKeys.list(page),
    queryFn: ({ signal }) => getStock(page, signal),
    placeholderData: keepPreviousData,
  });
}
