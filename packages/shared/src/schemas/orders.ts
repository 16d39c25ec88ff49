import { z } from 'zod';
import {
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  PAYMENT_METHODS,
  PENDING_PAYMENT_ORDERS_MAX,
  PENDING_PAYMENT_UNITS_PER_PRODUCT_MAX,
  PAYMENT_STATUSES,
  RETURN_REASON_MAX_CHARS,
  RETURN_REASON_MIN_CHARS,
  type OrderStatus,
} from '../constants.js';
import { CartItemInputSchema, CartTotalsSchema } from './cart.js';
import { bodyId, pathId } from './fields.js';
import { RefundPayeeSchema, RefundSchema } from './refunds.js';

/**
 * Orders, checkout and payments (docs/orders.md is the contract). Every
 * amount is integer paise; every time is ISO 8601; `deliveryDate` is a `YYYY-MM-DD` date.
 */

/** Texts shown to the customer; the server's refusals carry these messages. */
export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty',
  orderNotFound: 'Order not found',
  shipmentNotFound: 'Shipment not found',
  alreadyCancelled: 'This order is already cancelled',
  cancelAfterShipping: 'This order has been shipped and can no longer be cancelled',
  returnNotDelivered: 'A return can be requested only for a delivered shipment',
  returnWindowOver: 'The 7-day return window for this shipment is over',
  returnReasonLength: `Please tell us the reason in ${RETURN_REASON_MIN_CHARS} to ${RETURN_REASON_MAX_CHARS} characters`,
  cancelReasonLength: `The reason can be at most ${RETURN_REASON_MAX_CHARS} characters`,
  paymentNotVerified: 'Payment could not be verified',
  razorpayUnavailable: 'Online payment is not available right now',
  unpaidReleased: 'Payment not received in time',
  pendingPaymentsLimit: `You have ${PENDING_PAYMENT_ORDERS_MAX} orders waiting for payment. Pay or cancel one first.`,
  notAwaitingPayment: 'This order is not waiting for payment',
  paymentCancelled: 'Payment cancelled by the customer',
} as const;

/**
 * The refusal when the customer's orders waiting for payment would hold more than
 * PENDING_PAYMENT_UNITS_PER_PRODUCT_MAX (10) units of one product together.
 */
export function pendingUnitsLimitMessage(name: string): string {
  return `Orders waiting for payment can hold at most ${PENDING_PAYMENT_UNITS_PER_PRODUCT_MAX} of ${name}. Pay or cancel one first.`;
}

/**
 * The 409 message when a product cannot cover an order line: out of stock or 'Only N left of X'.
 */
export function stockConflictMessage(name: string, stock: number): string {
  return stock <= 0 ? `${name} is out of stock` : `Only ${stock} left of ${name}`;
}

/** `BZ` + the order id in 8 digits: 1234 -> 'BZ00001234'. */
export function orderNumberOf(orderId: number): string {
  return `BZ${String(orderId).padStart(8, '0')}`;
}

/** How far each status is along the way, for the order's summary status. */
const STATUS_PROGRESS: Record<OrderStatus, number> = {
  payment_pending: 0,
  placed: 1,
  confirmed: 2,
  packed: 3,
  assigned: 4,
  shipped: 5,
  out_for_delivery: 6,
  delivery_failed: 7,
  delivered: 8,
  return_requested: 9,
  return_rejected: 10,
  return_approved: 11,
  returned: 12,
  refunded: 13,
  cancelled: 14,
};

/**
 * The customer-facing status of an order from its shipments' statuses: the least advanced one
 * that is not cancelled, `cancelled` only when every shipment is (docs/orders.md "Model").
 */
export function orderStatusOf(shipmentStatuses: readonly OrderStatus[]): OrderStatus {
  let least: OrderStatus = 'cancelled';
  for (const status of shipmentStatuses) {
    if (STATUS_PROGRESS[status] < STATUS_PROGRESS[least]) least = status;
  }
  return least;
}

export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);

const positiveId = (label: string) => bodyId(`Choose ${label}`);

/**
 * "Buy now": order this one product and quantity (1..10) instead of the cart; the cart is left
 * as it is (docs/orders.md "Buy now").
 */
