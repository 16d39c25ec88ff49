import { z } from 'zod';

/** Machine-readable error codes, each mapped to one HTTP status on the server (docs/api.md). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'EMAIL_NOT_VERIFIED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'NOT_FOUND',
  /** Something that existed but has run out: an expired shared link (410). */
  'GONE',
  'CONFLICT',
  'BUSINESS_RULE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Reasons a screen can act on, each under the one error code (and so HTTP status) it answers
 * with. An error body carries `reason` beside `code` when the server refuses for one of these.
 */
export const ERROR_REASONS = {
  /** A line asks for more pieces than the stock holds. */
  OUT_OF_STOCK: 'CONFLICT',
  /** A payment or change on a bill that is already closed. */
  BILL_CLOSED: 'BUSINESS_RULE',
  /** A payment, close or second cancel on a cancelled bill (docs/gst.md "Cancelling a bill"). */
  BILL_CANCELLED: 'BUSINESS_RULE',
  /** Cancelling a bill that has credit notes: issue another credit note instead. */
  BILL_HAS_CREDIT_NOTES: 'BUSINESS_RULE',
  /** Closing a bill whose total exceeds the amount received. */
  BILL_NOT_PAID: 'BUSINESS_RULE',
  /** A payment above the bill's dues (or a first payment above its total). */
  PAYMENT_EXCEEDS_DUES: 'BUSINESS_RULE',
  /** Marking a payment bounced that was not made by cheque. */
  PAYMENT_NOT_CHEQUE: 'BUSINESS_RULE',
  /** Marking bounced a cheque that is already marked bounced. */
  PAYMENT_BOUNCED: 'BUSINESS_RULE',
  /** A bill chosen for a payment that is not an open bill of that customer. */
  BILL_NOT_OPEN: 'BUSINESS_RULE',
  /** A stock row for that item, category and type exists already: adjust it instead. */
  STOCK_ITEM_EXISTS: 'CONFLICT',
  /**
   * A SKU already in use: by another stock row of the back office (docs/back-office-bills.md
   * "Barcode labels"), or by another product variant of the same shop (docs/shop-catalog.md).
   */
  SKU_TAKEN: 'CONFLICT',
  /** A scanned or typed SKU that no stock row has. */
  SKU_NOT_FOUND: 'NOT_FOUND',
  /** A customer request that an admin has already approved or rejected. */
  REQUEST_ALREADY_DECIDED: 'CONFLICT',
  /** A wrong or already-used authenticator or recovery code of two-step sign-in. */
  TWO_FACTOR_CODE_INVALID: 'BUSINESS_RULE',
  /** A product that cannot be bought any more (unknown, archived or its shop closed). */
  PRODUCT_UNAVAILABLE: 'NOT_FOUND',
  /** A cart line above the most units of one product a customer may buy (10). */
  CART_LINE_LIMIT: 'CONFLICT',
  /** A cart already holding the most lines it may (50). */
  CART_FULL: 'CONFLICT',
  /** A wishlist already holding the most products it may (100). */
  WISHLIST_FULL: 'CONFLICT',
  /** A customer who already saved the most delivery addresses allowed (10). */
  ADDRESS_LIMIT: 'CONFLICT',
  /** Placing an order from a cart with nothing that can be bought. */
  CART_EMPTY: 'VALIDATION_FAILED',
  /** Cancelling an order already cancelled, or with a shipment already shipped. */
  ORDER_NOT_CANCELLABLE: 'BUSINESS_RULE',
  /** A return asked for a shipment not delivered, or delivered more than 7 days ago. */
  RETURN_NOT_ALLOWED: 'BUSINESS_RULE',
  /** Online payment (Razorpay) is not configured or could not be reached: pay on delivery. */
  ONLINE_PAYMENT_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** A Razorpay payment whose signature did not verify. */
  PAYMENT_NOT_VERIFIED: 'VALIDATION_FAILED',
  /** A Razorpay payment id already recorded for another order. */
  PAYMENT_ALREADY_USED: 'CONFLICT',
  /** A payment for an order released (cancelled) before it came; it is refunded. */
  UNPAID_ORDER_RELEASED: 'BUSINESS_RULE',
  /** A shop pick-list name (colour, company, product name) that the list holds already. */
  NAME_TAKEN: 'CONFLICT',
  /** Deleting a product's last image: a product keeps at least one. */
  LAST_PRODUCT_IMAGE: 'BUSINESS_RULE',
  /** A shipment move its current status does not allow (it changed meanwhile): reload it. */
  SHIPMENT_STATUS_CHANGED: 'BUSINESS_RULE',
  /** A delivery code that is not the customer's. */
  DELIVERY_CODE_MISMATCH: 'BUSINESS_RULE',
  /** Too many wrong delivery codes for a shipment: locked for 15 minutes. */
  DELIVERY_CODE_LOCKED: 'RATE_LIMITED',
  /** An order invoice asked for before its shipment was delivered. */
  INVOICE_NOT_READY: 'BUSINESS_RULE',
  /** A GSTR-1 download whose checks found problems (docs/gst.md "GSTR-1"): fix them first. */
  GSTR1_HAS_PROBLEMS: 'BUSINESS_RULE',
  /** A customer already holding PENDING_PAYMENT_ORDERS_MAX (2) online orders waiting for payment. */
  PENDING_PAYMENTS_LIMIT: 'CONFLICT',
  /** Online orders waiting for payment would hold more than 10 units of one product. */
  PENDING_UNITS_LIMIT: 'CONFLICT',
  /** Paying or cancelling the payment of an order that is not waiting for payment any more. */
  ORDER_NOT_AWAITING_PAYMENT: 'BUSINESS_RULE',
  /** Marking a Razorpay refund paid by hand: Razorpay's webhook settles it (docs/refunds.md). */
  REFUND_NOT_MANUAL: 'BUSINESS_RULE',
  /** Marking paid a refund already recorded as paid. */
  REFUND_ALREADY_PROCESSED: 'CONFLICT',
  /** Retrying a refund that is not `failed` (pending, processed, or a cash refund). */
  REFUND_NOT_FAILED: 'CONFLICT',
  /** A payout to a shop above the balance the marketplace owes it (docs/settlements.md). */
  PAYOUT_EXCEEDS_BALANCE: 'BUSINESS_RULE',
  /** A payout whose bank reference (UTR) is already recorded. */
  UTR_ALREADY_RECORDED: 'CONFLICT',
  /** A settlement rate row for a day that already has one, or for a day already past. */
  SETTLEMENT_RATE_REFUSED: 'CONFLICT',
  /** A delivery check for a pincode outside the delivery area (Bihar). */
  PINCODE_NOT_SERVICEABLE: 'BUSINESS_RULE',
  /** Reviewing an order item that is not (or no longer) delivered: returned, cancelled, on its way. */
  REVIEW_NOT_DELIVERED: 'CONFLICT',
  /** A second review of one delivered order item (docs/reviews.md). */
  REVIEW_EXISTS: 'CONFLICT',
  /** A second reply of the shop to one review. */
  REVIEW_ALREADY_REPLIED: 'CONFLICT',
  /** Marking a review helpful a second time. */
  REVIEW_ALREADY_HELPFUL: 'CONFLICT',
  /** Recording a PAN for a shop whose GSTIN already carries one (docs/settlements.md). */
  SHOP_PAN_FROM_GSTIN: 'CONFLICT',
} as const satisfies Record<string, ErrorCode>;
export type ErrorReason = keyof typeof ERROR_REASONS;
const REASON_NAMES = Object.keys(ERROR_REASONS) as [ErrorReason, ...ErrorReason[]];

/**
 * The one error body every route answers with:
 * `{ error: { code, reason?, message, fields?: { fieldName: message } } }` (docs/api.md).
 */
export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      reason: z.enum(REASON_NAMES).optional(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
