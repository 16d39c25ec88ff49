import type { ShopProductImages } from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postForm } from '../accounts/register-seller';
import { apiFetch } from '../api-client';
import { shopCatalogKeys } from './shop-catalog-keys';

/** `GET /api/shop/products/{id}/images`: the product's images (full size and thumbnail URLs). */
export function useShopProductImages(productId: number | null) {
  return useQuery({
    queryKey: shopCatalogKeys.images(productId ?? 0),
    queryFn: ({ signal }) =>
      apiFetch<ShopProductImages>(`/api/shop/products/${productId}/images`, { signal }),
    enabled: productId !== null,
  });
}

/**
 * `POST /api/shop/products/{id}/images` (multipart `images`): up to 6 images in all.
 * @throws ApiError 400 (type, count), 413 (over 5 MB).
 */
export function addShopProductImages({ productId, files }: { productId: number; files: File[] }) {
  const body = new FormData();
  for (const file of files) body.append('images', file, file.name);
  return postForm<ShopProductImages>(`/api/shop/products/${productId}/images`, body);
}

/** `DELETE /api/shop/products/{id}/images/{imageId}`. @throws ApiError 422 for the last image. */
export function deleteShopProductImage({
  productId,
  imageId,
}: {
  productId: number;
  imageId: number;
}) {
  return apiFetch<ShopProductImages>(`/api/shop/products/${productId}/images/${imageId}`, {
    method: 'DELETE',
  });
}

/** Add or delete images; the product's images, All Stock (thumbnail, count) reload. */
export function useShopProductImageMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: shopCatalogKeys.products });
  return {
    add: useMutation({ mutationFn: addShopProductImages, onSuccess }),
    remove: useMutation({ mutationFn: deleteShopProductImage, onSuccess }),
  };
}
