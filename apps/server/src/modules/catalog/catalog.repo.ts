import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, QueryBuilder, type PgColumn } from 'drizzle-orm/pg-core';
import type { CatalogQuery, CatalogSort, Placement } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { productVariantColumnsOf, type productVariantColumns } from '../../db/product-variants.js';
import { rowsOf } from '../../db/rows.js';
import { containsPattern, searchWords as wordsOf } from '../../db/search.js';
import { productDesigns, productImages, products, shops } from '../../db/schema/index.js';

/** Sizes in the SIZES order, for ordering variants (XS first, 4XL last). */
const SIZE_ORDER = sql.raw(`array['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL']`);

/**
 * The fields a card needs but its image: the design's fields and aggregates with the shown
 * variant's SKU, size, colour, price, MRP and stock. `products` is the variant the card shows
 * (the default one on the grid, the URL's on the page).
 */
const cardFieldColumns = {
  id: products.id,
  designId: productDesigns.id,
  minPricePaise: productDesigns.minPricePaise,
  maxPricePaise: productDesigns.maxPricePaise,
  colours: productDesigns.colours,
  sizes: productDesigns.sizes,
  sku: products.sku,
  shopId: productDesigns.shopId,
  shopName: shops.name,
  company: productDesigns.company,
  name: productDesigns.name,
  category: productDesigns.category,
  style: productDesigns.style,
  material: productDesigns.material,
  colour: products.colour,
  size: products.size,
  mrpPaise: products.mrpPaise,
  pricePaise: products.pricePaise,
  rating: productDesigns.rating,
  ratingCount: productDesigns.ratingCount,
  description: productDesigns.description,
  placement: productDesigns.placement,
  stockQuantity: products.stockQuantity,
};

/**
 * The images the shown variant (`products`) wears: its own and its design's shared ones, its
 * own first, each by position. The card takes the first; the product page lists them all.
 */
const shownVariantImages = and(
  eq(productImages.designId, productDesigns.id),
  sql`(${productImages.productId} is null or ${productImages.productId} = ${products.id})`,
);
const shownVariantImageOrder = [
  sql`(${productImages.productId} is null)`,
  asc(productImages.position),
  asc(productImages.id),
];

/**
 * A card's image, joined laterally: the first of `shownVariantImages`. One lookup gives both
 * storage keys (two scalar subqueries, one per key, cost PostgreSQL a fifth to a half more per
 * search page: bench/README.md "Catalog search").
 */
const firstImage = new QueryBuilder()
  .select({ path: productImages.path, thumbnailPath: productImages.thumbnailPath })
  .from(productImages)
  .where(shownVariantImages)
  .orderBy(...shownVariantImageOrder)
  .limit(1)
  .as('first_image');

/** What a selected column or SQL expression reads as in JavaScript (a nullable column or null). */
type FieldValue<F> =
  F extends SQL<infer T>
    ? T
    : F extends PgColumn
      ? F['_']['notNull'] extends true
        ? F['_']['data']
        : F['_']['data'] | null
      : never;
/** The row a set of selected fields reads as. */
type Selected<T> = { [K in keyof T]: FieldValue<T[K]> };

/**
 * `json_build_object` of `fields` (JSON key: column or expression), so a list nested in one
 * row has the keys the same fields have when selected flat. The keys are our own constants,
 * never input. JSON values skip drizzle's mapping: use it only for integers, bigints in number
 * mode and text, which arrive as they would flat (a date or timestamp would arrive as a string
 * while its type says Date).
 */
