import type { FastifyPluginAsync } from 'fastify';
import { stockApi } from '@bazaar/shared';
import { requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import type { StockService } from './stock.service.js';

const staff = { access: ['admin', 'employee'] as const };
const adminOnly = { access: ['admin'] as const };

/**
 * Product Stock routes (docs/back-office-bills.md): admins and employees read, only admins
 * change. Each route's contract is in `@bazaar/shared`'s `stockApi`.
 */
export const stockRoutes =
  (stock: StockService): FastifyPluginAsync =>
  async (app) => {
    route(app, stockApi.listStock, { config: staff }, (request) =>
      stock.list(request.query.search, request.query.page, request.query.low),
    );
    route(app, stockApi.findStockBySku, { config: staff }, (request) =>
      stock.findBySku(request.params.sku),
    );
    route(app, stockApi.updateStockItem, { config: adminOnly }, (request) =>
      stock.update(requireUser(request), request.params.stockItemId, request.body),
    );
    route(app, stockApi.createStockItem, { config: adminOnly }, (request) =>
      stock.create(requireUser(request), request.body),
    );
    route(app, stockApi.adjustStock, { config: adminOnly }, (request) =>
      stock.adjust(requireUser(request), request.params.stockItemId, request.body),
    );
    route(app, stockApi.listStockMovements, { config: staff }, (request) =>
      stock.movements(request.params.stockItemId, request.query.page),
    );
  };
