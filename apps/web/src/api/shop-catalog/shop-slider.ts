import type { Placement, ShopProductSaved, ShopSlider } from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as shopCatalogEndpoints from '../endpoints/shop-catalog';
import { shopCatalogKeys } from './shop-catalog-keys';

/** The two home sliders a product can be placed in. */
export type SliderPlacement = Exclude<Placement, 'normal'>;

/** View info: this shop's products in a home slider (`shopCatalogApi.getSliderView`). */
export function useShopSlider(placement: SliderPlacement) {
  return useQuery({
    queryKey: shopCatalogKeys.slider(placement),
    queryFn: ({ signal }): Promise<ShopSlider> =>
      callApi(shopCatalogEndpoints.getSliderView, { query: { placement }, signal }),
  });
}

/** Add Info (`shopCatalogApi.setProductPlacement`). @throws ApiError 404 when gone. */
export function setShopProductPlacement({
  id,
  placement,
}: {
  id: number;
  placement: Placement;
}): Promise<ShopProductSaved> {
  return callApi(shopCatalogEndpoints.setProductPlacement, { params: { id }, body: { placement } });
}

/** Saves a placement; All Stock and the slider views reload. */
export function useSetPlacement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setShopProductPlacement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopCatalogKeys.products }),
  });
}
