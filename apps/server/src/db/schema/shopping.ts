import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { products } from './products.js';

/**
 * A logged-in customer's cart (docs/shopping.md; /CustomerCart): one row per
 * product, 1..10 units. Prices are read live from `products`, never copied here.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: smallint('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('cart_items_product_idx').on(table.productId),
    check('cart_items_quantity_range', sql`${table.quantity} between 1 and 10`),
  ],
);

/**
 * Browser carts already merged into a customer's cart (docs/shopping.md "Guest cart"): one row
 * per `merge_id` the browser sent, with what that merge capped or dropped, so the same request
 * sent twice adds nothing the second time and answers as the first did.
 */
export const cartMerges = pgTable(
  'cart_merges',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mergeId: text('merge_id').notNull(),
    /** The CartMergeAdjustment[] the first merge answered. */
    adjustments: jsonb('adjustments').notNull(),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.mergeId] })],
);

/** A customer's wishlist (docs/shopping.md; /wishlist): one row per product. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.productId] }),
    index('wishlist_items_product_idx').on(table.productId),
  ],
);
