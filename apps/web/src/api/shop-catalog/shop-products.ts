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
import { postForm } from '../accounts/register-seller';
import { apiFetch, withQuery } from '../api-client';
import { shopCatalogKeys } from './shop-catalog-keys';

/** All Stock's query: the five multi-selects (lists of values) and the 1-based page. */
export interface ShopProductFilterState {
  company: string[];
  product: string[];
  category: string[];
  size: string[];
  colour: string[];
  page: number;
}

/**
 * `GET /api/shop/products?company=&product=&category=&size=&colour=&page=`: 10 of the shop's
 * products a page, newest first (comma lists for the multi-selects).
 */
export function getShopProducts(
  query: ShopProductFilterState,
  signal?: AbortSignal,
): Promise<ShopProductPage> {
  return apiFetch<ShopProductPage>(withQuery('/api/shop/products', { ...query }), { signal });
}

/** One page of All Stock; the previous page stays shown while the next loads. */
export function useShopProducts(query: ShopProductFilterState) {
  return useQuery({
    queryKey: shopCatalogKeys.productPage(query as unknown as ShopProductQueryInput),
    queryFn: ({ signal }) => getShopProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/shop/products/filters`: the values the five selects offer. */
export function useShopProductFilters() {
  return useQuery({
    queryKey: shopCatalogKeys.filters,
    queryFn: ({ signal }) => apiFetch<ShopProductFilters>('/api/shop/products/filters', { signal }),
  });
}

/** `GET /api/shop/products/{id}`: one product (the edit modal's current values). */
export function useShopProduct(id: number | null) {
  return useQuery({
    queryKey: shopCatalogKeys.product(id ?? 0),
    queryFn: ({ signal }) => apiFetch<ShopProduct>(`/api/shop/products/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** Add Product's request: the form's fields and the chosen image files (1-6, jpg/png, 5 MB). */
export interface AddProductRequest {
  fields: ProductFormInput;
  images: readonly File[];
}

/**
 * `POST /api/shop/products` (multipart: the fields, then each file as `images`).
 * @throws ApiError 400 with `fields` (including `images`), 413 for an image over 5 MB.
 */
export function addShopProduct({ fields, images }: AddProductRequest): Promise<ShopProductSaved> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  for (const image of images) body.append('images', image, image.name);
  return postForm<ShopProductSaved>('/api/shop/products', body);
}

/**
 * `PATCH /api/shop/products/{id}` with only the changed fields; answers 'Product updated !!!'.
 * @throws ApiError 400 with `fields`, 404 when the product is gone.
 */
export function updateShopProduct({ id, changes }: { id: number; changes: ProductUpdate }) {
  return apiFetch<ShopProductSaved>(`/api/shop/products/${id}`, {
    method: 'PATCH',
    body: changes,
  });
}

/** `DELETE /api/shop/products/{id}`: 'Product deleted !!!' (erased, or archived when ordered). */
export function deleteShopProduct(id: number): Promise<ShopProductDeleted> {
  return apiFetch<ShopProductDeleted>(`/api/shop/products/${id}`, { method: 'DELETE' });
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
