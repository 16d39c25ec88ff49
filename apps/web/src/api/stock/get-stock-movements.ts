import type { StockMovementPage } from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as stockEndpoints from '../endpoints/stock';
import { stockKeys } from './stock-keys';

/**
 * `stockApi.listStockMovements`: the item and 10 rows of its history, newest
 * first (signed pieces, kind, time, who).
 * @throws ApiError 404 for an unknown stock item.
 */
export function getStockMovements(
  stockItemId: number,
  page: number,
  signal?: AbortSignal,
): Promise<StockMovementPage> {
  return callApi(stockEndpoints.listStockMovements, {
    params: { stockItemId },
    query: { page },
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
