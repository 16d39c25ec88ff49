import type { StockRow, UpdateStockItemInput } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as stockEndpoints from '../endpoints/stock';
import { stockKeys } from './stock-keys';

/**
 * `stockApi.updateStockItem` with `{ pricePaise?, costPaise?, lowStockAt?, sku? }` (paise,
 * pieces): a stock row's details (admin).
 * @throws ApiError 409 SKU_TAKEN when another row has the SKU; 400 with `fields`.
 */
export function updateStockItem({
  stockItemId,
  input,
}: {
  stockItemId: number;
  input: UpdateStockItemInput;
}): Promise<StockRow> {
  return callApi(stockEndpoints.updateStockItem, { params: { stockItemId }, body: input });
}

/** Save of the stock details form; the stock pages reload. */
export function useUpdateStockItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStockItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
