import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import {
  DesignCreatedSchema,
  DesignInputSchema,
  DesignUpdateSchema,
  LowStockThresholdInputSchema,
  LowStockThresholdSchema,
  ShopDesignParamsSchema,
  ShopDesignWithVariantsSchema,
  PlacementInputSchema,
  ProductUpdateSchema,
  ShopEntityParamsSchema,
  ShopListEntryInputSchema,
  ShopListEntrySchema,
  ShopListQuerySchema,
  ShopListSchema,
  ShopProductDeletedSchema,
  ShopProductFiltersSchema,
  ShopProductImageParamsSchema,
  ShopProductImagesSchema,
  ShopProductPageSchema,
  ShopProductQuerySchema,
  ShopProductSavedSchema,
  ShopProductSchema,
  ShopSliderQuerySchema,
  ShopSliderSchema,
} from '../schemas/shop-catalog.js';

/**
 * The shop's catalog (docs/shop-catalog.md): its three pick-lists (colours, companies, product
 * names), its products with their images, and what the home sliders show of them. Sellers and
 * the shop's support admins; every endpoint reads the caller's shop from the session, so another
 * shop's id answers 404, never its data. Every endpoint may answer 401 (no session) and 403
 * (another role or no shop). Prices are paise.
 */

/** What deleting a pick-list entry answers: `{ message: 'Deleted' }`. */
const MessageSchema = z.object({ message: z.string() });

/** The shop's colours A-Z, optionally searched by name (`search`). */
export const listColours = defineEndpoint({
  method: 'GET',
  path: '/api/shop/colours',
  tag: 'shop-catalog',
  summary: "The shop's colour list, optionally searched by name",
  query: ShopListQuerySchema,
  responses: { 200: ShopListSchema },
  errors: [400, 401, 403, 404],
});

/** Adds a colour `{ name }`; 201 the entry. 409 NAME_TAKEN when taken (ignoring case). */
export const addColour = defineEndpoint({
  method: 'POST',
  path: '/api/shop/colours',
  tag: 'shop-catalog',
  summary: "Add a colour to the shop's list",
  body: ShopListEntryInputSchema,
  responses: { 201: ShopListEntrySchema },
  errors: [400, 401, 403, 404, 409],
});

/** Deletes a colour; products keep the names they were saved with. 404 when gone. */
export const deleteColour = defineEndpoint({
  method: 'DELETE',
  path: '/api/shop/colours/:id',
  tag: 'shop-catalog',
  summary: "Delete a colour from the shop's list",
  params: ShopEntityParamsSchema,
  responses: { 200: MessageSchema },
  errors: [400, 401, 403, 404],
});

/** The shop's companys A-Z, optionally searched by name (`search`). */
export const listCompanies = defineEndpoint({
  method: 'GET',
  path: '/api/shop/companies',
  tag: 'shop-catalog',
  summary: "The shop's company list, optionally searched by name",
  query: ShopListQuerySchema,
  responses: { 200: ShopListSchema },
  errors: [400, 401, 403, 404],
});

/** Adds a company `{ name }`; 201 the entry. 409 NAME_TAKEN when taken (ignoring case). */
export const addCompany = defineEndpoint({
  method: 'POST',
  path: '/api/shop/companies',
  tag: 'shop-catalog',
  summary: "Add a company to the shop's list",
  body: ShopListEntryInputSchema,
  responses: { 201: ShopListEntrySchema },
  errors: [400, 401, 403, 404, 409],
});

/** Deletes a company; products keep the names they were saved with. 404 when gone. */
export const deleteCompany = defineEndpoint({
  method: 'DELETE',
  path: '/api/shop/companies/:id',
  tag: 'shop-catalog',
  summary: "Delete a company from the shop's list",
  params: ShopEntityParamsSchema,
  responses: { 200: MessageSchema },
  errors: [400, 401, 403, 404],
});

/** The shop's product names A-Z, optionally searched by name (`search`). */
export const listProductNames = defineEndpoint({
  method: 'GET',
  path: '/api/shop/product-names',
  tag: 'shop-catalog',
  summary: "The shop's product name list, optionally searched by name",
  query: ShopListQuerySchema,
  responses: { 200: ShopListSchema },
  errors: [400, 401, 403, 404],
});

/** Adds a product name `{ name }`; 201 the entry. 409 NAME_TAKEN when taken (ignoring case). */
export const addProductName = defineEndpoint({
  method: 'POST',
  path: '/api/shop/product-names',
  tag: 'shop-catalog',
  summary: "Add a product name to the shop's list",
  body: ShopListEntryInputSchema,
  responses: { 201: ShopListEntrySchema },
  errors: [400, 401, 403, 404, 409],
});

