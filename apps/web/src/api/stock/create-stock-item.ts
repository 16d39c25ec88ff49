import type { CreateStockItemInput, StockRow } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { stockKeys } from './stock-keys';

/**
 * `POST /api/stock`: a new stock row (item x category x type) with its opening pieces and
 * reference price (paise).
 * @throws ApiError 409 when that item, category and type is already in stock.
 */
export function createStockItem(input: CreateStockItemInput): Promise<StockRow> {
  return apiFetch<StockRow>('/api/stock', { method: 'POST', body: input });
}

/** The Add stock item form. */
export function useCreateStockItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStockItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
