import type { StockMovementPage } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { stockKeys } from './stock-keys';

/**
 * `GET /api/stock/{stockItemId}/movements?page=`: the item and 10 rows of its history, newest
 * first (signed pieces, kind, time, who).
 * @throws ApiError 404 for an unknown stock item.
 */
export function getStockMovements(
  stockItemId: number,
  page: number,
  signal?: AbortSignal,
): Promise<StockMovementPage> {
  return apiFetch<StockMovementPage>(withQuery(`/api/stock/${stockItemId}/movements`, { page }), {
    signal,
  });
}

/** One page of a stock item's history (the Details view). */
export function useStockMovements(stockItemId: number, page: number) {
  return useQuery({
    queryKey: stockKeys.movements(stockItemId, page),
    queryFn: ({ signal }) => getStockMovements(stockItemId, page, signal),
    placeholderData: keepPreviousData,
  });
}
