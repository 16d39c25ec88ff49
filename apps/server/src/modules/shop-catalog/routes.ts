import type { FastifyPluginAsync } from 'fastify';
import {
  PRODUCT_IMAGES_MAX,
  ProductInputSchema,
  SHOP_CATALOG_MESSAGES,
  shopCatalogApi,
} from '@bazaar/shared';
import { requireShopId } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import { parseWithSchema } from '../../platform/errors.js';
import { readMultipartFiles } from '../../platform/multipart.js';
import type { ShopCatalogService } from './shop-catalog.service.js';

/** Sellers and support admins, each limited to their own shop (docs/accounts.md "Authorisation"). */
const shopStaff = { access: ['seller', 'support_admin'] as const, shopScoped: true };

/** The three pick-lists and their endpoints: list, add, delete. */
const SHOP_LIST_ENDPOINTS = [
  {
    kind: 'colours',
    list: shopCatalogApi.listColours,
    add: shopCatalogApi.addColour,
    remove: shopCatalogApi.deleteColour,
  },
  {
    kind: 'companies',
    list: shopCatalogApi.listCompanies,
    add: shopCatalogApi.addCompany,
    remove: shopCatalogApi.deleteCompany,
  },
  {
    kind: 'product-names',
    list: shopCatalogApi.listProductNames,
    add: shopCatalogApi.addProductName,
    remove: shopCatalogApi.deleteProductName,
  },
] as const;

/**
 * Shop catalog routes (docs/shop-catalog.md): every route reads the caller's shop from the
 * session, so another shop's id answers 404, never its data. Each route's contract is in
 * `@bazaar/shared`'s `shopCatalogApi`.
 */
export const shopCatalogRoutes =
  (service: ShopCatalogService): FastifyPluginAsync =>
  async (app) => {
    for (const { kind, list, add, remove } of SHOP_LIST_ENDPOINTS) {
      route(app, list, { config: shopStaff }, (request) =>
        service.listEntries(kind, requireShopId(request), request.query.search),
      );
      route(app, add, { config: shopStaff }, (request) =>
        service.addEntry(kind, requireShopId(request), request.body.name),
      );
      route(app, remove, { config: shopStaff }, async (request) => {
        await service.deleteEntry(kind, requireShopId(request), request.params.id);
        return { message: 'Deleted' };
      });
    }

    route(app, shopCatalogApi.addProduct, { config: shopStaff }, async (request) => {
      const shopId = requireShopId(request);
      const form = await readMultipartFiles(
        request,
        'images',
        PRODUCT_IMAGES_MAX,
        SHOP_CATALOG_MESSAGES.imagesTooMany,
      );
      const input = parseWithSchema(ProductInputSchema, form.fields);
      return service.addProduct(shopId, input, form.files);
    });
    route(app, shopCatalogApi.listProducts, { config: shopStaff }, (request) =>
      service.listProducts(requireShopId(request), request.query),
    );
    route(app, shopCatalogApi.getProductFilters, { config: shopStaff }, (request) =>
      service.filterValues(requireShopId(request)),
    );
    route(app, shopCatalogApi.getProduct, { config: shopStaff }, (request) =>
      service.getProduct(requireShopId(request), request.params.id),
    );
    route(app, shopCatalogApi.updateProduct, { config: shopStaff }, (request) =>
      service.updateProduct(requireShopId(request), request.params.id, request.body),
    );
    route(app, shopCatalogApi.deleteProduct, { config: shopStaff }, (request) =>
      service.deleteProduct(requireShopId(request), request.params.id),
    );
    route(app, shopCatalogApi.listProductImages, { config: shopStaff }, (request) =>
      service.listImages(requireShopId(request), request.params.id),
    );
    route(app, shopCatalogApi.addProductImages, { config: shopStaff }, async (request) => {
      const shopId = requireShopId(request);
      const form = await readMultipartFiles(
        request,
        'images',
        PRODUCT_IMAGES_MAX,
        SHOP_CATALOG_MESSAGES.imagesTooMany,
      );
      return service.addImages(shopId, request.params.id, form.files);
    });
    route(app, shopCatalogApi.deleteProductImage, { config: shopStaff }, (request) =>
      service.deleteImage(requireShopId(request), request.params.id, request.params.imageId),
    );
    route(app, shopCatalogApi.setProductPlacement, { config: shopStaff }, (request) =>
      service.setPlacement(requireShopId(request), request.params.id, request.body.placement),
    );
    route(app, shopCatalogApi.getSliderView, { config: shopStaff }, (request) =>
      service.sliderView(requireShopId(request), request.query),
    );

    route(app, shopCatalogApi.createDesign, { config: shopStaff }, (request) =>
      service.createDesign(requireShopId(request), request.body),
    );
    route(app, shopCatalogApi.getDesign, { config: shopStaff }, (request) =>
      service.getDesign(requireShopId(request), request.params.designId),
    );
    route(app, shopCatalogApi.updateDesign, { config: shopStaff }, (request) =>
      service.updateDesign(requireShopId(request), request.params.designId, request.body),
    );
    route(app, shopCatalogApi.addDesignImages, { config: shopStaff }, async (request) => {
      const shopId = requireShopId(request);
      const form = await readMultipartFiles(
        request,
        'images',
        PRODUCT_IMAGES_MAX,
        SHOP_CATALOG_MESSAGES.imagesTooMany,
      );
      return service.addDesignImages(shopId, request.params.designId, form.files);
    });
    route(app, shopCatalogApi.getLowStockThreshold, { config: shopStaff }, (request) =>
      service.getLowStockThreshold(requireShopId(request)),
    );
    route(app, shopCatalogApi.setLowStockThreshold, { config: shopStaff }, (request) =>
      service.setLowStockThreshold(requireShopId(request), request.body.threshold),
    );
  };
