import type {
  DeliveryStaffOption,
  ShopOrderDetail,
  ShopOrderListParams,
  ShopOrderPage,
  ShopSummary,
} from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as fulfilmentEndpoints from '../endpoints/fulfilment';
import { shopOrderKeys } from './shop-order-keys';

/** The Home tiles' counts of the session's shop (`fulfilmentApi.getShopSummary`). */
export function getShopSummary(signal?: AbortSignal): Promise<ShopSummary> {
  return callApi(fulfilmentEndpoints.getShopSummary, { signal });
}

/** The Home tiles' counts. */
export function useShopSummary() {
  return useQuery({
    queryKey: shopOrderKeys.summary(),
    queryFn: ({ signal }) => getShopSummary(signal),
  });
}

/** A shop order list (`fulfilmentApi.listShopOrders`): 10 a page, newest first. */
export function getShopOrders(
  params: ShopOrderListParams,
  signal?: AbortSignal,
): Promise<ShopOrderPage> {
  return callApi(fulfilmentEndpoints.listShopOrders, { query: { ...params }, signal });
}

/** One page of a shop order list; the previous page stays shown while the next loads. */
export function useShopOrders(params: ShopOrderListParams) {
  return useQuery({
    queryKey: shopOrderKeys.list(params),
    queryFn: ({ signal }) => getShopOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One shipment (`fulfilmentApi.getShopOrder`): items, customer, address, history, staff. */
export function getShopOrder(shipmentId: number, signal?: AbortSignal): Promise<ShopOrderDetail> {
  return callApi(fulfilmentEndpoints.getShopOrder, { params: { shipmentId }, signal });
}

/** One shipment for the detail drawer; nothing is fetched while `shipmentId` is null. */
export function useShopOrder(shipmentId: number | null) {
  return useQuery({
    queryKey: shopOrderKeys.detail(shipmentId ?? 0),
    queryFn: ({ signal }) => getShopOrder(shipmentId!, signal),
    enabled: shipmentId !== null,
  });
}

/** Active delivery staff to hand a shipment to (`fulfilmentApi.listDeliveryStaff`). */
export function useDeliveryStaff(enabled: boolean) {
  return useQuery({
    queryKey: shopOrderKeys.deliveryStaff(),
    queryFn: ({ signal }): Promise<DeliveryStaffOption[]> =>
      callApi(fulfilmentEndpoints.listDeliveryStaff, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
