import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A shop: a seller on the marketplace and, optionally, a wholesale customer of the back office
 * (docs/platform.md). Address fields follow the
 * registration form; pincode is 6 digits, state Bihar, country India.
 */
export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    ownerName: varchar('owner_name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().unique(),
    mobile: varchar('mobile', { length: 10 }).notNull(),
    gstin: varchar('gstin', { length: 15 }),
    /**
     * The owner's PAN as recorded by the admin, for TDS under section 194-O when the GSTIN does
     * not carry one (an unregistered shop). A GSTIN's embedded PAN wins (docs/settlements.md).
     */
    pan: varchar('pan', { length: 10 }),
    category: varchar('category', { length: 10 }).notNull().default('Cloth'),
    description: text('description').notNull().default(''),
    locality: varchar('locality', { length: 160 }).notNull(),
    landmark: varchar('landmark', { length: 160 }).notNull().default(''),
    city: varchar('city', { length: 80 }).notNull(),
    district: varchar('district', { length: 80 }).notNull(),
    state: varchar('state', { length: 40 }).notNull().default('Bihar'),
    pincode: varchar('pincode', { length: 6 }).notNull(),
    country: varchar('country', { length: 40 }).notNull().default('India'),
    /** Shop image uploaded at seller registration (storage path of the WebP), if any. */
    imagePath: text('image_path'),
    /** All Stock's `lowStock` filter: a variant with at most this many units is low (units). */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('shops_pan_format', sql`${table.pan} ~ '^[A-Z]{5}[0-9]{4}[A-Z]$'`),
    check('shops_pincode_format', sql`${table.pincode} ~ '^[1-9][0-9]{5}$'`),
    check('shops_mobile_format', sql`${table.mobile} ~ '^[6-9][0-9]{9}$'`),
    check('shops_low_stock_threshold_range', sql`${table.lowStockThreshold} between 0 and 100000`),
    check('shops_category_known', sql`${table.category} in ('Cloth', 'Sport', 'Paint')`),
    index('shops_name_idx').on(table.name),
  ],
);
