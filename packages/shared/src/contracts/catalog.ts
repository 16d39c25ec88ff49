import { defineEndpoint } from './endpoint.js';
import {
  CatalogFilterOptionsQuerySchema,
  CatalogFilterOptionsSchema,
  CatalogQuerySchema,
  DeliveryEstimateSchema,
  DeliveryPincodeParamsSchema,
  ProductDetailSchema,
  ProductIdParamsSchema,
  ProductListSchema,
  ProductPageSchema,
  ShopIdParamsSchema,
  ShopStorefrontSchema,
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
    'filters by category, size, colour, style, material, shop, brand (`company`), least percent ' +
    'off the MRP (`minDiscount`) and price (paise); ' +
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

/**
 * The grid's shop, brand and colour choices (`shopId`: one shop's brands and colours only).
 * Cached 30 s on the server and a minute in the browser. 400 for a malformed query.
 */
export const listFilterOptions = defineEndpoint({
  method: 'GET',
  path: '/api/products/filter-options',
  tag: 'catalog',
  summary: 'Shops, brands and colours with listed products, for the grid filters',
  query: CatalogFilterOptionsQuerySchema,
  responses: { 200: CatalogFilterOptionsSchema },
  errors: [400],
});

/** A shop's public page: name, image, town, GSTIN, rating. 404 'Shop not found'. */
export const getShop = defineEndpoint({
  method: 'GET',
  path: '/api/shops/:shopId',
  tag: 'catalog',
  summary: "A shop's public page",
  params: ShopIdParamsSchema,
  responses: { 200: ShopStorefrontSchema },
  errors: [400, 404],
});

/**
 * The product page's delivery check: the town and the days (3-5) for a pincode in Bihar.
 * 400 'Pincode must be 6 digit'; 404 'This pincode was not found'; 422
 * PINCODE_NOT_SERVICEABLE outside Bihar. Cached a day.
 */
export const getDeliveryEstimate = defineEndpoint({
  method: 'GET',
  path: '/api/pincodes/:pincode/delivery',
  tag: 'catalog',
  summary: 'Delivery check: days to a pincode (Bihar only)',
  params: DeliveryPincodeParamsSchema,
  responses: { 200: DeliveryEstimateSchema },
  errors: [400, 404, 422],
});
