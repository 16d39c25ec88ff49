import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { CatalogQuery, CatalogSort, Placement } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { containsPattern, searchWords as wordsOf } from '../../db/search.js';
import { discountPercentSql, productImages, products, shops } from '../../db/schema/index.js';

/** The columns a product card needs, plus its first image's storage keys. */
const cardColumns = {
  id: products.id,
  sku: products.sku,
  shopId: products.shopId,
  shopName: shops.name,
  company: products.company,
  name: products.name,
  category: products.category,
  style: products.style,
  material: products.material,
  colour: products.colour,
  size: products.size,
  mrpPaise: products.mrpPaise,
  pricePaise: products.pricePaise,
  rating: products.rating,
  ratingCount: products.ratingCount,
  description: products.description,
  placement: products.placement,
  stockQuantity: products.stockQuantity,
  imagePath: sql<string | null>`(select ${productImages.path} from ${productImages}
    where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`,
  thumbnailPath: sql<string | null>`(select ${productImages.thumbnailPath} from ${productImages}
    where ${productImages.productId} = ${products.id} order by ${productImages.position}, ${productImages.id} limit 1)`,
};

/** Products joined with their shop, selecting the card columns; callers add where/order/limit. */
function selectCards(db: Db) {
  return db.select(cardColumns).from(products).innerJoin(shops, eq(shops.id, products.shopId));
}

export type ProductCardRow = Awaited<ReturnType<typeof selectCards>>[number];

/**
 * The words of a search (the first 8), lower-cased: each must occur somewhere in the product's name,
 * category, style, material or colour ('red shirt' finds a red slim-fit shirt).
 */
export function searchWords(q: string | undefined): string[] {
  return wordsOf(q, 8);
}

const ORDER_BY: Record<CatalogSort, SQL[]> = {
  newest: [desc(products.id)],
  price_asc: [asc(products.pricePaise), desc(products.id)],
  price_desc: [desc(products.pricePaise), desc(products.id)],
  rating: [desc(products.rating), desc(products.ratingCount), desc(products.id)],
  // Biggest share off the MRP first (the order of discountPercent, without its rounding down).
  offer: [
    desc(sql`(${products.mrpPaise} - ${products.pricePaise})::float8 / ${products.mrpPaise}`),
    desc(products.id),
  ],
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
  const conditions: SQL[] = [isNull(products.archivedAt)];
  for (const pattern of bindAll(
    'word',
    words.map((word) => containsPattern(word)),
  )) {
    conditions.push(sql`${products.searchText} like ${pattern}`);
  }
  const lists = [
    ['category', products.category, query.category],
    ['size', products.size, query.size],
    ['style', products.style, query.style],
    ['material', products.material, query.material],
  ] as const;
  for (const [name, column, values] of lists) {
    if (values?.length) conditions.push(inArray(column, bindAll(name, values)));
  }
  if (query.colour?.length) {
    const colours = query.colour.map((colour) => colour.toLowerCase());
    conditions.push(inArray(sql`lower(${products.colour})`, bindAll('colour', colours)));
  }
  if (query.shopId !== undefined) {
    conditions.push(eq(products.shopId, bindAll('shop', [query.shopId])[0]!));
  }
  // Brands match in any case, through the index on lower(company).
  if (query.company?.length) {
    const companies = query.company.map((company) => company.toLowerCase());
    conditions.push(inArray(sql`lower(${products.company})`, bindAll('company', companies)));
  }
  // floor(share off the MRP x 100) >= N, written as the indexed expression (products.ts).
  if (query.minDiscount !== undefined) {
    conditions.push(
      sql`${discountPercentSql} >= ${bindAll('minDiscount', [query.minDiscount])[0]!}`,
    );
  }
  const priceConditions: SQL[] = [];
  if (query.minPricePaise !== undefined) {
    priceConditions.push(gte(products.pricePaise, bindAll('minPrice', [query.minPricePaise])[0]!));
  }
  if (query.maxPricePaise !== undefined) {
    priceConditions.push(lte(products.pricePaise, bindAll('maxPrice', [query.maxPricePaise])[0]!));
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
    execute(): Promise<T>;
  },
): Promise<T> {
  let statements = preparedByDb.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDb.set(db, statements);
  }
  let statement = statements.get(key);
  if (!statement) {
    if (statements.size >= MAX_PREPARED_SHAPES) return build().execute();
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
        minPricePaise: sql<number | null>`min(${products.pricePaise})`,
        maxPricePaise: sql<number | null>`max(${products.pricePaise})`,
      })
      .from(products)
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
    .where(and(eq(products.placement, placement), isNull(products.archivedAt)))
    .orderBy(desc(products.id))
    .limit(limit);
}

/**
 * The best-selling slider's cards (docs/catalog.md): the `rankedIds` products in that order, then
 * the shop-pinned `best_selling` products, newest first, to fill `limit`; never archived ones.
 */
export async function findBestSellingCards(
  db: Db,
  rankedIds: readonly number[],
  limit: number,
): Promise<ProductCardRow[]> {
  const [ranked, pinned] = await Promise.all([
    rankedIds.length === 0
      ? Promise.resolve([])
      : selectCards(db).where(
          and(inArray(products.id, [...rankedIds]), isNull(products.archivedAt)),
        ),
    selectCards(db)
      .where(and(eq(products.placement, 'best_selling'), isNull(products.archivedAt)))
      .orderBy(desc(products.id))
      .limit(limit + rankedIds.length),
  ]);
  const position = new Map(rankedIds.map((id, index) => [id, index]));
  const ordered = ranked.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  const seen = new Set(ordered.map((row) => row.id));
  return [...ordered, ...pinned.filter((row) => !seen.has(row.id))].slice(0, limit);
}

/** One product with its shop's city and measurements, or undefined when missing or archived. */
export async function findProductDetail(db: Db, productId: number) {
  const [row] = await db
    .select({
      ...cardColumns,
      chestInches: products.chestInches,
      lengthCm: products.lengthCm,
      shopCity: shops.city,
      hsnClass: products.hsnClass,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(products.id, productId), isNull(products.archivedAt)));
  if (!row) return undefined;
  const images = await db
    .select({
      id: productImages.id,
      path: productImages.path,
      thumbnailPath: productImages.thumbnailPath,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
  return { row, images };
}

/** Shops with listed (not archived) products, by name, with their counts; one shop when given. */
export async function findShopOptions(db: Db, shopId: number | undefined) {
  return db
    .select({ id: shops.id, name: shops.name, productCount: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(
      and(isNull(products.archivedAt), shopId === undefined ? undefined : eq(shops.id, shopId)),
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
      name: sql<string>`mode() within group (order by ${products.company})`,
      productCount: sql<number>`count(*)::int`,
    })
    .from(products)
    .where(
      and(
        isNull(products.archivedAt),
        shopId === undefined ? undefined : eq(products.shopId, shopId),
      ),
    )
    .groupBy(sql`lower(${products.company})`)
    .orderBy(sql`lower(${products.company})`);
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
      productCount: sql<number>`(select count(*)::int from ${products} where ${listed})`,
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
