import type {
  ProductFormInput,
  ProductUpdate,
  ShopProduct,
  ShopProductDeleted,
  ShopProductFilters,
  ShopProductPage,
  ShopProductQueryInput,
  ShopProductSaved,
} from '@bazaar/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as shopCatalogEndpoints from '../endpoints/shop-catalog';
import { shopCatalogKeys } from './shop-catalog-keys';

/** All Stock's query: the five multi-selects (lists of values) and the 1-based page. */
export interface ShopProductFilterState {
  company: string[];
  product: string[];
  category: string[];
  size: string[];
  colour: string[];
  /** Only variants at or below the shop's low-stock level (`lowStock=true`). */
  lowStock?: boolean;
  page: number;
}

/**
 * All Stock (`shopCatalogApi.listProducts`): 10 of the shop's products a page, newest first,
 * filtered by company, product, category, size and colour (comma lists for the multi-selects).
 */
export function getShopProducts(
  query: ShopProductFilterState,
  signal?: AbortSignal,
): Promise<ShopProductPage> {
  const { lowStock, ...lists } = query;
  return callApi(shopCatalogEndpoints.listProducts, {
    query: { ...lists, ...(lowStock && { lowStock: 'true' as const }) },
    signal,
  });
}

/** One page of All Stock; the previous page stays shown while the next loads. */
export function useShopProducts(query: ShopProductFilterState) {
  return useQuery({
    queryKey: shopCatalogKeys.productPage(query as unknown as ShopProductQueryInput),
    queryFn: ({ signal }) => getShopProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The values the five selects offer (`shopCatalogApi.getProductFilters`). */
export function useShopProductFilters() {
  return useQuery({
    queryKey: shopCatalogKeys.filters,
    queryFn: ({ signal }): Promise<ShopProductFilters> =>
      callApi(shopCatalogEndpoints.getProductFilters, { signal }),
  });
}

/** One product, the edit modal's current values (`shopCatalogApi.getProduct`). */
export function useShopProduct(id: number | null) {
  return useQuery({
    queryKey: shopCatalogKeys.product(id ?? 0),
    queryFn: ({ signal }): Promise<ShopProduct> =>
      callApi(shopCatalogEndpoints.getProduct, { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** Add Product's request: the form's fields and the chosen image files (1-6, jpg/png, 5 MB). */
export interface AddProductRequest {
  fields: ProductFormInput;
  images: readonly File[];
}

/**
 * Add Product (`shopCatalogApi.addProduct`, multipart: the fields, then each file as `images`).
 * @throws ApiError 400 with `fields` (including `images`), 413 for an image over 5 MB.
 */
export function addShopProduct({ fields, images }: AddProductRequest): Promise<ShopProductSaved> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  for (const image of images) body.append('images', image, image.name);
  return callApi(shopCatalogEndpoints.addProduct, { body });
}

/**
 * Sends only the changed fields (`shopCatalogApi.updateProduct`); answers 'Product updated !!!'.
 * @throws ApiError 400 with `fields`, 404 when the product is gone.
 */
export function updateShopProduct({ id, changes }: { id: number; changes: ProductUpdate }) {
  return callApi(shopCatalogEndpoints.updateProduct, { params: { id }, body: changes });
}

/**
 * Deletes a product (`shopCatalogApi.deleteProduct`): 'Product deleted !!!' (erased, or archived
 * when ordered).
 */
export function deleteShopProduct(id: number): Promise<ShopProductDeleted> {
  return callApi(shopCatalogEndpoints.deleteProduct, { params: { id } });
}

/** The product writes; every one reloads All Stock, its filters, the product and the sliders. */
export function useShopProductMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: shopCatalogKeys.products });
  return {
    add: useMutation({ mutationFn: addShopProduct, onSuccess }),
    update: useMutation({ mutationFn: updateShopProduct, onSuccess }),
    remove: useMutation({ mutationFn: deleteShopProduct, onSuccess }),
  };
}
