import type { FastifyPluginAsync } from 'fastify';
import { catalogApi } from '@bazaar/shared';
import { route } from '../../platform/endpoint-routes.js';
import type { CatalogService } from './catalog.service.js';

const anyone = { access: 'public' as const };

/**
 * Public catalog routes (docs/catalog.md): grid, sliders and product detail. Each route's contract
 * (path, schemas, answers) is in `@bazaar/shared`'s `catalogApi`.
 */
export const catalogRoutes =
  (catalog: CatalogService): FastifyPluginAsync =>
  async (app) => {
    route(app, catalogApi.listProducts, { config: anyone }, (request) =>
      catalog.listProducts(request.query),
    );
    route(app, catalogApi.listBestSellingProducts, { config: anyone }, async (request) => ({
      items: await catalog.listSliderProducts('best_selling', request.query.limit),
    }));
    route(app, catalogApi.listNewArrivalProducts, { config: anyone }, async (request) => ({
      items: await catalog.listSliderProducts('new_arrivals', request.query.limit),
    }));
    route(app, catalogApi.getProduct, { config: anyone }, (request) =>
      catalog.getProductDetail(request.params.productId),
    );
  };
