import type { StockAdjustInput, StockRow } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as stockEndpoints from '../endpoints/stock';
import { stockKeys } from './stock-keys';

/**
 * `stockApi.adjustStock` with `{ kind: 'add' | 'minus', quantity }` (pieces):
 * the Add / Minus inline edit; the ledger row is written with it.
 * @throws ApiError 422 when minus would take the stock below zero.
 */
export function adjustStock({
  stockItemId,
  input,
}: {
  stockItemId: number;
  input: StockAdjustInput;
}): Promise<StockRow> {
  return callApi(stockEndpoints.adjustStock, { params: { stockItemId }, body: input });
}

/** Save of the inline stock edit; the stock pages and histories reload. */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
