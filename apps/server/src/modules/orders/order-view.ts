import {
  CANCELLATION_DAYS_LIFESTYLE,
  DELIVERY_ACTIVE_STATUSES,
  ORDER_CANCELLABLE_STATUSES,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type Refund,
} from '@bazaar/shared';
import type { FileStorage } from '../../platform/storage.js';
import type * as repo from './orders.repo.js';
import { toRefund, type RefundRow } from './refunds.js';
import { mayMoveShipment } from './shipment-status.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const RETURN_WINDOW_MS = CANCELLATION_DAYS_LIFESTYLE * DAY_MS;

/**
 * True when a shipment may still be returned: delivered, and within CANCELLATION_DAYS_LIFESTYLE
 * days of its delivery (`now` in epoch milliseconds).
 */
export function isReturnable(status: string, deliveredAt: Date | null, now: number): boolean {
  return (
    status === 'delivered' &&
    deliveredAt !== null &&
    deliveredAt.getTime() + RETURN_WINDOW_MS >= now
  );
}

/**
 * True when the customer may cancel a shipment in `status`: their cancel starts from
 * ORDER_CANCELLABLE_STATUSES (before the goods leave the shop) and the transition table
 * allows `cancelled` from there.
 */
export function isCancellableStatus(status: string): boolean {
  return mayMoveShipment(status as OrderStatus, 'cancelled', ORDER_CANCELLABLE_STATUSES);
}

/** Statuses in which the customer sees the delivery code and who brings the shipment. */
const WITH_DELIVERY: readonly string[] = DELIVERY_ACTIVE_STATUSES;

/**
 * The delivery code and staff member of a shipment while it is with delivery
 * (docs/delivery.md "The customer's view"): the code only for the customer who owns the order
 * (`forOwner`).
 */
function deliveryFieldsOf(shipment: OrderView['shipments'][number], forOwner: boolean) {
  if (!WITH_DELIVERY.includes(shipment.status)) return {};
  return {
    ...(forOwner && shipment.deliveryCode ? { deliveryCode: shipment.deliveryCode } : {}),
    ...(shipment.deliveryStaffName !== null
      ? {
          deliveryStaff: {
            name: shipment.deliveryStaffName,
            mobile: shipment.deliveryStaffMobile,
          },
        }
      : {}),
  };
}

/**
 * The columns `toOrder` reads: a read order tree (`repo.OrderTree`) has them, and so has what
 * placing just wrote (`reserveAndCreateOrder`'s `view`), so a new order is answered without
 * reading it back.
 */
export interface OrderView {
  order: Pick<
    repo.OrderRow,
    | 'id'
    | 'orderNumber'
    | 'status'
    | 'paymentMethod'
    | 'paymentStatus'
    | 'recipientName'
    | 'mobile'
    | 'locality'
    | 'landmark'
    | 'city'
    | 'state'
    | 'pincode'
    | 'country'
    | 'itemCount'
    | 'mrpPaise'
    | 'discountPaise'
    | 'totalPaise'
    | 'gstIncludedPaise'
    | 'deliveryPaise'
    | 'deliveryDate'
    | 'placedAt'
  >;
  shipments: repo.OrderTree['shipments'];
  items: Pick<
    repo.OrderTree['items'][number],
    | 'shipmentId'
    | 'productId'
    | 'name'
    | 'company'
    | 'sku'
    | 'size'
    | 'colour'
    | 'thumbnailPath'
    | 'pricePaise'
    | 'mrpPaise'
    | 'quantity'
    | 'lineTotalPaise'
  >[];
  events: Pick<repo.OrderTree['events'][number], 'shipmentId' | 'status' | 'at' | 'note'>[];
  /** The order's refunds; a just-placed order has none. */
  refunds?: RefundRow[];
}

function refundOf(tree: OrderView, shipmentId: number): Refund | null {
  const row = tree.refunds?.find((refund) => refund.shipmentId === shipmentId);
  return row ? toRefund(row) : null;
}

/**
 * Maps an order with its shipments, items and history to the API's Order (paise, ISO times).
 * `options.forOwner`: the reader is the customer who placed it, so each shipment with delivery
 * carries its delivery code (never set it for office or staff views).
 */
export function toOrder(
  tree: OrderView,
  storage: FileStorage,
  options: { forOwner?: boolean } = {},
): Order {
  const { order } = tree;
  const now = Date.now();
  const active = tree.shipments.filter((shipment) => shipment.status !== 'cancelled');
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status as OrderStatus,
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentStatus: order.paymentStatus as PaymentStatus,
    address: {
      recipientName: order.recipientName,
      mobile: order.mobile,
      locality: order.locality,
      landmark: order.landmark,
      city: order.city,
      state: order.state,
      pincode: order.pincode,
      country: order.country,
    },
    totals: {
      itemCount: order.itemCount,
      mrpPaise: order.mrpPaise,
      discountPaise: order.discountPaise,
      totalPaise: order.totalPaise,
      gstIncludedPaise: order.gstIncludedPaise,
      deliveryPaise: order.deliveryPaise,
    },
    deliveryDate: order.deliveryDate,
    placedAt: order.placedAt.toISOString(),
    cancellable:
      active.length > 0 && active.every((shipment) => isCancellableStatus(shipment.status)),
    shipments: tree.shipments.map((shipment) => ({
      id: shipment.id,
      shop: { id: shipment.shopId, name: shipment.shopName },
      status: shipment.status as OrderStatus,
      subtotalPaise: shipment.subtotalPaise,
      items: tree.items
        .filter((item) => item.shipmentId === shipment.id)
        .map((item) => ({
          productId: item.productId,
          name: item.name,
          company: item.company,
          sku: item.sku,
          size: item.size,
          colour: item.colour,
          imageUrl: item.thumbnailPath ? storage.urlFor(item.thumbnailPath) : null,
          pricePaise: item.pricePaise,
          mrpPaise: item.mrpPaise,
          quantity: item.quantity,
          lineTotalPaise: item.lineTotalPaise,
        })),
      history: tree.events
        .filter((event) => event.shipmentId === shipment.id)
        .map((event) => ({
          status: event.status as OrderStatus,
          at: event.at.toISOString(),
          note: event.note,
        })),
      deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
      returnReason: shipment.returnReason,
      returnable: isReturnable(shipment.status, shipment.deliveredAt, now),
      // An unpaid online order is cancelled whole (cancel-payment), never a shipment of it.
      cancellable: shipment.status !== 'payment_pending' && isCancellableStatus(shipment.status),
      refund: refundOf(tree, shipment.id),
      ...deliveryFieldsOf(shipment, options.forOwner === true),
    })),
  };
}
