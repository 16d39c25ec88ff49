import { eq, sql } from 'drizzle-orm';
import {
  ORDER_MESSAGES,
  ORDER_STATUS_LABELS,
  orderStatusOf,
  type OrderStatus,
} from '@bazaar/shared';
import type { Tx } from '../../db/client.js';
import { orderStatusEvents, orders, shipments, users } from '../../db/schema/index.js';
import { AppError, refusal } from '../../platform/errors.js';
import { ensureShipmentInvoice, issueReturnCreditNote } from './shipment-documents.js';
import { settleDeliveredShipment, settleReturnedShipment } from './shipment-settlements.js';

/**
 * Which status a shipment may move to from which (docs/shop-office.md "Statuses";
 * docs/decisions/0009-shipment-statuses-of-the-shop-office.md). The one table every change is
 * checked against: the shop office's and delivery's actions, and the customer's payment,
 * cancel, release of an unpaid order and return request (all through `moveShipment`). Each
 * action names the statuses it starts from (SHOP_ORDER_ACTIONS, ORDER_CANCELLABLE_STATUSES): a
 * subset of the arrows into its target here. A status with no arrows out is final.
 */
export const SHIPMENT_TRANSITIONS = {
  payment_pending: ['placed', 'cancelled'],
  placed: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['assigned', 'cancelled'],
  assigned: ['shipped', 'delivery_failed'],
  shipped: ['out_for_delivery', 'delivered', 'delivery_failed'],
  out_for_delivery: ['delivered', 'delivery_failed'],
  delivered: ['return_requested'],
  delivery_failed: ['assigned', 'cancelled'],
  return_requested: ['return_approved', 'return_rejected'],
  return_approved: ['returned'],
  return_rejected: [],
  returned: [],
  cancelled: [],
  refunded: [],
} as const satisfies Record<OrderStatus, readonly OrderStatus[]>;

/** The verb of each move, for the refusal 'This order is {status} and cannot be {verb}'. */
const VERB_OF: Record<OrderStatus, string> = {
  payment_pending: 'reopened',
  placed: 'placed',
  confirmed: 'accepted',
  packed: 'packed',
  assigned: 'handed to delivery',
  shipped: 'picked up',
  out_for_delivery: 'taken out for delivery',
  delivered: 'delivered',
  delivery_failed: 'marked as failed',
  cancelled: 'cancelled',
  return_requested: 'returned',
  return_approved: 'approved for return',
  return_rejected: 'rejected for return',
  returned: 'received back',
  refunded: 'refunded',
};

/** True when the transition table allows `from` -> `to`. */
export function canMoveShipment(from: OrderStatus, to: OrderStatus): boolean {
  return (SHIPMENT_TRANSITIONS[from] as readonly OrderStatus[]).includes(to);
}

/**
 * True when an action that starts from `allowedFrom` may move a shipment in `from` to `to`:
 * both the action's own list and the transition table allow it. `moveShipment` refuses
 * anything else; screens ask it to show or hide the action (the customer's Cancel button).
 */
export function mayMoveShipment(
  from: OrderStatus,
  to: OrderStatus,
  allowedFrom: readonly OrderStatus[],
): boolean {
  return allowedFrom.includes(from) && canMoveShipment(from, to);
}

/** The 422 message of a refused move: 'This order is packed and cannot be accepted'. */
export function refusedMoveMessage(current: OrderStatus, to: OrderStatus): string {
  return `This order is ${ORDER_STATUS_LABELS[current].toLowerCase()} and cannot be ${VERB_OF[to]}`;
}

/** What `moveShipment` changes. */
export interface MoveShipmentInput {
  shipmentId: number;
  /** The statuses this action starts from (a subset of the table's arrows into `to`). */
  allowedFrom: readonly OrderStatus[];
  to: OrderStatus;
  /** Written on the history row (a reason, who it was handed to). */
  note?: string | null;
  /** More shipment columns to set in the same UPDATE (delivery staff, code, reasons, times). */
  patch?: Partial<typeof shipments.$inferInsert>;
  /**
   * Only a shipment of this shop is found (the shop office passes `requireShopId`); another
   * shop's shipment is a 404, never a 403, so its existence is not told.
   */
  shopId?: number;
  /** Only a shipment assigned to this delivery staff member is found (delivery routes). */
  deliveryStaffId?: string;
}

