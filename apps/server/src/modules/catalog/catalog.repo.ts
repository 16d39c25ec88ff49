import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { CatalogQuery, CatalogSort, Placement } from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { productImages, products, shops } from '../../db/schema/index.js';

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
  offerPercent: products.offerPercent,
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

/** Escapes LIKE wildcards so a search for '50%' or 'a_b' matches those characters literally. */
export function escapeLikePattern(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * The words of a search, lower-cased: each must occur somewhere in the product's name,
 * category, style, material or colour ('red shirt' finds a red slim-fit shirt).
 */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').toLowerCase().split(/\s+/).filter((word) => word.length > 0).slice(0, 8);
}

const ORDER_BY: Record<CatalogSort, SQL[]> = {
  newest: [desc(products.id)],
  price_asc: [asc(products.pricePaise), desc(products.id)],
  price_desc: [desc(products.pricePaise), desc(products.id)],
  rating: [desc(products.rating), desc(products.ratingCount), desc(products.id)],
  offer: [desc(products.offerPercent), desc(products.id)],
};

/** Conditions of the grid's filters other than price: these also decide the slider's bounds. */
function filterConditions(query: CatalogQuery): SQL[] {
  const conditions: SQL[] = [isNull(products.archivedAt)];
  for (const word of searchWords(query.q)) {
    conditions.push(sql`${products.searchText} like ${`%${escapeLikePattern(word)}%`}`);
  }
  if (query.category?.length) conditions.push(inArray(products.category, query.category));
  if (query.size?.length) conditions.push(inArray(products.size, query.size));
  if (query.style?.length) conditions.push(inArray(products.style, query.style));
  if (query.material?.length) conditions.push(inArray(products.material, query.material));
  if (query.colour?.length) {
    conditions.push(
      inArray(
        sql`lower(${products.colour})`,
        query.colour.map((colour) => colour.toLowerCase()),
      ),
    );
  }
  if (query.shopId !== undefined) conditions.push(eq(products.shopId, query.shopId));
  return conditions;
}

function priceConditions(query: CatalogQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.minPricePaise !== undefined) conditions.push(gte(products.pricePaise, query.minPricePaise));
  if (query.maxPricePaise !== undefined) conditions.push(lte(products.pricePaise, query.maxPricePaise));
  return conditions;
}

/**
 * One page of the product grid, its total and the price bounds of the result without the price
 * filter, in two queries. Prices in paise.
 */
export async function findProductPage(
  db: Db,
  query: CatalogQuery,
): Promise<{ rows: ProductCardRow[]; total: number; minPricePaise: number | null; maxPricePaise: number | null }> {
  const filters = filterConditions(query);
  const prices = priceConditions(query);
  const priceMatch = prices.length > 0 ? and(...prices) : sql`true`;

  const [summary] = await db
    .select({
      total: sql<number>`(count(*) filter (where ${priceMatch}))::int`,
      minPricePaise: sql<number | null>`min(${products.pricePaise})`,
      maxPricePaise: sql<number | null>`max(${products.pricePaise})`,
    })
    .from(products)
    .where(and(...filters));

  const total = summary?.total ?? 0;
  const offset = (query.page - 1) * query.pageSize;
  const rows =
    total === 0 || offset >= total
      ? []
      : await selectCards(db)
          .where(and(...filters, ...prices))
          .orderBy(...ORDER_BY[query.sort])
          .limit(query.pageSize)
          .offset(offset);

  return {
    rows,
    total,
    minPricePaise: summary?.minPricePaise === null || summary?.minPricePaise === undefined ? null : Number(summary.minPricePaise),
    maxPricePaise: summary?.maxPricePaise === null || summary?.maxPricePaise === undefined ? null : Number(summary.maxPricePaise),
  };
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

/** One product with its shop's city and measurements, or undefined when missing or archived. */
export async function findProductDetail(db: Db, productId: number) {
  const [row] = await db
    .select({ ...cardColumns, chestInches: products.chestInches, lengthCm: products.lengthCm, shopCity: shops.city })
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
