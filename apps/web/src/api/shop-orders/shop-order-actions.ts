import type {
  AssignShipmentInput,
  ShopOrderAction,
  ShopOrderDetail,
  ShopReasonInput,
} from '@bazaar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as fulfilmentEndpoints from '../endpoints/fulfilment';
import { shopOrderKeys } from './shop-order-keys';

export interface ShopOrderActionInput {
  shipmentId: number;
  action: ShopOrderAction;
  /** `assign`: `{ deliveryStaffId }`; `cancel` and `rejectReturn`: `{ reason }`. */
  body?: { deliveryStaffId: string } | { reason: string };
}

type Body = ShopOrderActionInput['body'];

/** Each action's call: its `fulfilmentApi` endpoint, with the body it takes. */
const ACTIONS: Record<
  ShopOrderAction,
  (shipmentId: number, body: Body) => Promise<ShopOrderDetail>
> = {
  accept: (shipmentId) => callApi(fulfilmentEndpoints.acceptShopOrder, { params: { shipmentId } }),
  pack: (shipmentId) => callApi(fulfilmentEndpoints.packShopOrder, { params: { shipmentId } }),
  assign: (shipmentId, body) =>
    callApi(fulfilmentEndpoints.assignShopOrder, {
      params: { shipmentId },
      body: body as AssignShipmentInput,
    }),
  cancel: (shipmentId, body) =>
    callApi(fulfilmentEndpoints.cancelShopOrder, {
      params: { shipmentId },
      body: body as ShopReasonInput,
    }),
  approveReturn: (shipmentId) =>
    callApi(fulfilmentEndpoints.approveShopReturn, { params: { shipmentId } }),
  rejectReturn: (shipmentId, body) =>
    callApi(fulfilmentEndpoints.rejectShopReturn, {
      params: { shipmentId },
      body: body as ShopReasonInput,
    }),
  receiveReturn: (shipmentId) =>
    callApi(fulfilmentEndpoints.receiveShopReturn, { params: { shipmentId } }),
};

/**
 * Moves the shipment (`fulfilmentApi.acceptShopOrder`, `packShopOrder`, ...) and answers it as
 * it is now.
 * @throws ApiError 422 SHIPMENT_STATUS_CHANGED when the shipment's status no longer allows it;
 *   400 with field messages.
 */
export function runShopOrderAction({ shipmentId, action, body }: ShopOrderActionInput) {
  return ACTIONS[action](shipmentId, body);
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
