import type { StockRow } from '@bazaar/shared';
import { callApi } from '../api-client';
import * as stockEndpoints from '../endpoints/stock';

/**
 * `stockApi.findStockBySku`: the stock row of a scanned or typed SKU (case-insensitive).
 * @throws ApiError 404 SKU_NOT_FOUND 'No stock item has the code {sku}'; 400 when it is no code.
 */
export function findStockBySku(sku: string, signal?: AbortSignal): Promise<StockRow> {
  return callApi(stockEndpoints.findStockBySku, { params: { sku }, ...(signal ? { signal } : {}) });
}
