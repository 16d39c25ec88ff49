import {
  index,
  pgTable,
  serial,
  integer,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { shops } from './shops.js';

/**
 * A seller's pick-lists for new products (docs/shop-catalog.md: Colour, Company and Product
 * name lists, each owned by a shop). Names are unique per shop,
 * case-insensitively.
 */
export const colours = pgTable(
  'colours',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('colours_shop_name_uq').on(table.shopId, table.name)],
);

/** Clothing companies (brands) a shop stocks. */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('companies_shop_name_uq').on(table.shopId, table.name)],
);

/** Product names (e.g. 'Slim Fit Shirt') a shop uses when adding products. */
export const productNames = pgTable(
  'product_names',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_names_shop_name_uq').on(table.shopId, table.name),
    index('product_names_shop_idx').on(table.shopId),
  ],
);
