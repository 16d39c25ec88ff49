import type { FastifyPluginAsync } from 'fastify';
import { catalogApi } from '@bazaar/shared';
import { route } from '../../platform/endpoint-routes.js';
import type { CatalogService } from './catalog.service.js';
import { deliveryEstimate } from './delivery-estimate.js';

const anyone = { access: 'public' as const };

/**
 * Public catalog routes (docs/catalog.md): grid, its filter choices, sliders, product detail, a
 * shop's page and the product page's delivery check by pincode. Each route's contract
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
    route(app, catalogApi.listFilterOptions, { config: anyone }, (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return catalog.listFilterOptions(request.query.shopId);
    });
    route(app, catalogApi.getShop, { config: anyone }, (request) =>
      catalog.getShop(request.params.shopId),
    );
    route(app, catalogApi.getDeliveryEstimate, { config: anyone }, (request, reply) => {
      const estimate = deliveryEstimate(request.params.pincode);
      // The directory changes a few times a year: a day's cache spares repeated checks.
      reply.header('cache-control', 'public, max-age=86400');
      return estimate;
    });
  };
