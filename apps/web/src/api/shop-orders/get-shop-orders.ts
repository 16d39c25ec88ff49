import type {
  DeliveryStaffOption,
  ShopOrderDetail,
  ShopOrderListParams,
  ShopOrderPage,
  ShopSummary,
} from '@bazaar/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch, withQuery } from '../api-client';
import { shopOrderKeys } from './shop-order-keys';

/** `GET /api/shop/summary`: `{ newOrders, returnOrders, orderHistory }` of the session's shop. */
export function getShopSummary(signal?: AbortSignal): Promise<ShopSummary> {
  return apiFetch<ShopSummary>('/api/shop/summary', { signal });
}

/** The Home tiles' counts. */
export function useShopSummary() {
  return useQuery({
    queryKey: shopOrderKeys.summary(),
    queryFn: ({ signal }) => getShopSummary(signal),
  });
}

/** `GET /api/shop/orders?view=&search=&status=&from=&to=&page=`: 10 a page, newest first. */
export function getShopOrders(
  params: ShopOrderListParams,
  signal?: AbortSignal,
): Promise<ShopOrderPage> {
  return apiFetch<ShopOrderPage>(withQuery('/api/shop/orders', { ...params }), { signal });
}

/** One page of a shop order list; the previous page stays shown while the next loads. */
export function useShopOrders(params: ShopOrderListParams) {
  return useQuery({
    queryKey: shopOrderKeys.list(params),
    queryFn: ({ signal }) => getShopOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/shop/orders/{shipmentId}`: items, customer, address, history, delivery staff. */
export function getShopOrder(shipmentId: number, signal?: AbortSignal): Promise<ShopOrderDetail> {
  return apiFetch<ShopOrderDetail>(`/api/shop/orders/${shipmentId}`, { signal });
}

/** One shipment for the detail drawer; nothing is fetched while `shipmentId` is null. */
export function useShopOrder(shipmentId: number | null) {
  return useQuery({
    queryKey: shopOrderKeys.detail(shipmentId ?? 0),
    queryFn: ({ signal }) => getShopOrder(shipmentId!, signal),
    enabled: shipmentId !== null,
  });
}

/** `GET /api/shop/delivery-staff`: active delivery staff to hand a shipment to. */
export function useDeliveryStaff(enabled: boolean) {
  return useQuery({
    queryKey: shopOrderKeys.deliveryStaff(),
    queryFn: ({ signal }) =>
      apiFetch<DeliveryStaffOption[]>('/api/shop/delivery-staff', { signal }),
    enabled,
    staleTime: 60_000,
  });
}
