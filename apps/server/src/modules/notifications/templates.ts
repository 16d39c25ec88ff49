import {
  formatDisplayDate,
  formatRupeesShort,
  ORDER_STATUS_LABELS,
  type OrderStatus,
} from '@bazaar/shared';
import { renderMail, type RenderedMail } from './mail-layout.js';

/*
 * Every order notification's words, in one place (docs/notifications.md). Each function takes
 * plain data and answers the subject and both parts through the one layout (mail-layout.ts).
 * Amounts are paise; dates are ISO strings or Indian calendar dates.
 */

/** One line of an order as the mails list it. */
export interface MailOrderLine {
  name: string;
  size: string;
  colour: string;
  quantity: number;
  lineTotalPaise: number;
}

/** The customer's side of an order, for the customer's mails. */
export interface CustomerOrderMail {
  customerName: string;
  orderId: number;
  orderNumber: string;
  totalPaise: number;
  paymentMethod: 'cod' | 'razorpay';
  /** Promised delivery day, `YYYY-MM-DD`. */
  deliveryDate: string;
  lines: MailOrderLine[];
}

/** One shop's part of an order, for the mails to its seller and support admins. */
export interface ShopOrderMail {
  shopName: string;
  orderNumber: string;
  subtotalPaise: number;
  paymentMethod: 'cod' | 'razorpay';
  /** Delivery city and pincode ('Patna 800001'). */
  deliverTo: string;
  lines: MailOrderLine[];
}

function itemsText(lines: MailOrderLine[]): string {
  return lines
    .map(
      (line) =>
        `${line.quantity} x ${line.name} (Size: ${line.size} · Colour: ${line.colour}) ` +
        formatRupeesShort(line.lineTotalPaise),
    )
    .join('\n');
}

function paymentText(method: 'cod' | 'razorpay'): string {
  return method === 'cod' ? 'Cash on delivery' : 'Paid online';
}

function orderLink(publicUrl: string, orderId: number) {
  return { label: 'See your order', url: `${publicUrl}/MyOrders/${orderId}` };
}

/** To the customer when a cash-on-delivery order is placed: what, how much, by when. */
export function orderPlacedMail(
  order: CustomerOrderMail,
  publicUrl: string,
): Promise<RenderedMail> {
  return renderMail({
    subject: `Your order ${order.orderNumber} is placed`,
    greeting: `Namaste ${order.customerName},`,
    paragraphs: [
      `Thank you for shopping on Bazaar. Your order ${order.orderNumber} is placed; each shop ` +
        'will confirm its part and we will mail you at every step.',
    ],
    details: [
      { label: 'Order', value: order.orderNumber },
      { label: 'Items', value: itemsText(order.lines) },
      { label: 'Total', value: formatRupeesShort(order.totalPaise) },
      { label: 'Payment', value: paymentText(order.paymentMethod) },
      {
        label: 'Expected delivery',
        value: formatDisplayDate(`${order.deliveryDate}T12:00:00+05:30`),
      },
    ],
    action: orderLink(publicUrl, order.orderId),
  });
}

/** To the customer when an online payment is confirmed: the order is now placed. */
export function paymentReceivedMail(
  order: CustomerOrderMail,
  publicUrl: string,
): Promise<RenderedMail> {
  return renderMail({
    subject: `Payment received for your order ${order.orderNumber}`,
    greeting: `Namaste ${order.customerName},`,
    paragraphs: [
      `We have received your payment of ${formatRupeesShort(order.totalPaise)}. Your order ` +
        `${order.orderNumber} is placed; we will mail you at every step.`,
    ],
    details: [
      { label: 'Order', value: order.orderNumber },
      { label: 'Items', value: itemsText(order.lines) },
      { label: 'Amount paid', value: formatRupeesShort(order.totalPaise) },
      {
        label: 'Expected delivery',
        value: formatDisplayDate(`${order.deliveryDate}T12:00:00+05:30`),
      },
    ],
    action: orderLink(publicUrl, order.orderId),
  });
}

/** To the customer after cancelling their own order. */
export function orderCancelledMail(
  order: CustomerOrderMail & { reason?: string | undefined },
  publicUrl: string,
): Promise<RenderedMail> {
  return renderMail({
    subject: `Your order ${order.orderNumber} is cancelled`,
    greeting: `Namaste ${order.customerName},`,
    paragraphs: [
      `As you asked, your order ${order.orderNumber} is cancelled` +
        (order.reason ? ` (reason: ${order.reason}).` : '.'),
    ],
    details: [
      { label: 'Order', value: order.orderNumber },
      { label: 'Items', value: itemsText(order.lines) },
      { label: 'Total', value: formatRupeesShort(order.totalPaise) },
    ],
    action: orderLink(publicUrl, order.orderId),
  });
}

/** A refund that has left, for the customer's mail. */
export interface RefundProcessedMail {
  customerName: string;
  orderId: number;
  orderNumber: string;
  shopName: string;
  amountPaise: number;
  /** Where it went, in words ('To the original payment method', 'UPI priya@okaxis'). */
  payTo: string;
  /** Razorpay's refund id or the bank transfer's UTR. */
  reference: string | null;
}

