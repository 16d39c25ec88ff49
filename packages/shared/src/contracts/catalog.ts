import { defineEndpoint } from './endpoint.js';
import {
  CatalogQuerySchema,
  ProductDetailSchema,
  ProductIdParamsSchema,
  ProductListSchema,
  ProductPageSchema,
  SliderQuerySchema,
} from '../schemas/catalog.js';

/**
 * The public catalog (docs/catalog.md): the storefront grid, the two home
 * sliders and a product's page. Anyone may call these; prices are paise.
 */

/**
 * One page of the product grid with `priceBounds`, the lowest and highest price of the whole
 * result ignoring the price filter (the price slider's ends). 400 for a malformed query.
 */
export const listProducts = defineEndpoint({
  method: 'GET',
  path: '/api/products',
  tag: 'catalog',
  summary: 'Product grid: search, filter, sort, page',
  description:
    'Case-insensitive contains-search (`q`): every word must occur in the product name, category, style, material or colour; ' +
    'filters by category, size, colour, style, material, shop and price (paise); ' +
    '`priceBounds` is the lowest and highest price of the result ignoring the price filter ' +
    '(the slider bounds).',
  query: CatalogQuerySchema,
  responses: { 200: ProductPageSchema },
  errors: [400],
});

/**
 * Home slider 'Best selling products': the most units delivered in the last 90 days, then the
 * products shops pinned to it; at most `limit` cards.
 */
export const listBestSellingProducts = defineEndpoint({
  method: 'GET',
  path: '/api/products/best-selling',
  tag: 'catalog',
  summary:
    "Home slider 'Best selling products': most units delivered in 90 days, then shop-pinned ones",
  query: SliderQuerySchema,
  responses: { 200: ProductListSchema },
  errors: [400],
});

/** Home slider 'New arrivals products': the products shops placed there; at most `limit`. */
export const listNewArrivalProducts = defineEndpoint({
  method: 'GET',
  path: '/api/products/new-arrivals',
  tag: 'catalog',
  summary: "Home slider 'New arrivals products'",
  query: SliderQuerySchema,
  responses: { 200: ProductListSchema },
  errors: [400],
});

/** A product's page: its fields and every image. 404 'Product not found'. */
export const getProduct = defineEndpoint({
  method: 'GET',
  path: '/api/products/:productId',
  tag: 'catalog',
  summary: 'Product detail with its images',
  params: ProductIdParamsSchema,
  responses: { 200: ProductDetailSchema },
  errors: [400, 404],
});
