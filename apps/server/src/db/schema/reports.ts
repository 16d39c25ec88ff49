import { bigint, date, index, integer, pgTable, primaryKey, serial } from 'drizzle-orm/pg-core';

/*
 * Report rollups of the wholesale back office (docs/back-office-reports.md).
 *
 * The admin dashboard and the total-transactions report sum bills, bill lines and payments over
 * up to three years. Over a million bills that is too slow to do from the base tables on every
 * request, so the sums are kept per Indian calendar day (Asia/Kolkata):
 *
 * - database triggers on `bills`, `bill_items` and `bill_payments` (migration 0006) append one
 *   signed row to `report_deltas` per change, inside the writer's transaction: no lock on a shared
 *   row, so bill writers never wait for each other or deadlock because of the reports;
 * - the reports service folds the committed deltas into the three rollup tables before it reads
 *   (`report_fold_version()`, under an advisory lock), so a report always equals the committed
 *   bills; it answers the rollups' version (table `report_state`, kept in the migration's SQL),
 *   on which the service caches figures;
 * - `report_rebuild()` recomputes everything from the base tables (migration backfill, bench seed).
 *
 * Measures (all paise except the counts): bill count, amount before GST, GST, received (on bills
 * purchased that day), pieces sold, sell amount (line amounts, before GST) of the Shirt, Shorts
 * and Trouser item groups (T-Shirts belong to none), and payments received that day (by paid_at).
 */

const measures = () => ({
  bills: integer('bills').notNull().default(0),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
  gstPaise: bigint('gst_paise', { mode: 'number' }).notNull().default(0),
  receivedPaise: bigint('received_paise', { mode: 'number' }).notNull().default(0),
  quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  shirtPaise: bigint('shirt_paise', { mode: 'number' }).notNull().default(0),
  shortsPaise: bigint('shorts_paise', { mode: 'number' }).notNull().default(0),
  trouserPaise: bigint('trouser_paise', { mode: 'number' }).notNull().default(0),
  paymentsPaise: bigint('payments_paise', { mode: 'number' }).notNull().default(0),
});

/**
 * Changes not yet folded into the rollups: one signed row per bill, line or payment change.
 * `customerId` is null for payment rows (payments are reported for the whole business only).
 */
export const reportDeltas = pgTable('report_deltas', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id'),
  day: date('day', { mode: 'string' }).notNull(),
  ...measures(),
});

/** Sums per Indian calendar day over every customer: the dashboard and unfiltered reports. */
export const reportDays = pgTable('report_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ...measures(),
});

/** Sums per customer and Indian calendar day: searched reports and part months of a range. */
export const reportCustomerDays = pgTable(
  'report_customer_days',
  {
    customerId: integer('customer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    ...measures(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.day] }),
    index('report_customer_days_day_idx').on(table.day, table.customerId, table.quantity),
  ],
);

/** Sums per customer and month (`month` is its first day): top customers over long ranges. */
export const reportCustomerMonths = pgTable(
  'report_customer_months',
  {
    customerId: integer('customer_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    ...measures(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.month] }),
    index('report_customer_months_month_idx').on(table.month, table.customerId, table.quantity),
  ],
);
