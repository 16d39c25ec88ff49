import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { shops } from './shops.js';

/**
 * A design: the garment a card shows, sold in one or more variants (size x colour), each a
 * `products` row (docs/catalog.md "Designs and variants", decision 29). The design's own fields
 * (name, company, category, style, material, description, HSN class, placement) are copied onto
 * its variants by the design service in the same transaction, so carts, orders and invoices keep
 * reading one row. The card aggregates below are written ONLY by `refreshDesignSummary`
 * (modules/shop-catalog/design-summary.ts), in the transaction of every change to a variant's
 * price, MRP, stock, size, colour, rating or archive: money in paise, rating 0-5 weighted by
 * each variant's rating count, `bestDiscountPercent` the largest `discountPercent` of its live
 * variants, `searchText` lower name, category, style, material and every live colour.
 */
export const productDesigns = pgTable(
  'product_designs',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    company: varchar('company', { length: 80 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    style: varchar('style', { length: 20 }).notNull(),
    material: varchar('material', { length: 20 }).notNull(),
    description: text('description').notNull().default(''),
    hsnClass: varchar('hsn_class', { length: 24 }).notNull().default('track-suit'),
    placement: varchar('placement', { length: 16 }).notNull().default('normal'),
    /** The variant the card links to: the cheapest in stock, else the cheapest; null without live variants. */
    defaultProductId: integer('default_product_id').references((): AnyPgColumn => products.id, {
      onDelete: 'set null',
    }),
    minPricePaise: bigint('min_price_paise', { mode: 'number' }).notNull().default(0),
    maxPricePaise: bigint('max_price_paise', { mode: 'number' }).notNull().default(0),
    bestDiscountPercent: smallint('best_discount_percent').notNull().default(0),
    colours: text('colours')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stockTotal: integer('stock_total').notNull().default(0),
    liveVariantCount: integer('live_variant_count').notNull().default(0),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_designs_shop_idx').on(table.shopId),
    index('product_designs_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('product_designs_min_price_idx').on(table.minPricePaise),
    index('product_designs_placement_idx').on(table.placement, table.id),
    index('product_designs_company_lower_idx').on(sql`lower(${table.company})`),
    index('product_designs_discount_idx').on(table.bestDiscountPercent),
    index('product_designs_colours_idx').using('gin', table.colours),
    index('product_designs_sizes_idx').using('gin', table.sizes),
    check(
      'product_designs_placement_known',
      sql`${table.placement} in ('normal', 'best_selling', 'new_arrivals')`,
    ),
    check(
      'product_designs_category_known',
      sql`${table.category} in ('Men', 'Women', 'Kids(Boy)', 'Kids(Girls)')`,
    ),
  ],
);

/**
 * A listed product: ONE VARIANT (one size and colour) of a design (docs/catalog.md). Money is integer paise:
 * `mrpPaise` is the MRP printed on the tag, never below the price, and the percent off is worked
 * out from the two (`discountPercent` of @bazaar/shared), never stored; rating 0.0-5.0.
 * `searchText` is the lower-cased name, category, style, material and colour (the spec's three
 * category fields, one of which doubles as colour), indexed with pg_trgm for the grid's
 * case-insensitive contains-search (docs/catalog.md).
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** The design this variant belongs to; its design fields are copies of the design's. */
    designId: integer('design_id')
      .notNull()
      .references((): AnyPgColumn => productDesigns.id, { onDelete: 'restrict' }),
    sku: varchar('sku', { length: 40 }).notNull(),
    company: varchar('company', { length: 80 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    category: varchar('category', { length: 20 }).notNull(),
    style: varchar('style', { length: 20 }).notNull(),
    material: varchar('material', { length: 20 }).notNull(),
    colour: varchar('colour', { length: 40 }).notNull(),
    size: varchar('size', { length: 4 }).notNull(),
    chestInches: smallint('chest_inches').notNull(),
    lengthCm: smallint('length_cm').notNull(),
    mrpPaise: bigint('mrp_paise', { mode: 'number' }).notNull(),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }).notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    description: text('description').notNull().default(''),
    /** What it is for tax (HSN_CLASSES in @bazaar/shared): decides HSN and rate on invoices. */
    hsnClass: varchar('hsn_class', { length: 24 }).notNull().default('track-suit'),
    placement: varchar('placement', { length: 16 }).notNull().default('normal'),
    stockQuantity: integer('stock_quantity').notNull().default(0),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`lower(${products.name} || ' ' || ${products.category} || ' ' || ${products.style} || ' ' || ${products.material} || ' ' || ${products.colour})`,
      ),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('products_shop_sku_uq').on(table.shopId, table.sku),
    index('products_shop_idx').on(table.shopId),
    index('products_design_idx').on(table.designId),
    // One live variant per size and colour of a design (archived ones keep their old pair).
    uniqueIndex('products_design_size_colour_uq')
      .on(table.designId, table.size, sql`lower(${table.colour})`)
      .where(sql`${table.archivedAt} is null`),
    index('products_search_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('products_price_idx').on(table.pricePaise),
    index('products_placement_idx').on(table.placement, table.id),
    // The grid's brand filter (any case) and least-discount filter (docs/catalog.md).
    index('products_company_lower_idx').on(sql`lower(${table.company})`),
    index('products_discount_idx').on(discountPercentSql),
    check('products_price_positive', sql`${table.pricePaise} > 0`),
    check('products_mrp_not_below_price', sql`${table.mrpPaise} >= ${table.pricePaise}`),
    check('products_rating_range', sql`${table.rating} between 0 and 5`),
    check('products_stock_not_negative', sql`${table.stockQuantity} >= 0`),
    check(
      'products_placement_known',
      sql`${table.placement} in ('normal', 'best_selling', 'new_arrivals')`,
    ),
    check(
      'products_category_known',
      sql`${table.category} in ('Men', 'Women', 'Kids(Boy)', 'Kids(Girls)')`,
    ),
    check(
      'products_size_known',
      sql`${table.size} in ('XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL')`,
    ),
  ],
);

/**
 * A product's whole percent off its MRP, as `discountPercent` of @bazaar/shared computes it:
 * floor((MRP - price) / MRP x 100), in integer arithmetic (both are positive, so `/` rounds down).
 * The grid's least-discount filter compares this very expression, so its index serves it.
 */
export const discountPercentSql: SQL<number> = sql<number>`((${products.mrpPaise} - ${products.pricePaise}) * 100 / ${products.mrpPaise})`;

/**
 * Images of a design: shared by all its variants when `productId` is null, else one variant's
 * own (e.g. pictures of its colour); a variant shows its own first, then the shared ones. Stored
 * as WebP with a thumbnail under the storage root
 * (`DATA_DIR/uploads`); `path` and `thumbnailPath` are storage keys, not URLs.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    designId: integer('design_id')
      .notNull()
      .references(() => productDesigns.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    path: varchar('path', { length: 255 }).notNull(),
    thumbnailPath: varchar('thumbnail_path', { length: 255 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('product_images_product_idx').on(table.productId, table.position),
    index('product_images_design_idx').on(table.designId, table.position),
  ],
);
