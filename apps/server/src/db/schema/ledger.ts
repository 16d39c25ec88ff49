import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { wholesaleCustomers } from './back-office.js';

/**
 * The customer ledger (khata, docs/back-office-ledger.md): one row per event that changes what a
 * wholesale customer owes, written by triggers (migration 0018) on `wholesale_customers`
 * (opening balance), `bills` (invoice; cancellation and refund), `wholesale_payments` (payment;
 * cheque bounce) and `tax_documents` (credit note), inside the writer's transaction, so no code
 * path can change the money without its row. `amountPaise` is signed: a debit (the customer
 * owes more) is positive, a credit negative. `at` is the event's date (bill date, payment date,
 * bounce, issue, cancellation); rows are ordered by (`at`, `id`), and the running balance is the
 * sum of every row up to one, computed on read (a back-dated bill may land between older rows).
 * kind: 'opening' | 'invoice' | 'payment' | 'bounce' | 'credit_note' | 'cancellation' | 'refund'.
 */
export const customerLedger = pgTable(
  'customer_ledger',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => wholesaleCustomers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    billId: integer('bill_id'),
    paymentId: integer('payment_id'),
    documentId: integer('document_id'),
    /** Bill-No, receipt number or credit note number as printed. */
    reference: varchar('reference', { length: 24 }).notNull().default(''),
    /** Payment mode (cash, upi, bank_transfer, cheque) on payment and bounce rows. */
    mode: varchar('mode', { length: 16 }),
    /** UTR or 'cheque number, bank' on payment rows; the reason on cancellation and bounce rows. */
    detail: varchar('detail', { length: 200 }),
  },
  (table) => [
    // Keyset pages newest first and the balance brought forward (sum up to a row) by index only.
    // amount_paise is the last key column so those sums never visit the table.
    index('customer_ledger_customer_at_idx').on(
      table.customerId,
      table.at,
      table.id,
      table.amountPaise,
    ),
    index('customer_ledger_bill_idx').on(table.billId),
    check(
      'customer_ledger_kind_known',
      sql`${table.kind} in ('opening', 'invoice', 'payment', 'bounce', 'credit_note', 'cancellation', 'refund')`,
    ),
  ],
);