function jsonObjectOf<T extends Record<string, PgColumn | SQL>>(fields: T): SQL<Selected<T>> {
  const pairs = Object.entries(fields).map(([key, field]) => sql`${sql.raw(`'${key}'`)}, ${field}`);
  return sql<Selected<T>>`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * Designs with their default variant and shop, selecting the card columns; callers add
 * where/order/limit. ONE row per design (docs/catalog.md "Designs and variants").
 */
function selectCards(db: Db) {
  return db
    .select({
      ...cardFieldColumns,
      imagePath: firstImage.path,
      thumbnailPath: firstImage.thumbnailPath,
    })
    .from(productDesigns)
    .innerJoin(products, eq(products.id, productDesigns.defaultProductId))
    .innerJoin(shops, eq(shops.id, productDesigns.shopId))
    .leftJoinLateral(firstImage, sql`true`);
}

/** A card's fields as the grid, the sliders and the product page read them. */
export type ProductCardRow = Awaited<ReturnType<typeof selectCards>>[number];

/**
 * The words of a search (the first 8), lower-cased: each must occur somewhere in the product's name,
 * category, style, material or colour ('red shirt' finds a red slim-fit shirt).
 */
export function searchWords(q: string | undefined): string[] {
  return wordsOf(q, 8);
}

// Designs sort by their 'From' price (the cheapest live variant) and best percent off.
const ORDER_BY: Record<CatalogSort, SQL[]> = {
  newest: [desc(productDesigns.id)],
  price_asc: [asc(productDesigns.minPricePaise), desc(productDesigns.id)],
  price_desc: [desc(productDesigns.minPricePaise), desc(productDesigns.id)],
  rating: [desc(productDesigns.rating), desc(productDesigns.ratingCount), desc(productDesigns.id)],
  offer: [desc(productDesigns.bestDiscountPercent), desc(productDesigns.id)],
};

/**
 * The grid's filters as SQL with placeholders, and the values to bind. `shape` names which
 * filters are present and how many values each has: queries of one shape share one SQL text, so
 * they are prepared once (the driver keeps them prepared on each connection) instead of being
 * rebuilt and re-planned on every request.
 */
interface BoundFilters {
  shape: string;
  /** Conditions other than price: they also decide the slider's bounds. */
  conditions: SQL[];
  priceConditions: SQL[];
  params: Record<string, string | number>;
}

function bindFilters(query: CatalogQuery): BoundFilters {
  const params: Record<string, string | number> = {};
  const bindAll = (prefix: string, values: readonly (string | number)[]) =>
    values.map((value, index) => {
      params[`${prefix}${index}`] = value;
      return sql.placeholder(`${prefix}${index}`);
    });

  const words = searchWords(query.q);
  const conditions: SQL[] = [isNull(productDesigns.archivedAt)];
  for (const pattern of bindAll(
    'word',
    words.map((word) => containsPattern(word)),
  )) {
    conditions.push(sql`${productDesigns.searchText} like ${pattern}`);
  }
  const lists = [
    ['category', productDesigns.category, query.category],
    ['style', productDesigns.style, query.style],
    ['material', productDesigns.material, query.material],
  ] as const;
  for (const [name, column, values] of lists) {
    if (values?.length) conditions.push(inArray(column, bindAll(name, values)));
  }
  if (query.shopId !== undefined) {
    conditions.push(eq(productDesigns.shopId, bindAll('shop', [query.shopId])[0]!));
  }
  // Brands match in any case, through the index on lower(company).
  if (query.company?.length) {
    const companies = query.company.map((company) => company.toLowerCase());
    conditions.push(inArray(sql`lower(${productDesigns.company})`, bindAll('company', companies)));
  }

  // Size, colour, least discount and price belong to variants: a design matches when ONE of its
  // live variants matches them all (M in Red at 20 % off). The design's aggregates filter first
  // (indexed), then an EXISTS over its variants (products_design_idx) decides exactly.
  const variant = sql.raw('"v"');
  const variantConditions: SQL[] = [];
  if (query.size?.length) {
    const sizes = bindAll('size', query.size);
    conditions.push(sql`${productDesigns.sizes} && array[${sql.join(sizes, sql`, `)}]::text[]`);
    variantConditions.push(sql`${variant}.size in (${sql.join(sizes, sql`, `)})`);
  }
  if (query.colour?.length) {
    const colours = bindAll(
      'colour',
      query.colour.map((colour) => colour.toLowerCase()),
    );
    variantConditions.push(sql`lower(${variant}.colour) in (${sql.join(colours, sql`, `)})`);
  }
  // floor(share off the MRP x 100) >= N, as discountPercent rounds (products.ts).
  if (query.minDiscount !== undefined) {
    const least = bindAll('minDiscount', [query.minDiscount])[0]!;
    conditions.push(sql`${productDesigns.bestDiscountPercent} >= ${least}`);
    variantConditions.push(
      sql`(${variant}.mrp_paise - ${variant}.price_paise) * 100 / ${variant}.mrp_paise >= ${least}`,
    );
  }
  const priceVariantConditions: SQL[] = [];
  const priceConditions: SQL[] = [];
  if (query.minPricePaise !== undefined) {
    const least = bindAll('minPrice', [query.minPricePaise])[0]!;
    priceConditions.push(sql`${productDesigns.maxPricePaise} >= ${least}`);
    priceVariantConditions.push(sql`${variant}.price_paise >= ${least}`);
  }
  if (query.maxPricePaise !== undefined) {
    const most = bindAll('maxPrice', [query.maxPricePaise])[0]!;
    priceConditions.push(sql`${productDesigns.minPricePaise} <= ${most}`);
    priceVariantConditions.push(sql`${variant}.price_paise <= ${most}`);
  }
  const someVariant = (extra: SQL[]) =>
    sql`exists (select 1 from ${products} ${variant} where ${variant}.design_id = ${productDesigns.id}
      and ${variant}.archived_at is null and ${sql.join(extra, sql` and `)})`;
  if (variantConditions.length > 0) conditions.push(someVariant(variantConditions));
  if (priceVariantConditions.length > 0) {
    priceConditions.push(someVariant([...variantConditions, ...priceVariantConditions]));
  }
  const shape = [
    words.length,
    query.category?.length ?? 0,
    query.size?.length ?? 0,
    query.style?.length ?? 0,
    query.material?.length ?? 0,
    query.colour?.length ?? 0,
    query.shopId === undefined ? 0 : 1,
    query.company?.length ?? 0,
    query.minDiscount === undefined ? 0 : 1,
    query.minPricePaise === undefined ? 0 : 1,
    query.maxPricePaise === undefined ? 0 : 1,
  ].join('.');
  return { shape, conditions, priceConditions, params };
}

/** Prepared statements per database and query shape (bounded: shapes beyond it run unprepared). */
const MAX_PREPARED_SHAPES = 500;
const preparedByDb = new WeakMap<
  Db,
  Map<string, { execute(params: Record<string, unknown>): Promise<unknown> }>
>();
let preparedCounter = 0;

async function executePrepared<T>(
  db: Db,
  key: string,
  params: Record<string, unknown>,
  build: () => {
    prepare(name: string): { execute(params: Record<string, unknown>): Promise<T> };
    execute(params: Record<string, unknown>): Promise<T>;
  },
): Promise<T> {
  let statements = preparedByDb.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDb.set(db, statements);
  }
  let statement = statements.get(key);
  if (!statement) {
    if (statements.size >= MAX_PREPARED_SHAPES) return build().execute(params);
    preparedCounter += 1;
    statement = build().prepare(`catalog_${preparedCounter}`);
    statements.set(key, statement);
  }
  return (await statement.execute(params)) as T;
}

/** Count of the result (with the price filter) and its price bounds (without it), in paise. */
export interface CatalogSummary {
  total: number;
  minPricePaise: number | null;
  maxPricePaise: number | null;
}

/**
 * The grid's total and the price bounds of the result without the price filter, in one
 * aggregate over the filtered products.
 */
export async function findCatalogSummary(db: Db, query: CatalogQuery): Promise<CatalogSummary> {
  const filters = bindFilters(query);
  const priceMatch =
    filters.priceConditions.length > 0 ? and(...filters.priceConditions) : sql`true`;
  const rows = await executePrepared(db, `summary:${filters.shape}`, filters.params, () =>
    db
      .select({
        total: sql<number>`(count(*) filter (where ${priceMatch}))::int`,
        minPricePaise: sql<number | null>`min(${productDesigns.minPricePaise})`,
        maxPricePaise: sql<number | null>`max(${productDesigns.maxPricePaise})`,
      })
      .from(productDesigns)
      .where(and(...filters.conditions)),
  );
  const [summary] = rows;
  const toNumber = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    total: Number(summary?.total ?? 0),
    minPricePaise: toNumber(summary?.minPricePaise),
    maxPricePaise: toNumber(summary?.maxPricePaise),
  };
}

/** One page of the grid's products in the query's sort order (page from 1). */
export async function findProductRows(db: Db, query: CatalogQuery): Promise<ProductCardRow[]> {
  const filters = bindFilters(query);
  const params = {
    ...filters.params,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  return executePrepared(db, `rows:${filters.shape}:${query.sort}`, params, () =>
    selectCards(db)
      .where(and(...filters.conditions, ...filters.priceConditions))
      .orderBy(...ORDER_BY[query.sort])
      .limit(sql.placeholder('limit') as unknown as number)
      .offset(sql.placeholder('offset') as unknown as number),
  );
}

/** The newest products with a placement (best selling or new arrivals), at most `limit`. */
export async function findProductsByPlacement(
  db: Db,
  placement: Placement,
  limit: number,
): Promise<ProductCardRow[]> {
  return selectCards(db)
    .where(and(eq(productDesigns.placement, placement), isNull(productDesigns.archivedAt)))
    .orderBy(desc(productDesigns.id))
    .limit(limit);
}

/**
 * The best-selling slider's cards (docs/catalog.md): the designs of the `rankedIds` products
 * (variants) in that order, each once, then the shop-pinned `best_selling` designs, newest
 * first, to fill `limit`; never archived ones.
 */
export async function findBestSellingCards(
  db: Db,
  rankedIds: readonly number[],
  limit: number,
): Promise<ProductCardRow[]> {
  const [variants, pinned] = await Promise.all([
    rankedIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: products.id, designId: products.designId })
          .from(products)
          .where(inArray(products.id, [...rankedIds])),
    selectCards(db)
      .where(and(eq(productDesigns.placement, 'best_selling'), isNull(productDesigns.archivedAt)))
      .orderBy(desc(productDesigns.id))
      .limit(limit + rankedIds.length),
  ]);
  const designOf = new Map(variants.map((row) => [row.id, row.designId]));
  const rankedDesigns = [
    ...new Set(rankedIds.flatMap((id) => (designOf.has(id) ? [designOf.get(id)!] : []))),
  ];
  const ranked =
    rankedDesigns.length === 0
      ? []
      : await selectCards(db).where(
          and(inArray(productDesigns.id, rankedDesigns), isNull(productDesigns.archivedAt)),
        );
  const position = new Map(rankedDesigns.map((id, index) => [id, index]));
  const ordered = ranked.sort((a, b) => position.get(a.designId)! - position.get(b.designId)!);
  const seen = new Set(ordered.map((row) => row.designId));
  return [...ordered, ...pinned.filter((row) => !seen.has(row.designId))].slice(0, limit);
}

/** An image of the product page as the query answers it (storage keys, pixels). */
const detailImageColumns = {
  id: productImages.id,
  path: productImages.path,
  thumbnailPath: productImages.thumbnailPath,
  width: productImages.width,
  height: productImages.height,
};

/** Another variant of the design, beside the one the product page shows. */
const variant = alias(products, 'variant');

export type ProductDetailImageRow = Selected<typeof detailImageColumns>;
export type ProductVariantRow = Selected<typeof productVariantColumns>;

/**
 * The product page in ONE statement (prepared once per connection): the variant with its
 * design's card fields, its shop's city and its measurements, then as JSON lists its images
 * (own first, then the design's shared ones, by position) and every live variant of its design
 * (by colour in any case, then the SIZES order). A product page used to take three round trips,
 * and each round trip costs more CPU on a small server than the rows it carries (bench/README.md
 * "Catalog search").
 */
const detailColumns = {
  ...cardFieldColumns,
  chestInches: products.chestInches,
  lengthCm: products.lengthCm,
  shopCity: shops.city,
  hsnClass: productDesigns.hsnClass,
  images: sql<ProductDetailImageRow[]>`(select coalesce(json_agg(${jsonObjectOf(detailImageColumns)}
      order by ${sql.join(shownVariantImageOrder, sql`, `)}), '[]'::json)
    from ${productImages} where ${shownVariantImages})`,
  variants: sql<
    ProductVariantRow[]
  >`(select coalesce(json_agg(${jsonObjectOf(productVariantColumnsOf(variant))}
      order by lower(${variant.colour}), array_position(${SIZE_ORDER}, ${variant.size}::text), ${variant.id}),
      '[]'::json)
    from ${products} ${variant}
    where ${variant.designId} = ${productDesigns.id} and ${variant.archivedAt} is null)`,
};

/**
 * One live variant for its page: the card's fields (its image the first of `images`), chest
 * and length, the shop's city, the HSN class, `images` and the design's live `variants`;
 * undefined when missing or archived.
 */
export async function findProductDetail(db: Db, productId: number) {
  const [row] = await executePrepared(db, 'detail', { productId }, () =>
    db
      .select(detailColumns)
      .from(products)
      .innerJoin(productDesigns, eq(productDesigns.id, products.designId))
      .innerJoin(shops, eq(shops.id, productDesigns.shopId))
      .where(
        and(
          eq(products.id, sql.placeholder('productId') as unknown as number),
          isNull(products.archivedAt),
        ),
      ),
  );
  return row;
}

/** A product page's row: the card's fields (no image paths), the extras, `images`, `variants`. */
export type ProductDetailRow = NonNullable<Awaited<ReturnType<typeof findProductDetail>>>;

/** Shops with listed (not archived) designs, by name, with their counts; one shop when given. */
export async function findShopOptions(db: Db, shopId: number | undefined) {
  return db
    .select({ id: shops.id, name: shops.name, productCount: sql<number>`count(*)::int` })
    .from(productDesigns)
    .innerJoin(shops, eq(shops.id, productDesigns.shopId))
    .where(
      and(
        isNull(productDesigns.archivedAt),
        shopId === undefined ? undefined : eq(shops.id, shopId),
      ),
    )
    .groupBy(shops.id, shops.name)
    .orderBy(asc(shops.name), asc(shops.id));
}

/**
 * Brands (companies) of listed products, by name, with their counts (of one shop when given).
 * Spellings that differ only in case are one brand, named as most of its products write it.
 */
export async function findCompanyOptions(db: Db, shopId: number | undefined) {
  return db
    .select({
      name: sql<string>`mode() within group (order by ${productDesigns.company})`,
      productCount: sql<number>`count(*)::int`,
    })
    .from(productDesigns)
    .where(
      and(
        isNull(productDesigns.archivedAt),
        shopId === undefined ? undefined : eq(productDesigns.shopId, shopId),
      ),
    )
    .groupBy(sql`lower(${productDesigns.company})`)
    .orderBy(sql`lower(${productDesigns.company})`);
}

/**
 * The colours of listed designs (of one shop, or of all), one per name in any case (the name
 * most designs spell it with), each with how many designs have a live variant in it, by name.
 */
export async function findColourOptions(db: Db, shopId: number | undefined) {
  const colour = sql`colour_name`;
  return rowsOf<{ name: string; productCount: number }>(
    db,
    sql`
    select mode() within group (order by ${colour}) as name, count(distinct d.id)::int as "productCount"
    from ${productDesigns} d, unnest(d.colours) as ${colour}
    where d.archived_at is null ${shopId === undefined ? sql`` : sql`and d.shop_id = ${shopId}`}
    group by lower(${colour})
    order by lower(${colour})`,
  );
}

/** A shop's public facts with its listed products' count and rating, or undefined. */
export async function findShopStorefront(db: Db, shopId: number) {
  const listed = and(eq(products.shopId, shops.id), isNull(products.archivedAt));
  const [row] = await db
    .select({
      id: shops.id,
      name: shops.name,
      category: shops.category,
      description: shops.description,
      city: shops.city,
      district: shops.district,
      state: shops.state,
      gstin: shops.gstin,
      imagePath: shops.imagePath,
      // Cards: one per listed design.
      // Drizzle writes a one-table select's columns unqualified: the shop is named in full.
      productCount: sql<number>`(select count(*)::int from ${productDesigns} d
        where d.shop_id = "shops"."id" and d.archived_at is null)`,
      ratingCount: sql<number>`(select coalesce(sum(${products.ratingCount}), 0)::int
        from ${products} where ${listed})`,
      // Weighted by how many people rated each product.
      rating: sql<string | null>`(select round(sum(${products.rating} * ${products.ratingCount})
        / nullif(sum(${products.ratingCount}), 0), 1) from ${products} where ${listed})`,
    })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row;
}