/** A moved shipment: who to tell and what changed (for the email after the commit). */
export interface MovedShipment {
  shipmentId: number;
  orderId: number;
  orderNumber: string;
  shopId: number;
  /** The customer who placed the order. */
  userId: string;
  customerEmail: string;
  customerName: string;
  /** The customer's choice to be mailed about orders (profile); false: no mail for this move. */
  customerWantsMail: boolean;
  /** The code the customer gives the delivery person, once the shipment has one. */
  deliveryCode: string | null;
  from: OrderStatus;
  to: OrderStatus;
  /** The order's summary status after the move (`orderStatusOf`). */
  orderStatus: OrderStatus;
}

/**
 * Moves one shipment to `to` inside `tx` (docs/shop-office.md; the one way a shipment's status
 * changes): locks the order row and then the shipment row (`for update`, the orders module's
 * lock order), refuses unless `mayMoveShipment` allows the move, sets status, `updatedAt` and `patch`, writes the `order_status_events` row
 * with `note`, issues the shop's tax invoice on `delivered` and its credit note on `returned`
 * (`shipment-documents.ts`) and writes the shop's settlement entry of each
 * (`shipment-settlements.ts`), and sets the order's summary status from all its shipments (`orderStatusOf`).
 * Sends nothing: call `notifyShipmentChange` after the transaction commits.
 * @throws AppError NOT_FOUND 'Shipment not found' (also another shop's or another delivery
 *   person's shipment); BUSINESS_RULE (422) 'This order is {status} and cannot be {verb}'.
 */
export async function moveShipment(tx: Tx, input: MoveShipmentInput): Promise<MovedShipment> {
  // Lock the order first, then the shipment: the order each change of the orders module takes
  // (customer cancel, payment), so two changes never wait on each other crosswise, and two moves
  // of one order's shipments run one after the other (the summary status sees both).
  const [owner] = await tx
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(eq(shipments.id, input.shipmentId));
  if (owner) {
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, owner.orderId))
      .for('update');
  }
  const [row] = await tx
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      shopId: shipments.shopId,
      status: shipments.status,
      deliveryStaffId: shipments.deliveryStaffId,
    })
    .from(shipments)
    .where(eq(shipments.id, input.shipmentId))
    .for('update');
  if (
    !row ||
    (input.shopId !== undefined && row.shopId !== input.shopId) ||
    (input.deliveryStaffId !== undefined && row.deliveryStaffId !== input.deliveryStaffId)
  ) {
    throw new AppError('NOT_FOUND', ORDER_MESSAGES.shipmentNotFound);
  }
  const from = row.status as OrderStatus;
  if (!mayMoveShipment(from, input.to, input.allowedFrom)) {
    throw refusal('SHIPMENT_STATUS_CHANGED', refusedMoveMessage(from, input.to));
  }

  const [moved] = await tx
    .update(shipments)
    .set({ ...input.patch, status: input.to, updatedAt: sql`now()` })
    .where(eq(shipments.id, row.id))
    .returning({ deliveryCode: shipments.deliveryCode });
  await tx.insert(orderStatusEvents).values({
    orderId: row.orderId,
    shipmentId: row.id,
    status: input.to,
    note: input.note ?? null,
  });
  // The shop's tax documents go with the move, in its transaction (docs/gst.md "Marketplace"):
  // the invoice at delivery, the credit note when the return is received.
  // The shop's settlement entries follow the documents (docs/settlements.md): the sale at
  // delivery from its invoice, the reversal when the goods come back.
  if (input.to === 'delivered') {
    await settleDeliveredShipment(tx, row.id, await ensureShipmentInvoice(tx, row.id));
  }
  if (input.to === 'returned') {
    await issueReturnCreditNote(tx, row.id);
    await settleReturnedShipment(tx, row.id);
  }
  const statuses = await tx
    .select({ status: shipments.status })
    .from(shipments)
    .where(eq(shipments.orderId, row.orderId));
  const orderStatus = orderStatusOf(statuses.map((shipment) => shipment.status as OrderStatus));
  const [order] = await tx
    .update(orders)
    .set({ status: orderStatus, updatedAt: sql`now()` })
    .where(eq(orders.id, row.orderId))
    .returning({ orderNumber: orders.orderNumber, userId: orders.userId });
  const [customer] = await tx
    .select({ email: users.email, name: users.name, orderMails: users.orderMails })
    .from(users)
    .where(eq(users.id, order!.userId));

  return {
    shipmentId: row.id,
    orderId: row.orderId,
    orderNumber: order!.orderNumber,
    shopId: row.shopId,
    userId: order!.userId,
    customerEmail: customer!.email,
    customerName: customer!.name,
    customerWantsMail: customer!.orderMails,
    deliveryCode: moved!.deliveryCode,
    from,
    to: input.to,
    orderStatus,
  };
}
