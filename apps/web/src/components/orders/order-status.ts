import {
  formatDisplayDate,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type Shipment,
} from '@bazaar/shared';

/** Badge colour of each status (Placed blue, Shipped cyan, Delivered green, Cancelled red...). */
const STATUS_COLORS: Record<OrderStatus, string> = {
  payment_pending: 'gray',
  placed: 'blue',
  confirmed: 'indigo',
  packed: 'violet',
  assigned: 'cyan',
  shipped: 'cyan',
  out_for_delivery: 'teal',
  delivered: 'green',
  delivery_failed: 'red',
  cancelled: 'red',
  return_requested: 'orange',
  return_approved: 'orange',
  return_rejected: 'gray',
  returned: 'yellow',
  refunded: 'grape',
};

/** Each status as the customer reads it (the shared labels) and the colour it wears. */
export function statusDisplay(status: OrderStatus): { label: string; color: string } {
  return { label: ORDER_STATUS_LABELS[status], color: STATUS_COLORS[status] };
}

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

/** Days after delivery in which a return may be asked for (docs/orders.md). */
const RETURN_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether "Request return" is offered for a shipment: the server's `returnable` (delivered
 * within 7 days). When not, `reason` says why ("Return window closed on Mar 12, 2024"); null
 * means there is nothing to say (not delivered yet, or already returned).
 */
export function returnEligibility(
  shipment: Shipment,
): { allowed: true; until: string | null } | { allowed: false; reason: string | null } {
  const deliveredAt =
    shipment.deliveredAt ??
    [...shipment.history].reverse().find((entry) => entry.status === 'delivered')?.at ??
    null;
  const closes = deliveredAt
    ? formatDisplayDate(new Date(new Date(deliveredAt).getTime() + RETURN_WINDOW_DAYS * DAY_MS))
    : null;
  if (shipment.returnable) return { allowed: true, until: closes };
  if (shipment.status === 'return_requested') {
    return { allowed: false, reason: 'Return requested: the seller will arrange the pickup.' };
  }
  if (shipment.status === 'delivered' && closes) {
    return { allowed: false, reason: `Return window closed on ${closes}` };
  }
  return { allowed: false, reason: null };
}