/** To the customer when a refund has been processed (Razorpay's webhook, or the shop's UTR). */
export function refundProcessedMail(
  refund: RefundProcessedMail,
  publicUrl: string,
): Promise<RenderedMail> {
  return renderMail({
    subject: `Refund of ${formatRupeesShort(refund.amountPaise)} for order ${refund.orderNumber}`,
    greeting: `Namaste ${refund.customerName},`,
    paragraphs: [
      `We have refunded ${formatRupeesShort(refund.amountPaise)} for the part of order ` +
        `${refund.orderNumber} sent by ${refund.shopName}. Banks usually show it within a few ` +
        'working days; quote the reference below if yours does not.',
    ],
    details: [
      { label: 'Order', value: refund.orderNumber },
      { label: 'Amount', value: formatRupeesShort(refund.amountPaise) },
      { label: 'Refunded', value: refund.payTo },
      ...(refund.reference ? [{ label: 'Reference', value: refund.reference }] : []),
    ],
    action: orderLink(publicUrl, refund.orderId),
  });
}

/** To a shop's seller and support admins when a new order reaches the shop. */
export function shopNewOrderMail(
  part: ShopOrderMail,
  recipientName: string,
  ordersUrl: string,
): Promise<RenderedMail> {
  return renderMail({
    subject: `New order ${part.orderNumber} for ${part.shopName}`,
    greeting: `Namaste ${recipientName},`,
    paragraphs: [`${part.shopName} has a new order to accept and pack.`],
    details: [
      { label: 'Order', value: part.orderNumber },
      { label: 'Items', value: itemsText(part.lines) },
      { label: 'Value', value: formatRupeesShort(part.subtotalPaise) },
      { label: 'Payment', value: paymentText(part.paymentMethod) },
      { label: 'Deliver to', value: part.deliverTo },
    ],
    action: { label: 'Open new orders', url: ordersUrl },
  });
}

/** To a shop's seller and support admins when a customer asks to return the shop's part. */
export function shopReturnRequestedMail(
  part: ShopOrderMail & { reason: string },
  recipientName: string,
  returnsUrl: string,
): Promise<RenderedMail> {
  return renderMail({
    subject: `Return requested for order ${part.orderNumber}`,
    greeting: `Namaste ${recipientName},`,
    paragraphs: [
      `The customer asks to return ${part.shopName}'s part of order ${part.orderNumber}. ` +
        'Approve or reject the request from your return orders.',
    ],
    details: [
      { label: 'Order', value: part.orderNumber },
      { label: 'Items', value: itemsText(part.lines) },
      { label: 'Value', value: formatRupeesShort(part.subtotalPaise) },
      { label: 'Reason', value: part.reason },
    ],
    action: { label: 'Open return orders', url: returnsUrl },
  });
}

/** To a shop's seller and support admins when the customer cancels the shop's part of an order. */
export function shopShipmentCancelledMail(
  part: ShopOrderMail & { reason: string },
  recipientName: string,
  ordersUrl: string,
): Promise<RenderedMail> {
  return renderMail({
    subject: `Order ${part.orderNumber} cancelled by the customer`,
    greeting: `Namaste ${recipientName},`,
    paragraphs: [
      `The customer cancelled ${part.shopName}'s part of order ${part.orderNumber}. ` +
        'Do not pack or send it; its stock is back in your listings.',
    ],
    details: [
      { label: 'Order', value: part.orderNumber },
      { label: 'Items', value: itemsText(part.lines) },
      { label: 'Value', value: formatRupeesShort(part.subtotalPaise) },
      ...(part.reason ? [{ label: 'Reason', value: part.reason }] : []),
    ],
    action: { label: 'Open your orders', url: ordersUrl },
  });
}

/** A shipment's move, for the customer's mail (shop office and delivery moves). */
export interface ShipmentMovedMail {
  customerName: string;
  orderId: number;
  orderNumber: string;
  to: OrderStatus;
  /** Given only once the shipment is on its way: the customer hands it to the delivery person. */
  deliveryCode: string | null;
}

/** The statuses at which the customer is reminded of the delivery code. */
const CODE_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'assigned',
  'shipped',
  'out_for_delivery',
]);

/**
 * To the customer when a shipment of their order moves (accepted, packed, shipped, out for
 * delivery, delivered, cancelled by the shop, return approved or received ...): subject 'Your
 * order {orderNumber} is {label}'; once shipped, the delivery code. `holdsSecret` is true when
 * the text holds the code (the mail is then never logged).
 */
export async function shipmentMovedMail(
  move: ShipmentMovedMail,
  publicUrl: string,
): Promise<RenderedMail & { holdsSecret: boolean }> {
  const label = ORDER_STATUS_LABELS[move.to];
  const code = CODE_STATUSES.has(move.to) ? move.deliveryCode : null;
  const paragraphs = [`Your order ${move.orderNumber} is now: ${label}.`];
  if (code) {
    paragraphs.push(
      `Your delivery code is ${code}. Give it to the delivery person only when you receive ` +
        'your parcel.',
    );
  }
  const mail = await renderMail({
    subject: `Your order ${move.orderNumber} is ${label.toLowerCase()}`,
    greeting: `Namaste ${move.customerName},`,
    paragraphs,
    action: {
      label: 'See its details and status history',
      url: `${publicUrl}/MyOrders/${move.orderId}`,
    },
  });
  return { ...mail, holdsSecret: code !== null };
}
