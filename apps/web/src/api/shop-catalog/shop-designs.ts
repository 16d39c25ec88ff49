import type {
  DesignCreated,
  DesignFormInput,
  DesignUpdateFormInput,
  LowStockThreshold,
  ShopDesignWithVariants,
} from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as shopCatalogEndpoints from '../endpoints/shop-catalog';
import { shopCatalogKeys } from './shop-catalog-keys';

/** A new design's fields and variants, and the images every variant shares (1-6 files). */
export interface AddDesignRequest {
  fields: DesignFormInput;
  images: readonly File[];
}

/**
 * Add Product for a design (docs/shop-catalog.md "Designs"): `shopCatalogApi.createDesign` with
 * the design and its size x colour variants (JSON), then `addDesignImages` with the files
 * (multipart `images`). Answers the new design's id and variants (SKUs generated where blank).
 * @throws ApiError 400 with `fields` (`variants.N.pricePaise` ...), 409 SKU_TAKEN on
 *   `variants.N.sku`; the images' 400/413/415 after the design was saved.
 */
export async function addShopDesign({ fields, images }: AddDesignRequest): Promise<DesignCreated> {
  const created = await callApi(shopCatalogEndpoints.createDesign, { body: fields });
  if (images.length > 0) {
    const body = new FormData();
    for (const image of images) body.append('images', image, image.name);
    await callApi(shopCatalogEndpoints.addDesignImages, {
      params: { designId: created.designId },
      body,
    });
  }
  return created;
}

/** A design of the shop with its live variants (`shopCatalogApi.getDesign`), for Edit. */
export function useShopDesign(designId: number | null) {
  return useQuery({
    queryKey: [...shopCatalogKeys.products, 'design', designId ?? 0],
    queryFn: ({ signal }): Promise<ShopDesignWithVariants> =>
      callApi(shopCatalogEndpoints.getDesign, { params: { designId: designId! }, signal }),
    enabled: designId !== null,
  });
}

/**
 * Saves the whole design (`shopCatalogApi.updateDesign`): variants with `id` updated, without
 * added, the missing ones archived. @throws ApiError 400 with `fields`, 404, 409 SKU_TAKEN.
 */
export function updateShopDesign({
  designId,
  fields,
}: {
  designId: number;
  fields: DesignUpdateFormInput;
}): Promise<ShopDesignWithVariants> {
  return callApi(shopCatalogEndpoints.updateDesign, { params: { designId }, body: fields });
}

/** The design writes; each reloads All Stock, its filters, the products and the sliders. */
export function useShopDesignMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: shopCatalogKeys.products });
  return {
    add: useMutation({ mutationFn: addShopDesign, onSuccess }),
    update: useMutation({ mutationFn: updateShopDesign, onSuccess }),
  };
}

const thresholdKey = [...shopCatalogKeys.all, 'low-stock-threshold'] as const;

/** The shop's low-stock level in units (`shopCatalogApi.getLowStockThreshold`). */
export function useLowStockThreshold() {
  return useQuery({
    queryKey: thresholdKey,
    queryFn: ({ signal }): Promise<LowStockThreshold> =>
      callApi(shopCatalogEndpoints.getLowStockThreshold, { signal }),
  });
}

/** Sets the low-stock level (`setLowStockThreshold`); All Stock's low-stock list follows. */
export function useSetLowStockThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threshold: number) =>
      callApi(shopCatalogEndpoints.setLowStockThreshold, { body: { threshold } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(thresholdKey, saved);
      return queryClient.invalidateQueries({ queryKey: shopCatalogKeys.products });
    },
  });
}
