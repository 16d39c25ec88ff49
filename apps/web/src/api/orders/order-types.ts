/*
 * The orders contract (docs/orders.md) as the web app reads it. The shared zod schemas
 * (packages/shared/src/schemas/orders.ts) are being committed by the server work; until they are,
 * these types mirror the document's model so the pages can be built against it.
 */

/** `ORDER_STATUSES` in the contract's order. */
export type OrderStatus =
  | 'payment_pending'
  | 'placed'
  | 'confirmed'
  | 'packed'
  | 'shipped'
  | 'out_for_delivery'
  | 'delivered'
  | 'cancelled'
  | 'return_requested'
  | 'returned'
  | 'refunded';

export type PaymentMethod = 'cod' | 'razorpay';
export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'refunded';

/** A product as it was when the order was placed; money in paise. */
export interface OrderItem {
  productId: number;
  name: string;
  company: string;
  size: string;
  colour: string;
  imageUrl: string | null;
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
  lineTotalPaise: number;
}

export interface ShipmentHistoryEntry {
  status: OrderStatus;
  /** ISO timestamp. */
  at: string;
  note: string | null;
}

/** One shop's part of an order. */
export interface Shipment {
  id: number;
  shop: { id: number; name: string };
  status: OrderStatus;
  items: OrderItem[];
  history: ShipmentHistoryEntry[];
  deliveredAt: string | null;
  returnReason: string | null;
}

/** The delivery address copied into the order when it was placed. */
export interface OrderAddress {
  recipientName: string;
  mobile: string;
  locality: string;
  landmark: string | null;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

/** What the customer bought in one checkout (docs/orders.md Model). */
export interface Order {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  address: OrderAddress;
  itemCount: number;
  mrpPaise: number;
  discountPaise: number;
  totalPaise: number;
  gstIncludedPaise: number;
  deliveryPaise: number;
  /** `YYYY-MM-DD`. */
  deliveryDate: string;
  placedAt: string;
  shipments: Shipment[];
}

/** A row of My Orders. Fields beyond the order's own may be missing; the page copes. */
export interface OrderSummary extends Partial<Omit<Order, 'id' | 'orderNumber'>> {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  placedAt: string;
  totalPaise: number;
  paymentMethod: PaymentMethod;
  itemCount: number;
  /** The first items, for the preview. */
  items?: OrderItem[];
}

export interface OrderPage {
  items: OrderSummary[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

export interface RazorpayOrderResult {
  order: Order;
  razorpay: { keyId: string; orderId: string; amountPaise: number; currency: 'INR' };
}

export interface PaymentConfig {
  razorpayEnabled: boolean;
  keyId: string | null;
}
