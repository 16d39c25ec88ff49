import type { ShopOrderAction, ShopOrderDetail } from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { shopOrderKeys } from './shop-order-keys';

/** The route of each action under `/api/shop/orders/{shipmentId}/`. */
const ACTION_PATHS: Record<ShopOrderAction, string> = {
  accept: 'accept',
  pack: 'pack',
  assign: 'assign',
  cancel: 'cancel',
  approveReturn: 'return/approve',
  rejectReturn: 'return/reject',
  receiveReturn: 'return/receive',
};

export interface ShopOrderActionInput {
  shipmentId: number;
  action: ShopOrderAction;
  /** `assign`: `{ deliveryStaffId }`; `cancel` and `rejectReturn`: `{ reason }`. */
  body?: { deliveryStaffId: string } | { reason: string };
}

/**
 * `POST /api/shop/orders/{shipmentId}/{action}`: moves the shipment and answers it as it is now.
 * @throws ApiError 422 when the shipment's status no longer allows it; 400 with field messages.
 */
export function runShopOrderAction({ shipmentId, action, body }: ShopOrderActionInput) {
  return apiFetch<ShopOrderDetail>(`/api/shop/orders/${shipmentId}/${ACTION_PATHS[action]}`, {
    method: 'POST',
    ...(body ? { body } : {}),
  });
}

/** Runs an action; the answered shipment replaces the cached one and the lists and counts reload. */
export function useShopOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runShopOrderAction,
    onSuccess: (detail) => {
      queryClient.setQueryData(shopOrderKeys.detail(detail.shipmentId), detail);
      void queryClient.invalidateQueries({ queryKey: [...shopOrderKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: shopOrderKeys.summary() });
    },
  });
}
