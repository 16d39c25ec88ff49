import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  jsonb,
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { RefundPayee } from '@bazaar/shared';
import { users } from './accounts.js';
import { products } from './products.js';
import { shops } from './shops.js';

/** `status in ('placed', ...)`: the statuses of docs/orders.md (ORDER_STATUSES). */
const knownStatus = (column: AnyPgColumn) =>
  sql`${column} in ('payment_pending', 'placed', 'confirmed', 'packed', 'assigned', 'shipped', 'out_for_delivery', 'delivered', 'delivery_failed', 'cancelled', 'return_requested', 'return_approved', 'return_rejected', 'returned', 'refunded')`;

/**
 * What a customer bought in one checkout (docs/orders.md "Model"). Money is
 * integer paise (totals from `cartTotals`); the delivery address is a snapshot, so changing or
 * deleting a saved address never changes an order. `status` is the summary of the shipments'
 * statuses (`orderStatusOf`). The Razorpay ids are set by the payments module.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** 'BZ' + the id in 8 digits. */
    orderNumber: varchar('order_number', { length: 16 })
      .notNull()
      .generatedAlwaysAs((): SQL => sql`'BZ' || lpad(${orders.id}::text, 8, '0')`),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).notNull(),
    paymentMethod: varchar('payment_method', { length: 10 }).notNull(),
    paymentStatus: varchar('payment_status', { length: 10 }).notNull().default('pending'),
    recipientName: varchar('recipient_name', { length: 80 }).notNull(),
    mobile: varchar('mobile', { length: 10 }).notNull(),
    locality: varchar('locality', { length: 160 }).notNull(),
    landmark: varchar('landmark', { length: 160 }).notNull().default(''),
    city: varchar('city', { length: 80 }).notNull(),
    state: varchar('state', { length: 40 }).notNull(),
    pincode: varchar('pincode', { length: 6 }).notNull(),
    country: varchar('country', { length: 40 }).notNull(),
    itemCount: integer('item_count').notNull(),
    mrpPaise: bigint('mrp_paise', { mode: 'number' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    gstIncludedPaise: bigint('gst_included_paise', { mode: 'number' }).notNull(),
    deliveryPaise: bigint('delivery_paise', { mode: 'number' }).notNull().default(0),
    /** Promised delivery day (Indian date), five days after placing. */
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    razorpayOrderId: varchar('razorpay_order_id', { length: 64 }),
    razorpayPaymentId: varchar('razorpay_payment_id', { length: 64 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('orders_order_number_uq').on(table.orderNumber),
    uniqueIndex('orders_razorpay_order_uq').on(table.razorpayOrderId),
    uniqueIndex('orders_razorpay_payment_uq').on(table.razorpayPaymentId),
    index('orders_user_placed_idx').on(table.userId, table.placedAt, table.id),
    index('orders_status_placed_idx').on(table.status, table.placedAt),
    check('orders_status_known', knownStatus(table.status)),
    check('orders_payment_method_known', sql`${table.paymentMethod} in ('cod', 'razorpay')`),
    check(
      'orders_payment_status_known',
      sql`${table.paymentStatus} in ('pending', 'paid', 'failed', 'refunded')`,
    ),
    check(
      'orders_amounts_not_negative',
      sql`${table.totalPaise} >= 0 and ${table.mrpPaise} >= 0 and ${table.discountPaise} >= 0 and ${table.gstIncludedPaise} >= 0 and ${table.deliveryPaise} >= 0`,
    ),
  ],
);

/**
 * The part of an order one shop sends (one shipment per shop, so each seller sees only its
 * part; docs/orders.md). Carries its own status; `deliveredAt` starts the 7-day return window.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).notNull(),
    itemCount: integer('item_count').notNull(),
    subtotalPaise: bigint('subtotal_paise', { mode: 'number' }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    returnReason: text('return_reason'),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
    /** Shop office (docs/shop-office.md): when the return was approved or rejected, and why not. */
    returnDecidedAt: timestamp('return_decided_at', { withTimezone: true }),
    returnRejectReason: text('return_reject_reason'),
    /**
     * Where a cash-on-delivery return's refund goes, as the customer gave it with the request
     * (`RefundPayee`: a UPI id or a bank account; docs/refunds.md). Null for online orders.
     */
    refundPayee: jsonb('refund_payee').$type<RefundPayee>(),
    /** The delivery staff member it is handed to (docs/delivery.md), and when. */
    deliveryStaffId: text('delivery_staff_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** 4 digits the customer tells the delivery staff member; shown in My Orders once assigned. */
    deliveryCode: varchar('delivery_code', { length: 4 }),
    /**
     * Wrong delivery codes typed since the last lock (kept in the database so every app instance
     * counts the same tries; docs/delivery.md "Wrong codes") and the end of the current lock.
     */
    deliveryCodeWrongTries: smallint('delivery_code_wrong_tries').notNull().default(0),
    deliveryCodeLockedUntil: timestamp('delivery_code_locked_until', { withTimezone: true }),
    deliveryFailedReason: text('delivery_failed_reason'),
    /** Cash collected at the door for a cash-on-delivery shipment, paise (null otherwise). */
    cashCollectedPaise: bigint('cash_collected_paise', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('shipments_order_shop_uq').on(table.orderId, table.shopId),
    index('shipments_shop_status_idx').on(table.shopId, table.status, table.id),
    index('shipments_delivered_idx').on(table.deliveredAt),
    index('shipments_delivery_staff_idx').on(table.deliveryStaffId, table.status),
    check('shipments_status_known', knownStatus(table.status)),
  ],
);

/**
 * One product of a shipment with the snapshot taken at placing (name, size, colour, price, MRP,
 * thumbnail storage key), so later product edits never change an order.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    company: varchar('company', { length: 80 }).notNull(),
    /** The variant's SKU when ordered (a snapshot, like name, size and colour). */
    sku: varchar('sku', { length: 40 }).notNull().default(''),
    size: varchar('size', { length: 4 }).notNull(),
    colour: varchar('colour', { length: 40 }).notNull(),
    /** The product's HSN class when ordered (HSN_CLASSES in @bazaar/shared): its invoice's HSN and rate. */
    hsnClass: varchar('hsn_class', { length: 24 }).notNull().default('track-suit'),
    /** Storage key of the product's first thumbnail at placing, or null. */
    thumbnailPath: varchar('thumbnail_path', { length: 255 }),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    mrpPaise: bigint('mrp_paise', { mode: 'number' }).notNull(),
    quantity: smallint('quantity').notNull(),
    lineTotalPaise: bigint('line_total_paise', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('order_items_shipment_product_uq').on(table.shipmentId, table.productId),
    index('order_items_order_idx').on(table.orderId),
    index('order_items_product_idx').on(table.productId),
    check('order_items_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

/**
 * Every status a shipment went through, with its time (docs/orders.md "Model"). The first row of
 * each shipment is its creation (`placed` or `payment_pending`).
 */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_status_events_order_idx').on(table.orderId, table.shipmentId, table.id),
    check('order_status_events_status_known', knownStatus(table.status)),
  ],
);

/**
 * Money going back to a customer (docs/refunds.md): one row per shipment cancelled after an
 * online payment or returned and received, written in the same transaction as that move. An
 * online refund is asked of Razorpay by a background job (`razorpayRefundId` once it answered)
 * and settled by its `refund.processed` / `refund.failed` webhooks or the reconciler; a
 * cash-on-delivery refund is paid by the shop to `payee`, which records the UTR as `reference`.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** 'razorpay' | 'upi' | 'bank_transfer' (REFUND_METHODS). */
    method: varchar('method', { length: 20 }).notNull(),
    /** 'pending' | 'processed' | 'failed' (REFUND_STATUSES). */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** 'cancelled' | 'returned' (REFUND_REASONS). */
    reason: varchar('reason', { length: 20 }).notNull(),
    /** The Razorpay payment refunded (online refunds). */
    razorpayPaymentId: varchar('razorpay_payment_id', { length: 100 }),
    /** Razorpay's `rfnd_...` id once Razorpay accepted the refund. */
    razorpayRefundId: varchar('razorpay_refund_id', { length: 100 }).unique(),
    /** The UTR of a cash-on-delivery refund, as the shop recorded it. */
    reference: varchar('reference', { length: 40 }),
    /** A cash-on-delivery refund's UPI id or bank account (copied from the shipment). */
    payee: jsonb('payee').$type<RefundPayee>(),
    failureReason: text('failure_reason'),
    /**
     * Which request to Razorpay this is: 1, then one more per retry of a failed refund. Each
     * attempt sends its own receipt (`refund-<id>`, then `refund-<id>-<attempt>`), so a retry
     * never takes the failed refund for its own and never pays twice.
     */
    attempt: integer('attempt').notNull().default(1),
    /** When the office last retried a failed refund: the reconciler waits from then. */
    retriedAt: timestamp('retried_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One refund per shipment: a shipment is cancelled or returned, never both, and only once.
    uniqueIndex('refunds_shipment_uq').on(table.shipmentId),
    index('refunds_order_idx').on(table.orderId),
    index('refunds_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    check('refunds_amount_positive', sql`${table.amountPaise} > 0`),
    check('refunds_attempt_positive', sql`${table.attempt} >= 1`),
    check('refunds_status_known', sql`${table.status} in ('pending', 'processed', 'failed')`),
    check('refunds_method_known', sql`${table.method} in ('razorpay', 'upi', 'bank_transfer')`),
  ],
);
