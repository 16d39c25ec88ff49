import type { StockAdjustInput, StockRow } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { stockKeys } from './stock-keys';

/**
 * `POST /api/stock/{stockItemId}/adjust` with `{ kind: 'add' | 'minus', quantity }` (pieces):
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
  return apiFetch<StockRow>(`/api/stock/${stockItemId}/adjust`, { method: 'POST', body: input });
}

/** Save of the inline stock edit; the stock pages and histories reload. */
export function useAdjustStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustStock,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
