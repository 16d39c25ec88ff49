import type { ShopProductImages } from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as shopCatalogEndpoints from '../endpoints/shop-catalog';
import { shopCatalogKeys } from './shop-catalog-keys';

/** A product's images, full size and thumbnail URLs (`shopCatalogApi.listProductImages`). */
export function useShopProductImages(productId: number | null) {
  return useQuery({
    queryKey: shopCatalogKeys.images(productId ?? 0),
    queryFn: ({ signal }): Promise<ShopProductImages> =>
      callApi(shopCatalogEndpoints.listProductImages, { params: { id: productId! }, signal }),
    enabled: productId !== null,
  });
}

/**
 * Adds images (`shopCatalogApi.addProductImages`, multipart `images`): up to 6 in all.
 * @throws ApiError 400 (type, count), 413 (over 5 MB).
 */
export function addShopProductImages({ productId, files }: { productId: number; files: File[] }) {
  const body = new FormData();
  for (const file of files) body.append('images', file, file.name);
  return callApi(shopCatalogEndpoints.addProductImages, { params: { id: productId }, body });
}

/**
 * Deletes one image (`shopCatalogApi.deleteProductImage`).
 * @throws ApiError 422 LAST_PRODUCT_IMAGE for the product's last image.
 */
export function deleteShopProductImage({
  productId,
  imageId,
}: {
  productId: number;
  imageId: number;
}) {
  return callApi(shopCatalogEndpoints.deleteProductImage, { params: { id: productId, imageId } });
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
