import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { shops } from './shops.js';

/**
 * A B2B customer of the wholesale back office: a shop that buys from the textile business
 * (docs/back-office-people.md). It signs in with its own account
 * (`userId`, role `customer`, the generated password mailed once); `shopId` links it to a
 * marketplace shop when it is one. `gstin` and `state` decide CGST+SGST or IGST on invoices.
 */
export const wholesaleCustomers = pgTable(
  'wholesale_customers',
  {
    id: serial('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'restrict' }),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    mobile: varchar('mobile', { length: 10 }).notNull(),
    altMobile: varchar('alt_mobile', { length: 10 }),
    shopName: varchar('shop_name', { length: 120 }).notNull(),
    gstin: varchar('gstin', { length: 15 }),
    locality: varchar('locality', { length: 160 }).notNull(),
    landmark: varchar('landmark', { length: 160 }).notNull().default(''),
    city: varchar('city', { length: 80 }).notNull(),
    pincode: varchar('pincode', { length: 6 }).notNull(),
    state: varchar('state', { length: 40 }).notNull().default('Bihar'),
    country: varchar('country', { length: 40 }).notNull().default('India'),
    /**
     * What the customer owed when moved from a paper book (docs/back-office-ledger.md), paise:
     * set once at creation, never edited; the ledger's first row.
     */
    openingBalancePaise: bigint('opening_balance_paise', { mode: 'number' }).notNull().default(0),
    /**
     * How much of the opening balance payments have paid (paise), like a bill's received amount:
     * raised by Take payment, lowered when such a cheque bounces; never above the opening balance.
     */
    openingReceivedPaise: bigint('opening_received_paise', { mode: 'number' }).notNull().default(0),
    /** Optional credit limit, paise: Add New Purchase warns (never blocks) above it. */
    creditLimitPaise: bigint('credit_limit_paise', { mode: 'number' }),
    /** Who created it (admin, or the admin who approved an employee's request). */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wholesale_customers_email_uq').on(sql`lower(${table.email})`),
    uniqueIndex('wholesale_customers_mobile_uq').on(table.mobile),
    index('wholesale_customers_search_trgm_idx').using(
      'gin',
      sql`(lower(${table.name} || ' ' || ${table.mobile} || ' ' || ${table.shopName} || ' ' || ${table.locality} || ' ' || ${table.landmark} || ' ' || ${table.city})) gin_trgm_ops`,
    ),
    check('wholesale_customers_mobile_format', sql`${table.mobile} ~ '^[6-9][0-9]{9}$'`),
    check(
      'wholesale_customers_alt_mobile_format',
      sql`${table.altMobile} is null or ${table.altMobile} ~ '^[6-9][0-9]{9}$'`,
    ),
    check('wholesale_customers_pincode_format', sql`${table.pincode} ~ '^[1-9][0-9]{5}$'`),
    check('wholesale_customers_opening_not_negative', sql`${table.openingBalancePaise} >= 0`),
    check(
      'wholesale_customers_opening_received_range',
      sql`${table.openingReceivedPaise} >= 0 and ${table.openingReceivedPaise} <= ${table.openingBalancePaise}`,
    ),
    check(
      'wholesale_customers_credit_limit_not_negative',
      sql`${table.creditLimitPaise} is null or ${table.creditLimitPaise} >= 0`,
    ),
  ],
);

/**
 * An employee's request to create a customer (Create Request; docs/back-office-people.md). An admin
 * approves it into a `wholesale_customers` row (and its account) or rejects it. Same fields as the
 * customer, without a password.
 */
export const customerRequests = pgTable(
  'customer_requests',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    mobile: varchar('mobile', { length: 10 }).notNull(),
    altMobile: varchar('alt_mobile', { length: 10 }),
    shopName: varchar('shop_name', { length: 120 }).notNull(),
    gstin: varchar('gstin', { length: 15 }),
    locality: varchar('locality', { length: 160 }).notNull(),
    landmark: varchar('landmark', { length: 160 }).notNull().default(''),
    city: varchar('city', { length: 80 }).notNull(),
    pincode: varchar('pincode', { length: 6 }).notNull(),
    state: varchar('state', { length: 40 }).notNull().default('Bihar'),
    country: varchar('country', { length: 40 }).notNull().default('India'),
    /** 'pending' | 'approved' | 'rejected'. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    customerId: integer('customer_id').references(() => wholesaleCustomers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_requests_status_idx').on(table.status, table.createdAt),
    check(
      'customer_requests_status_known',
      sql`${table.status} in ('pending', 'approved', 'rejected')`,
    ),
  ],
);

/**
 * What an employee has beyond the `users` row (alt and house mobile, address, id
 * proof; docs/back-office-people.md). Name, mobile, Aadhaar and role (job title) live
 * on `users`. `idProofPath` is a storage key of the checked upload.
 */
export const employeeProfiles = pgTable('employee_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  altMobile: varchar('alt_mobile', { length: 10 }),
  houseMobile: varchar('house_mobile', { length: 10 }),
  locality: varchar('locality', { length: 160 }).notNull(),
  landmark: varchar('landmark', { length: 160 }).notNull().default(''),
  city: varchar('city', { length: 80 }).notNull(),
  pincode: varchar('pincode', { length: 6 }).notNull(),
  state: varchar('state', { length: 40 }).notNull().default('Bihar'),
  country: varchar('country', { length: 40 }).notNull().default('India'),
  idProofPath: varchar('id_proof_path', { length: 255 }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The wholesale stock: one row per item x category x type x size (Product Stock;
 * docs/back-office-bills.md "Stock"; a size set such as 'S,M,L' is kept as its own row, as sets
 * are packed together). `quantity` is in pieces and never negative; it changes only through
 * the stock-ledger function, which writes a `stock_movements` row in the same transaction.
 */
export const stockItems = pgTable(
  'stock_items',
  {
    id: serial('id').primaryKey(),
    item: varchar('item', { length: 40 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    /** PURCHASE_SIZES; rows from before sizes are 'Free size' (docs/decisions/0030). */
    size: varchar('size', { length: 20 }).notNull().default('Free size'),
    quantity: integer('quantity').notNull().default(0),
    /** What it is for tax (HSN_CLASSES in @bazaar/shared): decides HSN and rate on invoices. */
    hsnClass: varchar('hsn_class', { length: 24 }).notNull().default('mens-shirt'),
    /** Reference selling rate per piece, paise (printed on the barcode label). */
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull().default(0),
    /** What one piece cost the business, paise: stock value = quantity x cost. */
    costPaise: bigint('cost_paise', { mode: 'number' }).notNull().default(0),
    /** Low stock when quantity <= this many pieces (0: only when sold out). */
    lowStockAt: integer('low_stock_at').notNull().default(0),
    /**
     * The code on the row's barcode label: upper-case letters, digits and '-', unique. Left empty
     * on insert, the `stock_items_sku` trigger makes it 'BZ-' and the id in 5 digits (BZ-00042).
     */
    sku: varchar('sku', { length: 32 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stock_items_sku_uq').on(table.sku),
    uniqueIndex('stock_items_item_category_type_size_uq').on(
      table.item,
      table.category,
      table.type,
      table.size,
    ),
    check('stock_items_quantity_not_negative', sql`${table.quantity} >= 0`),
    check('stock_items_price_not_negative', sql`${table.pricePaise} >= 0`),
    check('stock_items_cost_not_negative', sql`${table.costPaise} >= 0`),
    check('stock_items_low_stock_at_not_negative', sql`${table.lowStockAt} >= 0`),
  ],
);

/**
 * The stock ledger: every change of a stock item's quantity (docs/back-office-bills.md). `change`
 * is signed pieces; `quantityAfter` the row's quantity after it, so the history reads without
 * summing. kind: 'opening' | 'add' | 'minus' | 'sale' | 'return' | 'restore'.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: serial('id').primaryKey(),
    stockItemId: integer('stock_item_id')
      .notNull()
      .references(() => stockItems.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    /** The bill that sold or restored it, if any (no foreign key: a deleted bill's rows stay). */
    billId: integer('bill_id'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_item_idx').on(table.stockItemId, table.id),
    check(
      'stock_movements_kind_known',
      sql`${table.kind} in ('opening', 'add', 'minus', 'sale', 'return', 'restore')`,
    ),
    check('stock_movements_quantity_after_not_negative', sql`${table.quantityAfter} >= 0`),
  ],
);

/**
 * A wholesale bill (the spec's "purchase": docs/back-office-bills.md). Money
 * is integer paise: `amountPaise` before GST, `gstPaise` (5 % of it or 0), `receivedPaise` the
 * sum of its payments (kept in the same transaction as each payment). Dues = amount + GST -
 * received. Bill-No is '00' + id. `sellerLabel` is 'admin' or `employee_{name}_{id}`.
 */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => wholesaleCustomers.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    gstPaise: bigint('gst_paise', { mode: 'number' }).notNull().default(0),
    receivedPaise: bigint('received_paise', { mode: 'number' }).notNull().default(0),
    /** 'open' | 'closed' | 'cancelled' (an issued bill is never deleted: docs/gst.md). */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    /** Sum of the credit notes issued against it, paise: they lower its dues. */
    creditedPaise: bigint('credited_paise', { mode: 'number' }).notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** What was paid back to the customer when it was cancelled, paise. */
    refundedPaise: bigint('refunded_paise', { mode: 'number' }).notNull().default(0),
    soldBy: text('sold_by').references(() => users.id, { onDelete: 'set null' }),
    sellerLabel: varchar('seller_label', { length: 160 }).notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bills_customer_idx').on(table.customerId, table.status, table.id),
    index('bills_purchased_idx').on(table.purchasedAt),
    // Ageing of dues (docs/back-office-ledger.md): only bills that still owe, by bill date.
    // Every column the ageing reads is a key column, so it is an index-only scan: of one
    // customer's range for the ledger, of the whole index for the admin home.
    index('bills_open_dues_idx')
      .on(
        table.customerId,
        table.purchasedAt,
        table.amountPaise,
        table.gstPaise,
        table.receivedPaise,
        table.creditedPaise,
      )
      .where(
        sql`${table.status} <> 'cancelled' and ${table.amountPaise} + ${table.gstPaise} - ${table.receivedPaise} - ${table.creditedPaise} > 0`,
      ),
    check('bills_status_known', sql`${table.status} in ('open', 'closed', 'cancelled')`),
    check('bills_credited_not_negative', sql`${table.creditedPaise} >= 0`),
    check('bills_amount_positive', sql`${table.amountPaise} > 0`),
    check('bills_gst_not_negative', sql`${table.gstPaise} >= 0`),
    check(
      'bills_received_within_total',
      sql`${table.receivedPaise} >= 0 and ${table.receivedPaise} <= ${table.amountPaise} + ${table.gstPaise}`,
    ),
  ],
);

/** One line of a bill (docs/back-office-bills.md): amount = quantity x rate, paise. */
export const billItems = pgTable(
  'bill_items',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    stockItemId: integer('stock_item_id').references(() => stockItems.id, {
      onDelete: 'set null',
    }),
    item: varchar('item', { length: 40 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    size: varchar('size', { length: 20 }).notNull(),
    /** The stock row's HSN class when sold (HSN_CLASSES in @bazaar/shared). */
    hsnClass: varchar('hsn_class', { length: 24 }).notNull().default('mens-shirt'),
    quantity: integer('quantity').notNull(),
    ratePaise: bigint('rate_paise', { mode: 'number' }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('bill_items_bill_idx').on(table.billId),
    check('bill_items_quantity_positive', sql`${table.quantity} > 0`),
    check('bill_items_rate_positive', sql`${table.ratePaise} > 0`),
    check('bill_items_amount', sql`${table.amountPaise} = ${table.quantity} * ${table.ratePaise}`),
  ],
);

/**
 * A payment received from a wholesale customer (docs/back-office-bills.md "Payments"), paise: its
 * mode (cash, UPI, bank transfer, cheque) with the details that mode takes, its receipt number
 * in the business's gap-free receipt series of the financial year (`document_series`, kind
 * 'payment_receipt'), and the bills it paid (`bill_payments`, one row per bill). A cheque marked
 * `bounced` counts for nothing: its bills got a reversing row each in the same transaction.
 */
export const wholesalePayments = pgTable(
  'wholesale_payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => wholesaleCustomers.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /**
     * The part of the amount that paid the customer's opening balance (paise, 0 for most); the
     * rest went to bills (`bill_payments`).
     */
    openingPaise: bigint('opening_paise', { mode: 'number' }).notNull().default(0),
    /** 'cash' | 'upi' | 'bank_transfer' | 'cheque'. */
    mode: varchar('mode', { length: 16 }).notNull().default('cash'),
    /** UTR or UPI reference: UPI and bank transfer only. */
    reference: varchar('reference', { length: 22 }),
    chequeNumber: varchar('cheque_number', { length: 6 }),
    chequeBank: varchar('cheque_bank', { length: 80 }),
    chequeDate: date('cheque_date', { mode: 'string' }),
    /** 'RC/26-27/00001': unique, at most 16 characters. */
    receiptNumber: varchar('receipt_number', { length: 16 }).notNull(),
    /** '26-27': the financial year of `paidAt` in India, whose series numbered it. */
    financialYear: varchar('financial_year', { length: 5 }).notNull(),
    receiptSerial: integer('receipt_serial').notNull(),
    /** 'received' | 'bounced'. */
    status: varchar('status', { length: 10 }).notNull().default('received'),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    bounceReason: text('bounce_reason'),
    bouncedBy: text('bounced_by').references(() => users.id, { onDelete: 'set null' }),
    receivedBy: text('received_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wholesale_payments_receipt_uq').on(table.receiptNumber),
    index('wholesale_payments_customer_idx').on(table.customerId, table.paidAt),
    check('wholesale_payments_amount_positive', sql`${table.amountPaise} > 0`),
    check(
      'wholesale_payments_opening_range',
      sql`${table.openingPaise} >= 0 and ${table.openingPaise} <= ${table.amountPaise}`,
    ),
    check(
      'wholesale_payments_mode_known',
      sql`${table.mode} in ('cash', 'upi', 'bank_transfer', 'cheque')`,
    ),
    check('wholesale_payments_status_known', sql`${table.status} in ('received', 'bounced')`),
    check(
      'wholesale_payments_reference_by_mode',
      sql`(${table.mode} in ('upi', 'bank_transfer')) = (${table.reference} is not null)`,
    ),
    check(
      'wholesale_payments_cheque_by_mode',
      sql`(${table.mode} = 'cheque') = (${table.chequeNumber} is not null and ${table.chequeBank} is not null and ${table.chequeDate} is not null)`,
    ),
    check(
      'wholesale_payments_bounced_cheque',
      sql`${table.status} = 'received' or (${table.mode} = 'cheque' and ${table.bouncedAt} is not null)`,
    ),
  ],
);

/**
 * What one payment gave one bill (docs/back-office-bills.md "Payments"), paise: `kind` 'payment'
 * (> 0) when received, and a 'reversal' row (the same amount, negative) when its cheque bounced,
 * dated then. So `bills.received_paise` is always the plain sum of its rows, and the reports'
 * payments by day (triggers on this table) show a bounce on the day it happened.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => wholesalePayments.id, { onDelete: 'cascade' }),
    /** 'payment' | 'reversal'. */
    kind: varchar('kind', { length: 10 }).notNull().default('payment'),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    receivedBy: text('received_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bill_payments_bill_idx').on(table.billId, table.id),
    index('bill_payments_payment_idx').on(table.paymentId),
    index('bill_payments_paid_idx').on(table.paidAt),
    check(
      'bill_payments_amount_by_kind',
      sql`(${table.kind} = 'payment' and ${table.amountPaise} > 0) or (${table.kind} = 'reversal' and ${table.amountPaise} < 0)`,
    ),
  ],
);

/**
 * The audit trail (docs/back-office-people.md): one row per change to customers, bills, payments,
 * stock, employees and customer requests, written in the same transaction as the change. `before`
 * and `after` are JSON snapshots (null on create / delete respectively).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: varchar('actor_role', { length: 16 }).notNull(),
    actorName: varchar('actor_name', { length: 120 }).notNull(),
    /** 'customer' | 'customer_request' | 'bill' | 'payment' | 'stock' | 'employee' | ... */
    entity: varchar('entity', { length: 24 }).notNull(),
    entityId: varchar('entity_id', { length: 64 }).notNull(),
    /** 'create' | 'update' | 'delete' | 'close' | 'approve' | 'reject' | ... */
    action: varchar('action', { length: 24 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.at),
    index('audit_log_actor_idx').on(table.actorId, table.at),
  ],
);

/**
 * What each employee job title may do (docs/back-office-people.md "Roles and permissions"): one
 * row per job title x permission, set by the admin. The migration wrote every pair allowed,
 * what employees could do before; a pair without a row has the default of
 * `DEFAULT_EMPLOYEE_PERMISSIONS` (a permission added later).
 */
export const jobTitlePermissions = pgTable(
  'job_title_permissions',
  {
    jobTitle: varchar('job_title', { length: 40 }).notNull(),
    permission: varchar('permission', { length: 40 }).notNull(),
    allowed: boolean('allowed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.jobTitle, table.permission] })],
);

/**
 * An employee's request to cancel a bill (docs/back-office-bills.md "Cancel requests"): pending
 * until the admin approves it (the bill is cancelled in the same transaction) or rejects it with
 * a reason. At most one pending request per bill (a partial unique index).
 */
export const billCancelRequests = pgTable(
  'bill_cancel_requests',
  {
    id: serial('id').primaryKey(),
    billId: integer('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** 'pending' | 'approved' | 'rejected'. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    requestedBy: text('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: varchar('requested_by_name', { length: 120 }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: varchar('decided_by_name', { length: 120 }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
  },
  (table) => [
    index('bill_cancel_requests_status_idx').on(table.status, table.requestedAt),
    index('bill_cancel_requests_bill_idx').on(table.billId, table.requestedAt),
    uniqueIndex('bill_cancel_requests_one_pending')
      .on(table.billId)
      .where(sql`${table.status} = 'pending'`),
    check(
      'bill_cancel_requests_status_known',
      sql`${table.status} in ('pending', 'approved', 'rejected')`,
    ),
  ],
);
