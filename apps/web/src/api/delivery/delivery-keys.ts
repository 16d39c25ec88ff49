import type { DeliveryView } from '@bazaar/shared';

/** Query keys of the delivery staff area (docs/delivery.md). */
export const deliveryKeys = {
  all: ['delivery'] as const,
  summary: () => ['delivery', 'summary'] as const,
  list: (query: DeliveryListParams) => ['delivery', 'shipments', query] as const,
  cash: (from: string, to: string) => ['delivery', 'cash', from, to] as const,
};

/** What a delivery list asks for (`deliveryApi.listDeliveryShipments`). */
export interface DeliveryListParams {
  view: DeliveryView;
  page: number;
  search?: string;
  from?: string;
  to?: string;
}
