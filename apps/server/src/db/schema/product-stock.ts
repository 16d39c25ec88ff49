import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { shipments } from './orders.js';
import { products } from './products.js';

/**
 * What moved a marketplace product's stock: `listed` (the quantity given at Add Product),
 * `edit` (the seller set a new quantity), `order` (units taken by a placed order), `cancel`
 * (given back by a cancelled or released order) and `return` (goods received back).
 */
export const PRODUCT_STOCK_MOVEMENT_KINDS = [
  'listed',
  'edit',
  'order',
  'cancel',
  'return',
] as const;
export type ProductStockMovementKind = (typeof PRODUCT_STOCK_MOVEMENT_KINDS)[number];

/**
 * The history of a marketplace product's stock: one row per change of `products.stock_quantity`,
 * written in the same transaction by the shop catalog's ledger
 * (modules/shop-catalog/product-stock-ledger.ts). `change` is signed units, `quantityAfter` the
 * stock after it; `shipmentId` names the shipment an order, cancel or return moved.
 */
export const productStockMovements = pgTable(
  'product_stock_movements',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    change: integer('change').notNull(),
    quantityAfter: integer('quantity_after').notNull(),
    shipmentId: integer('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_stock_movements_product_idx').on(table.productId, table.id),
    check(
      'product_stock_movements_kind_known',
      sql`${table.kind} in ('listed', 'edit', 'order', 'cancel', 'return')`,
    ),
    check('product_stock_movements_quantity_after_not_negative', sql`${table.quantityAfter} >= 0`),
  ],
);
