import { jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

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
  authSecret: 'auth_secret',
  /**
   * `true` when an admin requires two-factor sign-in for every staff account (docs/accounts.md).
   */
  requireStaffTwoFactor: 'require_staff_two_factor',
} as const;
