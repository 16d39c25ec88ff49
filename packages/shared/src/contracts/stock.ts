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
} from '../schemas/billing.js';

/**
 * Product Stock of the wholesale back office (docs/back-office-bills.md): admins and employees
 * read, only admins change. Quantities are pieces, prices paise. Every endpoint may answer 401
 * (no session) and 403 (another role).
 */

/**
 * `?search=&page=`: 10 stock rows a page in item, category, type order; `search` matches item,
 * category or type (contains, case-insensitive).
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
 * Admin, `{ item, category, type, quantity, pricePaise }`: 201 the stock row with an `opening`
 * movement; 409 STOCK_ITEM_EXISTS 'This item, category and type is already in stock'.
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
