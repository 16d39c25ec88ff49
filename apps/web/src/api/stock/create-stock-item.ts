import type { CreateStockItemInput, StockRow } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as stockEndpoints from '../endpoints/stock';
import { stockKeys } from './stock-keys';

/**
 * `stockApi.createStockItem`: a new stock row (item x category x type) with its opening pieces and
 * reference price (paise).
 * @throws ApiError 409 STOCK_ITEM_EXISTS when that item, category and type is already in stock.
 */
export function createStockItem(input: CreateStockItemInput): Promise<StockRow> {
  return callApi(stockEndpoints.createStockItem, { body: input });
}

/** The Add stock item form. */
export function useCreateStockItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStockItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