export const BuyNowSchema = CartItemInputSchema.strict();
export type BuyNow = z.infer<typeof BuyNowSchema>;

/**
 * `POST /api/orders`: place the cart's available lines, paid by cash on delivery; with `buyNow`,
 * only that product instead of the cart.
 */
export const PlaceOrderInputSchema = z
  .object({
    addressId: positiveId('a delivery address'),
    paymentMethod: z.literal('cod', { error: () => 'Choose a payment method' }),
    buyNow: BuyNowSchema.optional(),
  })
  .strict();
export type PlaceOrderInput = z.infer<typeof PlaceOrderInputSchema>;

/** `POST /api/orders/razorpay`: create a payment_pending order and its Razorpay order. */
export const RazorpayOrderInputSchema = z
  .object({ addressId: positiveId('a delivery address'), buyNow: BuyNowSchema.optional() })
  .strict();
export type RazorpayOrderInput = z.infer<typeof RazorpayOrderInputSchema>;

/** `POST /api/orders/razorpay/confirm`: what Razorpay's checkout handed to the browser. */
export const RazorpayConfirmInputSchema = z
  .object({
    razorpayOrderId: z.string().min(1).max(64),
    razorpayPaymentId: z.string().min(1).max(64),
    razorpaySignature: z.string().min(1).max(256),
  })
  .strict();
export type RazorpayConfirmInput = z.infer<typeof RazorpayConfirmInputSchema>;

/** `POST /api/orders/{orderId}/cancel`: an optional reason. */
export const CancelOrderInputSchema = z
  .object({
    reason: z
      .string()
      .trim()
      .max(RETURN_REASON_MAX_CHARS, ORDER_MESSAGES.cancelReasonLength)
      .optional(),
  })
  .strict();
export type CancelOrderInput = z.infer<typeof CancelOrderInputSchema>;

/**
 * `POST /api/orders/{orderId}/shipments/{shipmentId}/return`: why (5-500 characters) and, for a
 * cash-on-delivery order only, where the refund goes (a UPI id or a bank account).
 */
export const ReturnRequestInputSchema = z
  .object({
    reason: z
      .string(ORDER_MESSAGES.returnReasonLength)
      .trim()
      .min(RETURN_REASON_MIN_CHARS, ORDER_MESSAGES.returnReasonLength)
      .max(RETURN_REASON_MAX_CHARS, ORDER_MESSAGES.returnReasonLength),
    refundTo: RefundPayeeSchema.optional(),
  })
  .strict();
export type ReturnRequestInput = z.infer<typeof ReturnRequestInputSchema>;