/** Deletes a product name; products keep the names they were saved with. 404 when gone. */
export const deleteProductName = defineEndpoint({
  method: 'DELETE',
  path: '/api/shop/product-names/:id',
  tag: 'shop-catalog',
  summary: "Delete a product name from the shop's list",
  params: ShopEntityParamsSchema,
  responses: { 200: MessageSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Add Product (multipart/form-data): the product's fields and 1-6 files `images` (jpg or png by
 * their content, at most 5 MB each); 201 `{ message, product }`. Nothing is stored when any field
 * or image is refused: 400 with `fields`, 413 for an image over 5 MB, 415 for another type.
 */
export const addProduct = defineEndpoint({
  method: 'POST',
  path: '/api/shop/products',
  tag: 'shop-catalog',
  summary: 'Add a product with its images (multipart/form-data)',
  multipart: true,
  responses: { 201: ShopProductSavedSchema },
  errors: [400, 401, 403, 404, 413, 415],
});

/**
 * All Stock: the shop's products (each one variant: design id, size, colour, SKU), newest first,
 * 10 a page, filtered by company, product, category, size and colour (each repeated or a comma
 * list), `designId`, and `lowStock=true` (stock at or below the shop's low-stock level, which the
 * answer carries as `lowStockThreshold`).
 */
export const listProducts = defineEndpoint({
  method: 'GET',
  path: '/api/shop/products',
  tag: 'shop-catalog',
  summary: "All Stock: the shop's products with multi-select filters, 10 per page",
  query: ShopProductQuerySchema,
  responses: { 200: ShopProductPageSchema },
  errors: [400, 401, 403, 404],
});

/** The values All Stock's five selects offer: the distinct values of the shop's products. */
export const getProductFilters = defineEndpoint({
  method: 'GET',
  path: '/api/shop/products/filters',
  tag: 'shop-catalog',
  summary: "Distinct companies, products, categories, sizes and colours of the shop's products",
  responses: { 200: ShopProductFiltersSchema },
  errors: [400, 401, 403, 404],
});

/** One product of the shop (the edit form's values). 404 'Product not found'. */
export const getProduct = defineEndpoint({
  method: 'GET',
  path: '/api/shop/products/:id',
  tag: 'shop-catalog',
  summary: 'One product of the shop',
  params: ShopEntityParamsSchema,
  responses: { 200: ShopProductSchema },
  errors: [400, 401, 403, 404],
});

/** Changes only the fields sent; answers 'Product updated !!!' with the product. 404. */
export const updateProduct = defineEndpoint({
  method: 'PATCH',
  path: '/api/shop/products/:id',
  tag: 'shop-catalog',
  summary: "Change a product's fields ('Product updated !!!')",
  params: ShopEntityParamsSchema,
  body: ProductUpdateSchema,
  responses: { 200: ShopProductSavedSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Deletes a product: 'Product deleted !!!' with outcome `deleted`, or `archived` for a product
 * that was ever ordered (its orders keep it). 404.
 */
export const deleteProduct = defineEndpoint({
  method: 'DELETE',
  path: '/api/shop/products/:id',
  tag: 'shop-catalog',
  summary: 'Delete a product (archived instead when it was ever ordered)',
  params: ShopEntityParamsSchema,
  responses: { 200: ShopProductDeletedSchema },
  errors: [400, 401, 403, 404],
});

/** A product's images, full size and thumbnail URLs. 404. */
export const listProductImages = defineEndpoint({
  method: 'GET',
  path: '/api/shop/products/:id/images',
  tag: 'shop-catalog',
  summary: "A product's images",
  params: ShopEntityParamsSchema,
  responses: { 200: ShopProductImagesSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Adds images (multipart/form-data, files `images`), up to 6 in all; 201 the product's images.
 * 400 type or count, 413 over 5 MB, 415 not multipart; 404.
 */
export const addProductImages = defineEndpoint({
  method: 'POST',
  path: '/api/shop/products/:id/images',
  tag: 'shop-catalog',
  summary: 'Add images to a product (multipart/form-data)',
  params: ShopEntityParamsSchema,
  multipart: true,
  responses: { 201: ShopProductImagesSchema },
  errors: [400, 401, 403, 404, 413, 415],
});

/** Deletes one of a product's images. 404; 422 LAST_PRODUCT_IMAGE for its last image. */
export const deleteProductImage = defineEndpoint({
  method: 'DELETE',
  path: '/api/shop/products/:id/images/:imageId',
  tag: 'shop-catalog',
  summary: "Delete one of a product's images (never the last)",
  params: ShopProductImageParamsSchema,
  responses: { 200: ShopProductImagesSchema },
  errors: [400, 401, 403, 404, 422],
});

/** Add Info: shows a product in a home slider `{ placement }` (or `normal`: in none). 404. */
export const setProductPlacement = defineEndpoint({
  method: 'PUT',
  path: '/api/shop/products/:id/placement',
  tag: 'shop-catalog',
  summary: 'Show a product in a home slider (normal, best_selling, new_arrivals)',
  params: ShopEntityParamsSchema,
  body: PlacementInputSchema,
  responses: { 200: ShopProductSavedSchema },
  errors: [400, 401, 403, 404],
});

/** View info: what a home slider (`placement`) holds of this shop's products. */
export const getSliderView = defineEndpoint({
  method: 'GET',
  path: '/api/shop/slider',
  tag: 'shop-catalog',
  summary: "What a home slider shows of this shop's products",
  query: ShopSliderQuerySchema,
  responses: { 200: ShopSliderSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Adds a design with its variants (JSON, docs/shop-catalog.md "Designs"): `{ company, name,
 * category, style, material, description?, hsnClass?, variants: [{ size, colour, sku?, mrpPaise,
 * pricePaise, quantity }] }` (1..500 variants; paise, units). 201 `{ designId, variants }`.
 * 400 with `fields` (e.g. `variants.2.pricePaise` 'Price cannot be more than the MRP (₹1,500)',
 * `variants.3.colour` a repeated size and colour or a colour not in the shop's list); 409
 * SKU_TAKEN on `variants.N.sku` when another product of the shop has that SKU. Missing SKUs are
 * generated from name, colour and size (`POLO-RED-M`, with a number when taken).
 */
export const createDesign = defineEndpoint({
  method: 'POST',
  path: '/api/shop/designs',
  tag: 'shop-catalog',
  summary: 'Add a design with its variants (size x colour)',
  body: DesignInputSchema,
  responses: { 201: DesignCreatedSchema },
  errors: [400, 401, 403, 404, 409],
});

/** A design of the shop with its live variants (by colour, then size). 404 'Design not found'. */
export const getDesign = defineEndpoint({
  method: 'GET',
  path: '/api/shop/designs/:designId',
  tag: 'shop-catalog',
  summary: 'A design with its variants',
  params: ShopDesignParamsSchema,
  responses: { 200: ShopDesignWithVariantsSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Saves a whole design in one transaction: its fields (copied to every variant), variants with
 * `id` updated, without `id` added, live variants not in the list archived (kept for orders,
 * gone from the storefront); quantities move through the stock ledger (one history row per
 * change). Answers like `getDesign`. 404 for another shop's design; 400 as `createDesign` and
 * `variants.N.id` for a variant of another design; 409 SKU_TAKEN on `variants.N.sku`.
 */
export const updateDesign = defineEndpoint({
  method: 'PUT',
  path: '/api/shop/designs/:designId',
  tag: 'shop-catalog',
  summary: 'Save a design and its variants (upsert, archive the missing)',
  params: ShopDesignParamsSchema,
  body: DesignUpdateSchema,
  responses: { 200: ShopDesignWithVariantsSchema },
  errors: [400, 401, 403, 404, 409],
});

/**
 * Adds images shared by every variant of a design (multipart/form-data, files `images`, jpg or
 * png by content, 5 MB each, at most 6 shared images); answers like `getDesign`. 400, 404, 413, 415.
 */
export const addDesignImages = defineEndpoint({
  method: 'POST',
  path: '/api/shop/designs/:designId/images',
  tag: 'shop-catalog',
  summary: "Add images shared by a design's variants (multipart/form-data)",
  params: ShopDesignParamsSchema,
  multipart: true,
  responses: { 201: ShopDesignWithVariantsSchema },
  errors: [400, 401, 403, 404, 413, 415],
});

/** The shop's low-stock level `{ threshold }` (units; default 5) used by All Stock's `lowStock`. */
export const getLowStockThreshold = defineEndpoint({
  method: 'GET',
  path: '/api/shop/low-stock-threshold',
  tag: 'shop-catalog',
  summary: "The shop's low-stock level (units)",
  responses: { 200: LowStockThresholdSchema },
  errors: [401, 403, 404],
});

/** Sets the shop's low-stock level `{ threshold }` (0-100000 units); answers it. 400. */
export const setLowStockThreshold = defineEndpoint({
  method: 'PUT',
  path: '/api/shop/low-stock-threshold',
  tag: 'shop-catalog',
  summary: "Set the shop's low-stock level (units)",
  body: LowStockThresholdInputSchema,
  responses: { 200: LowStockThresholdSchema },
  errors: [400, 401, 403, 404],
});
