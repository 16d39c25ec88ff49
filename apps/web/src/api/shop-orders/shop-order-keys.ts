import type { ShopOrderListParams } from '@bazaar/shared';

/** Query keys of the shop office's orders: Home counts, list pages, one shipment, staff, customers. */
export const shopOrderKeys = {
  all: ['shop-orders'] as const,
  summary: () => ['shop-orders', 'summary'] as const,
  list: (params: ShopOrderListParams) => ['shop-orders', 'list', params] as const,
  detail: (shipmentId: number) => ['shop-orders', 'detail', shipmentId] as const,
  deliveryStaff: () => ['shop-orders', 'delivery-staff'] as const,
  customers: (search: string, page: number) => ['shop-customers', search, page] as const,
};
