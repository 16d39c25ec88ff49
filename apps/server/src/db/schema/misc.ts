import {
  index,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** Messages sent through the Contact US form (docs/catalog.md). */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 80 }).notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  phone: varchar('phone', { length: 10 }).notNull(),
  subject: varchar('subject', { length: 120 }).notNull(),
  message: text('message').notNull(),
  /** When the admin opened it in the support inbox (docs/shop-office.md); null while unread. */
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Key-value facts about this installation (e.g. which demo data set was loaded). */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 80 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const APP_META_KEYS = {
  demoSeed: 'demo_seed',
  /** Set once the demo data's ratings were loaded as demo reviews (docs/reviews.md). */
  demoReviews: 'demo_reviews',
  authSecret: 'auth_secret',
  /**
   * `true` when an admin requires two-factor sign-in for every staff account (docs/accounts.md).
   */
  requireStaffTwoFactor: 'require_staff_two_factor',
} as const;

/**
 * Work recorded by a transaction and done after it commits, off the request's path
 * (docs/platform.md "Background jobs"): today the order mails. A row is written in the same
 * transaction as the change it follows, so the work happens exactly when the change committed and
 * survives a crash; it is deleted once done. Rows that failed `attempts` times stay with their
 * `lastError` for a person to look at.
 */
export const backgroundJobs = pgTable(
  'background_jobs',
  {
    id: serial('id').primaryKey(),
    /** What to do: a handler name such as 'order_placed'. */
    kind: varchar('kind', { length: 40 }).notNull(),
    /** The handler's input (ids only: the handler reads the current rows). */
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The instance running the job holds it until then (a lease, as the outbox's). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [index('background_jobs_created_idx').on(table.createdAt)],
);
