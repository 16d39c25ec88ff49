import { index, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every Razorpay webhook delivery we accepted (docs/orders.md "Razorpay"), one row per
 * `x-razorpay-event-id`: the unique id is how a redelivered event is recognised and answered
 * without being processed again. `outcome` says what the event did (e.g. `paid`,
 * `already_paid`, `order_cancelled`, `unknown_order`, `ignored`).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    eventId: varchar('event_id', { length: 100 }).notNull().unique(),
    type: varchar('type', { length: 100 }).notNull(),
    razorpayOrderId: varchar('razorpay_order_id', { length: 100 }),
    outcome: varchar('outcome', { length: 40 }).notNull(),
    payload: jsonb('payload').notNull(),
    note: text('note'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payment_events_razorpay_order_idx').on(table.razorpayOrderId)],
);
