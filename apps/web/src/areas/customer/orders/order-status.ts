import { formatDisplayDate } from '@bazaar/shared';
import type {
  Order,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  Shipment,
} from '../../../api/orders/order-types';

/** Each status as the customer reads it, and the badge colour it wears. */
export const STATUS_DISPLAY: Record<OrderStatus, { label: string; color: string }> = {
  payment_pending: { label: 'Awaiting payment', color: 'gray' },
  placed: { label: 'Placed', color: 'blue' },
  confirmed: { label: 'Confirmed', color: 'indigo' },
  packed: { label: 'Packed', color: 'violet' },
  shipped: { label: 'Shipped', color: 'cyan' },
  out_for_delivery: { label: 'Out for delivery', color: 'teal' },
  delivered: { label: 'Delivered', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'red' },
  return_requested: { label: 'Return requested', color: 'orange' },
  returned: { label: 'Returned', color: 'yellow' },
  refunded: { label: 'Refunded', color: 'grape' },
};

/** 'Cash on delivery' or 'Paid online (Razorpay)', with the payment's state when it matters. */
export function paymentLabel(method: PaymentMethod, status?: PaymentStatus): string {
  if (method === 'cod') return status === 'paid' ? 'Cash on delivery (paid)' : 'Cash on delivery';
  if (status === 'refunded') return 'Paid online (Razorpay), refunded';
  if (status === 'failed') return 'Online payment failed';
  if (status === 'pending') return 'Online payment pending';
  return 'Paid online (Razorpay)';
}

/** A `YYYY-MM-DD` day as 'Mar 5, 2024' (noon UTC, so the day is the same in Indian time). */
export function formatDay(day: string): string {
  return formatDisplayDate(`${day.slice(0, 10)}T12:00:00Z`);
}

const timeFormatter = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** An ISO timestamp as 'Mar 5, 2024, 4:05 pm' in Indian time. */
export function formatDateTime(iso: string): string {
  return `${formatDisplayDate(iso)}, ${timeFormatter.format(new Date(iso))}`;
}

/** Statuses from which a shipment has left the shop: the order can no longer be cancelled. */
const SHIPPED_OR_LATER: readonly OrderStatus[] = [
  'shipped',
  'out_for_delivery',
  'delivered',
  'return_requested',
  'returned',
  'refunded',
];

/**
 * Whether "Cancel order" is offered: while no shipment is shipped (docs/orders.md; the server
 * answers 422 otherwise) and the order is not cancelled already.
 */
export function canCancel(order: Order): boolean {
  return (
    order.status !== 'cancelled' &&
    order.status !== 'payment_pending' &&
    order.shipments.some((shipment) => shipment.status !== 'cancelled') &&
    !order.shipments.some((shipment) => SHIPPED_OR_LATER.includes(shipment.status))
  );
}

export const RETURN_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a shipment may be returned now: delivered within the last 7 days. When not, `reason`
 * says why ("Return window closed on Mar 12, 2024"); null means there is nothing to say (not
 * delivered yet).
 */
export function returnEligibility(
  shipment: Shipment,
  now: Date = new Date(),
): { allowed: true; until: string } | { allowed: false; reason: string | null } {
  if (shipment.status === 'return_requested') {
    return { allowed: false, reason: 'Return requested: the seller will collect it.' };
  }
  if (shipment.status === 'returned' || shipment.status === 'refunded') {
    return { allowed: false, reason: null };
  }
  if (shipment.status !== 'delivered') return { allowed: false, reason: null };
  const deliveredAt =
    shipment.deliveredAt ??
    [...shipment.history].reverse().find((entry) => entry.status === 'delivered')?.at;
  if (!deliveredAt) return { allowed: false, reason: null };
  const closes = new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS);
  if (closes.getTime() <= now.getTime()) {
    return { allowed: false, reason: `Return window closed on ${formatDisplayDate(closes)}` };
  }
  return { allowed: true, until: formatDisplayDate(closes) };
}
