import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorBodySchema,
  PlacementInputSchema,
  PRODUCT_IMAGES_MAX,
  ProductInputSchema,
  ProductUpdateSchema,
  SHOP_CATALOG_MESSAGES,
  SHOP_LIST_KINDS,
  SHOP_LISTS,
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
} from '@bazaar/shared';
import { requireShopId } from '../../platform/access.js';
import { parseWithSchema } from '../../platform/errors.js';
import { readMultipartFiles } from '../../platform/multipart.js';
import type { ShopCatalogService } from './shop-catalog.service.js';

/** Sellers and support admins, each limited to their own shop (DESIGN.md section 4.2). */
const shopStaff = { access: ['seller', 'support_admin'] as const, shopScoped: true };
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};
const uploadErrors = { ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema };
const tags = ['shop-catalog'];
const MessageSchema = z.object({ message: z.string() });

/**
 * Shop catalog routes (issue 4 items 3-4; back-office.md section 7 support-admin calls
 * deleteProduct, allRegProduct, ShowAllCompany, allRegColors, showAllProduct, updateProduct,
 * getProductInfo, setWhereToShow, getProductImage; docs/shop-catalog.md). Every route reads the
 * caller's shop from the session: another shop's id answers 404, never its data.
 */
export const shopCatalogRoutes =
  (service: ShopCatalogService): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of SHOP_LIST_KINDS) {
      const { label } = SHOP_LISTS[kind];

      /** `GET /api/shop/{list}?search=`: the shop's list A-Z (allRegColors, ShowAllCompany, allRegProduct). */
      app.get(
        `/api/shop/${kind}`,
        {
          config: shopStaff,
          schema: {
            tags,
            summary: `The shop's ${label} list, optionally searched by name`,
            querystring: ShopListQuerySchema,
            response: { 200: ShopListSchema, ...errors },
          },
        },
        async (request) => service.listEntries(kind, requireShopId(request), request.query.search),
      );

      /** `POST /api/shop/{list}` `{ name }`: 201 the entry; 409 when taken (ignoring case). */
      app.post(
        `/api/shop/${kind}`,
        {
          config: shopStaff,
          schema: {
            tags,
            summary: `Add a ${label} to the shop's list`,
            body: ShopListEntryInputSchema,
            response: { 201: ShopListEntrySchema, ...errors, 409: ErrorBodySchema },
          },
        },
        async (request, reply) =>
          reply
            .status(201)
            .send(await service.addEntry(kind, requireShopId(request), request.body.name)),
      );

      /** `DELETE /api/shop/{list}/{id}`: removes the entry; products keep their saved names. */
      app.delete(
        `/api/shop/${kind}/:id`,
        {
          config: shopStaff,
          schema: {
            tags,
            summary: `Delete a ${label} from the shop's list`,
            params: ShopEntityParamsSchema,
            response: { 200: MessageSchema, ...errors },
          },
        },
        async (request) => {
          await service.deleteEntry(kind, requireShopId(request), request.params.id);
          return { message: 'Deleted' };
        },
      );
    }

    /**
     * `POST /api/shop/products` (multipart): the Add Product fields and 1-6 files `images`
     * (jpg/png by content, at most 5 MB each). 201 `{ message, product }`; nothing is stored
     * when any field or image is refused.
     */
    app.post(
      '/api/shop/products',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: 'Add a product with its images (multipart/form-data)',
          consumes: ['multipart/form-data'],
          response: { 201: ShopProductSavedSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const shopId = requireShopId(request);
        const form = await readMultipartFiles(
          request,
          'images',
          PRODUCT_IMAGES_MAX,
          SHOP_CATALOG_MESSAGES.imagesTooMany,
        );
        const input = parseWithSchema(ProductInputSchema, form.fields);
        return reply.status(201).send(await service.addProduct(shopId, input, form.files));
      },
    );

    /**
     * `GET /api/shop/products?company=&product=&category=&size=&colour=&page=` (All Stock,
     * showAllProduct): filters repeat or take comma lists; 10 per page, newest first.
     */
    app.get(
      '/api/shop/products',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: "All Stock: the shop's products with multi-select filters, 10 per page",
          querystring: ShopProductQuerySchema,
          response: { 200: ShopProductPageSchema, ...errors },
        },
      },
      async (request) => service.listProducts(requireShopId(request), request.query),
    );

    /** `GET /api/shop/products/filters`: the values All Stock's five selects offer. */
    app.get(
      '/api/shop/products/filters',
      {
        config: shopStaff,
        schema: {
          tags,
          summary:
            "Distinct companies, products, categories, sizes and colours of the shop's products",
          response: { 200: ShopProductFiltersSchema, ...errors },
        },
      },
      async (request) => service.filterValues(requireShopId(request)),
    );

    /** `GET /api/shop/products/{id}` (getProductInfo). */
    app.get(
      '/api/shop/products/:id',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: 'One product of the shop',
          params: ShopEntityParamsSchema,
          response: { 200: ShopProductSchema, ...errors },
        },
      },
      async (request) => service.getProduct(requireShopId(request), request.params.id),
    );

    /** `PATCH /api/shop/products/{id}` (updateProduct, JSON): only the fields sent change. */
    app.patch(
      '/api/shop/products/:id',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: "Change a product's fields ('Product updated !!!')",
          params: ShopEntityParamsSchema,
          body: ProductUpdateSchema,
          response: { 200: ShopProductSavedSchema, ...errors },
        },
      },
      async (request) =>
        service.updateProduct(requireShopId(request), request.params.id, request.body),
    );

    /**
     * `DELETE /api/shop/products/{id}` (deleteProduct): 'Product deleted !!!' with outcome
     * `deleted`, or `archived` for a product that was ever ordered.
     */
    app.delete(
      '/api/shop/products/:id',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: 'Delete a product (archived instead when it was ever ordered)',
          params: ShopEntityParamsSchema,
          response: { 200: ShopProductDeletedSchema, ...errors },
        },
      },
      async (request) => service.deleteProduct(requireShopId(request), request.params.id),
    );

    /** `GET /api/shop/products/{id}/images` (getProductImage). */
    app.get(
      '/api/shop/products/:id/images',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: "A product's images",
          params: ShopEntityParamsSchema,
          response: { 200: ShopProductImagesSchema, ...errors },
        },
      },
      async (request) => service.listImages(requireShopId(request), request.params.id),
    );

    /** `POST /api/shop/products/{id}/images` (multipart `images`): up to 6 images in all. */
    app.post(
      '/api/shop/products/:id/images',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: 'Add images to a product (multipart/form-data)',
          consumes: ['multipart/form-data'],
          params: ShopEntityParamsSchema,
          response: { 201: ShopProductImagesSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const shopId = requireShopId(request);
        const form = await readMultipartFiles(
          request,
          'images',
          PRODUCT_IMAGES_MAX,
          SHOP_CATALOG_MESSAGES.imagesTooMany,
        );
        return reply
          .status(201)
          .send(await service.addImages(shopId, request.params.id, form.files));
      },
    );

    /** `DELETE /api/shop/products/{id}/images/{imageId}`: 422 for the product's last image. */
    app.delete(
      '/api/shop/products/:id/images/:imageId',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: "Delete one of a product's images (never the last)",
          params: ShopProductImageParamsSchema,
          response: { 200: ShopProductImagesSchema, ...errors, 422: ErrorBodySchema },
        },
      },
      async (request) =>
        service.deleteImage(requireShopId(request), request.params.id, request.params.imageId),
    );

    /** `PUT /api/shop/products/{id}/placement` `{ placement }` (setWhereToShow, Add Info). */
    app.put(
      '/api/shop/products/:id/placement',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: 'Show a product in a home slider (normal, best_selling, new_arrivals)',
          params: ShopEntityParamsSchema,
          body: PlacementInputSchema,
          response: { 200: ShopProductSavedSchema, ...errors },
        },
      },
      async (request) =>
        service.setPlacement(requireShopId(request), request.params.id, request.body.placement),
    );

    /** `GET /api/shop/slider?placement=` (View info): what a home slider holds for this shop. */
    app.get(
      '/api/shop/slider',
      {
        config: shopStaff,
        schema: {
          tags,
          summary: "What a home slider shows of this shop's products",
          querystring: ShopSliderQuerySchema,
          response: { 200: ShopSliderSchema, ...errors },
        },
      },
      async (request) => service.sliderView(requireShopId(request), request.query),
    );
  };
