import { defineEndpoint } from './endpoint.js';
import {
  CreateStockItemInputSchema,
  StockAdjustInputSchema,
  StockItemIdParamsSchema,
  StockListQuerySchema,
  StockMovementPageSchema,
  StockMovementQuerySchema,
  StockPageSchema,
  StockRowSchema,
  StockSkuParamsSchema,
  UpdateStockItemInputSchema,
} from '../schemas/billing.js';

/**
 * Product Stock of the wholesale back office (docs/back-office-bills.md): admins and employees
 * read, only admins change. Quantities are pieces, prices paise. Every endpoint may answer 401
 * (no session) and 403 (another role).
 */

/**
 * `?search=&page=&low=`: 10 stock rows a page in item, category, type, size order; `search`
 * matches item, category, type, size or SKU (every word, contains, case-insensitive); `low=true`
 * only rows at or below their low-stock threshold. Each row has its cost and value at cost
 * (paise); `totals` sum the pieces and value of every matching row; `lowCount` counts the
 * low-stock rows of the whole stock.
 */
export const listStock = defineEndpoint({
  method: 'GET',
  path: '/api/stock',
  tag: 'back-office',
  summary: 'Product Stock, 10 a page',
  query: StockListQuerySchema,
  responses: { 200: StockPageSchema },
  errors: [400, 401, 403],
});

/**
 * Admin, `{ item, category, type, size, quantity, pricePaise, costPaise?, lowStockAt?, sku? }`:
 * 201 the stock row with an `opening` movement (SKU 'BZ-' + id when none given); 409
 * STOCK_ITEM_EXISTS 'This item, category, type and size is already in stock', 409 SKU_TAKEN.
 */
export const createStockItem = defineEndpoint({
  method: 'POST',
  path: '/api/stock',
  tag: 'back-office',
  summary: 'Create a stock row with its opening pieces',
  body: CreateStockItemInputSchema,
  responses: { 201: StockRowSchema },
  errors: [400, 401, 403, 409],
});

/**
 * Admin, `{ kind: 'add' | 'minus', quantity }`: the row after the change, recorded in its
 * history. 404 'Stock item not found'; 422 'Stock cannot go below zero'.
 */
export const adjustStock = defineEndpoint({
  method: 'POST',
  path: '/api/stock/:stockItemId/adjust',
  tag: 'back-office',
  summary: 'Add or take away pieces',
  params: StockItemIdParamsSchema,
  body: StockAdjustInputSchema,
  responses: { 200: StockRowSchema },
  errors: [400, 401, 403, 404, 422],
});

/**
 * `?page=`: the stock row and 10 rows of its history, newest first (signed pieces, kind, time,
 * who). 404 unknown stock item.
 */
export const listStockMovements = defineEndpoint({
  method: 'GET',
  path: '/api/stock/:stockItemId/movements',
  tag: 'back-office',
  summary: 'A stock row and its history',
  params: StockItemIdParamsSchema,
  query: StockMovementQuerySchema,
  responses: { 200: StockMovementPageSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Admin, `{ pricePaise?, costPaise?, lowStockAt?, sku? }` (at least one; paise, pieces): the row
 * after the change, audited (`stock` update with the values before and after). 404 'Stock item
 * not found'; 409 SKU_TAKEN 'This SKU is already used by another stock row'.
 */
export const updateStockItem = defineEndpoint({
  method: 'PATCH',
  path: '/api/stock/:stockItemId',
  tag: 'back-office',
  summary: "Change a stock row's price, cost, low-stock threshold or SKU",
  params: StockItemIdParamsSchema,
  body: UpdateStockItemInputSchema,
  responses: { 200: StockRowSchema },
  errors: [400, 401, 403, 404, 409],
});

/**
 * Admins and employees: the stock row whose SKU is `sku` (case-insensitive), for the Add New
 * Purchase scanner field. 404 SKU_NOT_FOUND 'No stock item has the code {sku}'.
 */
export const findStockBySku = defineEndpoint({
  method: 'GET',
  path: '/api/stock/sku/:sku',
  tag: 'back-office',
  summary: 'The stock row of a scanned SKU',
  params: StockSkuParamsSchema,
  responses: { 200: StockRowSchema },
  errors: [400, 401, 403, 404],
});
