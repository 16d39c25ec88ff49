import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { shipments } from './orders.js';
import { shops } from './shops.js';

/**
 * Seller settlements (docs/settlements.md; docs/decisions/0023-seller-settlements.md): what the
 * marketplace owes each shop. Money is integer paise (bigint), rates basis points.
 */

/**
 * The rates in force from a day on, like the GST rate table: a change is a new row with a later
 * `effective_from`, never an edit, so an entry's rates can always be told from its day.
 */
export const settlementRates = pgTable(
  'settlement_rates',
  {
    id: serial('id').primaryKey(),
    /** Indian day from which the row applies. */
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull().unique(),
    commissionBp: integer('commission_bp').notNull(),
    commissionGstBp: integer('commission_gst_bp').notNull(),
    tcsBp: integer('tcs_bp').notNull(),
    tdsBp: integer('tds_bp').notNull(),
    /** TDS of a seller without PAN (section 206AA: 5 %, 500). */
    tdsNoPanBp: integer('tds_no_pan_bp').notNull().default(500),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'settlement_rates_bp_range',
      sql`${table.commissionBp} between 0 and 10000 and ${table.commissionGstBp} between 0 and 10000 and ${table.tcsBp} between 0 and 10000 and ${table.tdsBp} between 0 and 10000 and ${table.tdsNoPanBp} between 0 and 10000`,
    ),
  ],
);

/**
 * One ledger entry per delivered shipment (`sale`) and one per return received after delivery
 * (`reversal`, every amount the sale's negated), written in the transaction of the status move.
 */
export const settlementEntries = pgTable(
  'settlement_entries',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    /** 'sale' | 'reversal'. */
    kind: varchar('kind', { length: 8 }).notNull(),
    orderNumber: varchar('order_number', { length: 16 }).notNull(),
    /** 'cod' | 'razorpay'. */
    paymentMethod: varchar('payment_method', { length: 10 }).notNull(),
    /** The shop's GSTIN on the invoice; null for a shop without one (no TCS). */
    supplierGstin: varchar('supplier_gstin', { length: 15 }),
    interState: boolean('inter_state').notNull(),
    /** Indian day of the delivery or the return: the statement's month and the rates' day. */
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    ratesId: integer('rates_id')
      .notNull()
      .references(() => settlementRates.id, { onDelete: 'restrict' }),
    grossPaise: bigint('gross_paise', { mode: 'number' }).notNull(),
    taxableValuePaise: bigint('taxable_value_paise', { mode: 'number' }).notNull(),
    commissionPaise: bigint('commission_paise', { mode: 'number' }).notNull(),
    commissionGstPaise: bigint('commission_gst_paise', { mode: 'number' }).notNull(),
    tcsCgstPaise: bigint('tcs_cgst_paise', { mode: 'number' }).notNull(),
    tcsSgstPaise: bigint('tcs_sgst_paise', { mode: 'number' }).notNull(),
    tcsIgstPaise: bigint('tcs_igst_paise', { mode: 'number' }).notNull(),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull(),
    /** The PAN the TDS was deducted under (from the GSTIN, or recorded); null: none, 206AA. */
    tdsPan: varchar('tds_pan', { length: 10 }),
    /** The TDS rate applied, basis points: the row's `tds_bp` with a PAN, `tds_no_pan_bp` without. */
    tdsBp: integer('tds_bp').notNull(),
    netPaise: bigint('net_paise', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('settlement_entries_shipment_kind_uq').on(table.shipmentId, table.kind),
    index('settlement_entries_shop_date_idx').on(table.shopId, table.entryDate, table.id),
    index('settlement_entries_date_idx').on(table.entryDate),
    check('settlement_entries_kind_known', sql`${table.kind} in ('sale', 'reversal')`),
    check(
      'settlement_entries_net_adds_up',
      sql`${table.netPaise} = ${table.grossPaise} - ${table.commissionPaise} - ${table.commissionGstPaise} - ${table.tcsCgstPaise} - ${table.tcsSgstPaise} - ${table.tcsIgstPaise} - ${table.tdsPaise}`,
    ),
  ],
);

/** A transfer the admin made to a shop, with the bank's UTR; reduces what is owed. */
export const settlementPayouts = pgTable(
  'settlement_payouts',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    /** Upper-case, 12-22 letters or digits, unique. */
    utr: varchar('utr', { length: 22 }).notNull().unique(),
    /** Indian day the transfer was made. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    note: varchar('note', { length: 200 }),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('settlement_payouts_shop_day_idx').on(table.shopId, table.paidOn, table.id),
    check('settlement_payouts_amount_positive', sql`${table.amountPaise} > 0`),
  ],
);
