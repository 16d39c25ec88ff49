import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CatalogQuerySchema,
  ErrorBodySchema,
  ProductDetailSchema,
  ProductIdParamsSchema,
  ProductListSchema,
  ProductPageSchema,
  SliderQuerySchema,
} from '@bazaar/shared';
import type { CatalogService } from './catalog.service.js';

/** The home sliders (marketplace.md section 2) and the placement each lists. */
const SLIDERS = [
  {
    url: '/api/products/best-selling',
    placement: 'best_selling',
    summary:
      "Home slider 'Best selling products': most units delivered in 90 days, then shop-pinned ones",
  },
  {
    url: '/api/products/new-arrivals',
    placement: 'new_arrivals',
    summary: "Home slider 'New arrivals products'",
  },
] as const;

/** Public catalog routes (marketplace.md section 2): grid, sliders and product detail. */
export const catalogRoutes =
  (catalog: CatalogService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/products',
      {
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'Product grid: search, filter, sort, page',
          description:
            'Case-insensitive contains-search (`q`): every word must occur in the product name, category, style, material or colour; ' +
            'filters by category, size, colour, style, material, shop and price (paise); ' +
            '`priceBounds` is the lowest and highest price of the result ignoring the price filter ' +
            '(the slider bounds). Spec marketplace.md sections 2 and 5.',
          querystring: CatalogQuerySchema,
          response: { 200: ProductPageSchema, 400: ErrorBodySchema },
        },
      },
      async (request) => catalog.listProducts(request.query),
    );

    for (const slider of SLIDERS) {
      app.get(
        slider.url,
        {
          config: { access: 'public' },
          schema: {
            tags: ['catalog'],
            summary: slider.summary,
            querystring: SliderQuerySchema,
            response: { 200: ProductListSchema, 400: ErrorBodySchema },
          },
        },
        async (request) => ({
          items: await catalog.listSliderProducts(slider.placement, request.query.limit),
        }),
      );
    }

    app.get(
      '/api/products/:productId',
      {
        config: { access: 'public' },
        schema: {
          tags: ['catalog'],
          summary: 'Product detail with its images',
          params: ProductIdParamsSchema,
          response: { 200: ProductDetailSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
        },
      },
      async (request) => catalog.getProductDetail(request.params.productId),
    );
  };