/** `GET /api/orders?page=`: 1-based page of 10. */
export const OrderListQuerySchema = z
  .object({
    page: z
      .string()
      .regex(/^\d{1,6}$/, 'page must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(1, 'page must be at least 1'))
      .default(1),
  })
  .strict();
export type OrderListQuery = z.output<typeof OrderListQuerySchema>;

/** Path parameters `{orderId}`. */
export const OrderIdParamsSchema = z.object({ orderId: pathId('orderId') });

/** Path parameters `{orderId}/shipments/{shipmentId}`. */
export const ShipmentParamsSchema = z.object({
  orderId: pathId('orderId'),
  shipmentId: pathId('shipmentId'),
});

/** The delivery address as it was when the order was placed. */
export const OrderAddressSchema = z.object({
  recipientName: z.string(),
  mobile: z.string(),
  locality: z.string(),
  landmark: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  country: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddressSchema>;

/** One product of a shipment, as it was when the order was placed (amounts in paise). */
export const OrderItemSchema = z.object({
  productId: z.number().int(),
  name: z.string(),
  company: z.string(),
  /** The variant's SKU (size and colour name the variant too). */
  sku: z.string(),
  size: z.string(),
  colour: z.string(),
  /** Thumbnail URL, null when the product had no image. */
  imageUrl: z.string().nullable(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  quantity: z.number().int(),
  /** pricePaise × quantity. */
  lineTotalPaise: z.number().int(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** One status change of a shipment; `note` is a reason (cancellation, return) or null. */
export const OrderStatusEventSchema = z.object({
  status: OrderStatusSchema,
  /** ISO 8601 time. */
  at: z.string(),
  note: z.string().nullable(),
});
export type OrderStatusEvent = z.infer<typeof OrderStatusEventSchema>;

/** The part of an order one shop sends. */
export const ShipmentSchema = z.object({
  id: z.number().int(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  status: OrderStatusSchema,
  items: z.array(OrderItemSchema),
  /** Sum of the items' lineTotalPaise. */
  subtotalPaise: z.number().int(),
  /** Oldest first; the first is the creation (`placed`, or `payment_pending`). */
  history: z.array(OrderStatusEventSchema),
  /** ISO 8601 time of delivery, null until delivered. */
  deliveredAt: z.string().nullable(),
  /** The customer's reason when a return was requested, else null. */
  returnReason: z.string().nullable(),
  /** True while the customer may still ask for a return (delivered within 7 days). */
  returnable: z.boolean(),
  /** True while the customer may cancel this shipment alone (not yet handed to delivery). */
  cancellable: z.boolean(),
  /** The money going back for this shipment (cancelled after payment, or returned), else null. */
  refund: RefundSchema.nullable(),
  /**
   * Shop office (docs/delivery.md): the 4 digits the customer tells the delivery
   * staff member. Only in the owning customer's view, only while the shipment is with delivery
   * (assigned, shipped, out_for_delivery).
   */
  deliveryCode: z.string().optional(),
  /** Who brings it, while the shipment is with delivery (same statuses as deliveryCode). */
  deliveryStaff: z.object({ name: z.string(), mobile: z.string().nullable() }).optional(),
});
export type Shipment = z.infer<typeof ShipmentSchema>;

/** An order with its shipments (`GET /api/orders/{orderId}` and every order change's answer). */
export const OrderSchema = z.object({
  id: z.number().int(),
  /** 'BZ' + 8 digits. */
  orderNumber: z.string(),
  status: OrderStatusSchema,
  paymentMethod: PaymentMethodSchema,
  paymentStatus: PaymentStatusSchema,
  address: OrderAddressSchema,
  totals: CartTotalsSchema,
  /** YYYY-MM-DD, five days after placing (Indian date). */
  deliveryDate: z.string(),
  /** ISO 8601 time the order was placed (created, for Razorpay). */
  placedAt: z.string(),
  /** True while every shipment is before `shipped` and the order is not cancelled. */
  cancellable: z.boolean(),
  shipments: z.array(ShipmentSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** One row of My Orders. */
export const OrderSummarySchema = z.object({
  id: z.number().int(),
  orderNumber: z.string(),
  status: OrderStatusSchema,
  paymentMethod: PaymentMethodSchema,
  paymentStatus: PaymentStatusSchema,
  /** Units ordered. */
  itemCount: z.number().int(),
  totalPaise: z.number().int(),
  deliveryDate: z.string(),
  placedAt: z.string(),
  shipmentCount: z.number().int(),
  /** Every product ordered (name, thumbnail, quantity), in shipment order. */
  items: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      imageUrl: z.string().nullable(),
      quantity: z.number().int(),
    }),
  ),
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** `GET /api/orders`: newest first, 10 a page, orders waiting for payment included. */
export const OrderPageSchema = z.object({
  items: z.array(OrderSummarySchema),
  page: z.number().int(),
  pageSize: z.literal(ORDERS_PAGE_SIZE),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type OrderPage = z.infer<typeof OrderPageSchema>;

/** `POST /api/orders/razorpay`: the order (payment_pending) and what checkout.js needs. */
export const RazorpayCheckoutSchema = z.object({
  order: OrderSchema,
  razorpay: z.object({
    keyId: z.string(),
    orderId: z.string(),
    amountPaise: z.number().int(),
    currency: z.literal('INR'),
  }),
});
export type RazorpayCheckout = z.infer<typeof RazorpayCheckoutSchema>;

/** `GET /api/payments/config`: whether to offer online payment. */
export const PaymentsConfigSchema = z.object({
  razorpayEnabled: z.boolean(),
  keyId: z.string().nullable(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfigSchema>;
