import type { Placement, ShopProductSaved, ShopSlider } from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { shopCatalogKeys } from './shop-catalog-keys';

/** The two home sliders a product can be placed in. */
export type SliderPlacement = Exclude<Placement, 'normal'>;

/** `GET /api/shop/slider?placement=` (View info): this shop's products in a home slider. */
export function useShopSlider(placement: SliderPlacement) {
  return useQuery({
    queryKey: shopCatalogKeys.slider(placement),
    queryFn: ({ signal }) =>
      apiFetch<ShopSlider>(withQuery('/api/shop/slider', { placement }), { signal }),
  });
}

/** `PUT /api/shop/products/{id}/placement` (Add Info). @throws ApiError 404 when gone. */
export function setShopProductPlacement({ id, placement }: { id: number; placement: Placement }) {
  return apiFetch<ShopProductSaved>(`/api/shop/products/${id}/placement`, {
    method: 'PUT',
    body: { placement },
  });
}

/** Saves a placement; All Stock and the slider views reload. */
export function useSetPlacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShopProductPlacement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogKeys.products }),
  });
}
