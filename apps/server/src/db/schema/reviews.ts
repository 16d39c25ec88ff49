import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { orderItems } from './orders.js';
import { products } from './products.js';
import { shops } from './shops.js';

/**
 * A buyer's rating (1-5 stars) and review of a product (docs/reviews.md). It belongs to the
 * product and to the delivered order item that proves the purchase (one review per order item),
 * so it survives a product being split into variants later. `shopId`, `productName`, `size` and
 * `colour` are snapshots of the order item, so the shop office lists its reviews without reading
 * other modules' tables. Demo reviews (`isDemo`) are the demo data's ratings: no buyer, no item.
 * A hidden review (`hiddenAt`) is left out of the product's figures and list.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id').references(() => orderItems.id, {
      onDelete: 'restrict',
    }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The name shown under the review (the buyer's first name and initial at writing). */
    reviewerName: varchar('reviewer_name', { length: 80 }).notNull(),
    productName: varchar('product_name', { length: 120 }).notNull(),
    size: varchar('size', { length: 4 }).notNull(),
    colour: varchar('colour', { length: 40 }).notNull(),
    rating: smallint('rating').notNull(),
    body: text('body').notNull(),
    /** Storage keys of the optional photo (WebP) and its thumbnail. */
    photoPath: varchar('photo_path', { length: 255 }),
    photoThumbnailPath: varchar('photo_thumbnail_path', { length: 255 }),
    /** How many customers marked it helpful (rows of review_helpful_votes). */
    helpfulCount: integer('helpful_count').notNull().default(0),
    /** The shop's one reply. */
    replyBody: text('reply_body'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: text('replied_by').references(() => users.id, { onDelete: 'set null' }),
    /** Hidden by an admin (audited), with the reason. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_reviews_order_item_uq').on(table.orderItemId),
    // The product page's two sorts, visible reviews only (keyset pages).
    index('product_reviews_product_newest_idx')
      .on(table.productId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} is null`),
    index('product_reviews_product_helpful_idx')
      .on(table.productId, table.helpfulCount.desc(), table.createdAt.desc(), table.id.desc())
      .where(sql`${table.hiddenAt} is null`),
    index('product_reviews_shop_idx').on(table.shopId, table.createdAt.desc(), table.id.desc()),
    index('product_reviews_created_idx').on(table.createdAt.desc(), table.id.desc()),
    check('product_reviews_rating_range', sql`${table.rating} between 1 and 5`),
    check('product_reviews_helpful_not_negative', sql`${table.helpfulCount} >= 0`),
    check(
      'product_reviews_buyer_or_demo',
      sql`${table.isDemo} or (${table.orderItemId} is not null)`,
    ),
  ],
);

/** One customer found one review helpful (once each; docs/reviews.md "Helpful"). */
export const reviewHelpfulVotes = pgTable(
  'review_helpful_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => productReviews.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.reviewId, table.userId] })],
);

/**
 * How many visible reviews of a product gave each number of stars, kept in the same transaction
 * as every review insert, hide and unhide, so the product page's distribution is one row read
 * (the average and count are also kept on `products.rating` / `rating_count` for the cards).
 */
export const productRatingSummaries = pgTable(
  'product_rating_summaries',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    stars1: integer('stars_1').notNull().default(0),
    stars2: integer('stars_2').notNull().default(0),
    stars3: integer('stars_3').notNull().default(0),
    stars4: integer('stars_4').notNull().default(0),
    stars5: integer('stars_5').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'product_rating_summaries_not_negative',
      sql`${table.stars1} >= 0 and ${table.stars2} >= 0 and ${table.stars3} >= 0 and ${table.stars4} >= 0 and ${table.stars5} >= 0`,
    ),
  ],
);
