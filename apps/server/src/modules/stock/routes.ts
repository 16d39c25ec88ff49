import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateStockItemInputSchema,
  ErrorBodySchema,
  StockAdjustInputSchema,
  StockItemIdParamsSchema,
  StockListQuerySchema,
  StockMovementPageSchema,
  StockMovementQuerySchema,
  StockPageSchema,
  StockRowSchema,
} from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import type { StockService } from './stock.service.js';

const staff = { access: ['admin', 'employee'] as const };
const adminOnly = { access: ['admin'] as const };
const guarded = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/**
 * Product Stock routes (issue 7 item 4; docs/back-office-bills.md "Routes"): admins and employees
 * read, only admins change (issue 7 item 7). Quantities are pieces, prices paise.
 */
export const stockRoutes =
  (stock: StockService): FastifyPluginAsyncZod =>
  async (app) => {
    /** `GET /api/stock?search=&page=`: StockPage, 10 a page by item, category, type. */
    app.get(
      '/api/stock',
      {
        config: staff,
        schema: {
          tags: ['back-office'],
          summary: 'Product Stock, 10 a page',
          querystring: StockListQuerySchema,
          response: { 200: StockPageSchema, ...guarded },
        },
      },
      async (request) => stock.list(request.query.search, request.query.page),
    );

    /**
     * `POST /api/stock` `{ item, category, type, quantity, pricePaise }`: 201 StockRow with an
     * `opening` movement; 409 'This item, category and type is already in stock'.
     */
    app.post(
      '/api/stock',
      {
        config: adminOnly,
        schema: {
          tags: ['back-office'],
          summary: 'Create a stock row with its opening pieces',
          body: CreateStockItemInputSchema,
          response: { 201: StockRowSchema, ...guarded, 409: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await stock.create(requireUser(request), request.body)),
    );

    /**
     * `POST /api/stock/{stockItemId}/adjust` `{ kind: 'add' | 'minus', quantity }`: StockRow;
     * 404 'Stock item not found'; 422 'Stock cannot go below zero'.
     */
    app.post(
      '/api/stock/:stockItemId/adjust',
      {
        config: adminOnly,
        schema: {
          tags: ['back-office'],
          summary: 'Add or take away pieces',
          params: StockItemIdParamsSchema,
          body: StockAdjustInputSchema,
          response: {
            200: StockRowSchema,
            ...guarded,
            404: ErrorBodySchema,
            422: ErrorBodySchema,
          },
        },
      },
      async (request) =>
        stock.adjust(requireUser(request), request.params.stockItemId, request.body),
    );

    /** `GET /api/stock/{stockItemId}/movements?page=`: StockMovementPage, newest first; 404. */
    app.get(
      '/api/stock/:stockItemId/movements',
      {
        config: staff,
        schema: {
          tags: ['back-office'],
          summary: 'A stock row and its history',
          params: StockItemIdParamsSchema,
          querystring: StockMovementQuerySchema,
          response: { 200: StockMovementPageSchema, ...guarded, 404: ErrorBodySchema },
        },
      },
      async (request) => stock.movements(request.params.stockItemId, request.query.page),
    );
  };
