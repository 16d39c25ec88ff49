import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ShopListKind, ShopProductQuery } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  colours,
  companies,
  orderItems,
  productImages,
  productNames,
  products,
} from '../../db/schema/index.js';
import { containsPattern } from '../../db/search.js';

/** Drizzle queries of the shop catalog module (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

/** The table behind each pick-list; all three have id, shop_id and name. */
const LIST_TABLES = {
  colours,
  companies,
  'product-names': productNames,
} as const;

/** A shop's list entries by name (A-Z), optionally those whose name contains `search`. */
export async function findListEntries(
  db: Queryable,
  kind: ShopListKind,
  shopId: number,
  search: string | undefined,
): Promise<{ id: number; name: string }[]> {
  const table = LIST_TABLES[kind];
  const conditions: SQL[] = [eq(table.shopId, shopId)];
  if (search) conditions.push(ilike(table.name, containsPattern(search)));
  return db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
}

/** The entry of the shop's list whose name equals `name` case-insensitively, if any. */
export async function findListEntryByName(
  db: Queryable,
  kind: ShopListKind,
  shopId: number,
  name: string,
): Promise<{ id: number; name: string } | undefined> {
  const table = LIST_TABLES[kind];
  const [row] = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(eq(table.shopId, shopId), sql`lower(${table.name}) = lower(${name})`))
    .limit(1);
  return row;
}

/** Inserts a list entry; the unique index refuses an exact duplicate name (23505). */
export async function insertListEntry(
  db: Queryable,
  kind: ShopListKind,
  shopId: number,
  name: string,
): Promise<{ id: number; name: string }> {
  const table = LIST_TABLES[kind];
  const [row] = await db
    .insert(table)
    .values({ shopId, name })
    .returning({ id: table.id, name: table.name });
  return row!;
}

/** Deletes one entry of the shop's list; returns false when the shop has no such entry. */
export async function deleteListEntry(
  db: Queryable,
  kind: ShopListKind,
  shopId: number,
  id: number,
): Promise<boolean> {
  const table = LIST_TABLES[kind];
  const deleted = await db
    .delete(table)
    .where(and(eq(table.id, id), eq(table.shopId, shopId)))
    .returning({ id: table.id });
  return deleted.length > 0;
}

// Drizzle writes a single-table select's columns unqualified, so the outer product's id is
// named in full inside these subqueries.
const outerProductId = sql.raw('"products"."id"');
const firstThumbnail = sql<string | null>`(
  select ${productImages.thumbnailPath} from ${productImages}
  where ${productImages.productId} = ${outerProductId}
  order by ${productImages.position}, ${productImages.id} limit 1)`;
const imageCount = sql<number>`(
  select count(*)::int from ${productImages} where ${productImages.productId} = ${outerProductId})`;

const productColumns = {
  id: products.id,
  sku: products.sku,
  company: products.company,
  name: products.name,
  category: products.category,
  style: products.style,
  material: products.material,
  colour: products.colour,
  size: products.size,
  chestInches: products.chestInches,
  lengthCm: products.lengthCm,
  quantity: products.stockQuantity,
  mrpPaise: products.mrpPaise,
  pricePaise: products.pricePaise,
  description: products.description,
  hsnClass: products.hsnClass,
  placement: products.placement,
  thumbnailPath: firstThumbnail,
  imageCount,
};

function selectProducts(db: Queryable) {
  return db.select(productColumns).from(products);
}

export type ShopProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

/** A live (not archived) product of the shop, or undefined. */
function ownLive(shopId: number, productId: number): SQL {
  return and(
    eq(products.id, productId),
    eq(products.shopId, shopId),
    isNull(products.archivedAt),
  ) as SQL;
}

/** The text columns All Stock filters on. */
type FilterColumn =
  | typeof products.company
  | typeof products.name
  | typeof products.category
  | typeof products.size
  | typeof products.colour;

/** The filters of All Stock as conditions: each list matches any of its values. */
function stockConditions(shopId: number, query: ShopProductQuery): SQL[] {
  const conditions: SQL[] = [eq(products.shopId, shopId), isNull(products.archivedAt)];
  const anyOf = (column: FilterColumn, values: string[] | undefined) => {
    if (values && values.length > 0) conditions.push(inArray(column, values));
  };
  anyOf(products.company, query.company);
  anyOf(products.name, query.product);
  anyOf(products.category, query.category);
  anyOf(products.size, query.size);
  anyOf(products.colour, query.colour);
  return conditions;
}

/** One page of the shop's live products, newest first, and how many match. */
export async function findShopProducts(
  db: Queryable,
  shopId: number,
  query: ShopProductQuery,
  pageSize: number,
): Promise<{ rows: ShopProductRow[]; total: number }> {
  const where = and(...stockConditions(shopId, query));
  const [rows, [totals]] = await Promise.all([
    selectProducts(db)
      .where(where)
      .orderBy(desc(products.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(products).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** The shop's live products pinned to a placement, newest first. */
export async function findShopProductsByPlacement(
  db: Queryable,
  shopId: number,
  placement: string,
): Promise<ShopProductRow[]> {
  return selectProducts(db)
    .where(
      and(
        eq(products.shopId, shopId),
        isNull(products.archivedAt),
        eq(products.placement, placement),
      ),
    )
    .orderBy(desc(products.id));
}

/** The shop's live products among `ids` (the storefront's best sellers), in any order. */
export async function findShopProductsByIds(
  db: Queryable,
  shopId: number,
  ids: readonly number[],
): Promise<ShopProductRow[]> {
  if (ids.length === 0) return [];
  return selectProducts(db)
    .where(
      and(eq(products.shopId, shopId), isNull(products.archivedAt), inArray(products.id, [...ids])),
    )
    .orderBy(desc(products.id));
}

/** One live product of the shop, or undefined (another shop's id is never found). */
export async function findShopProduct(
  db: Queryable,
  shopId: number,
  productId: number,
): Promise<ShopProductRow | undefined> {
  const [row] = await selectProducts(db).where(ownLive(shopId, productId));
  return row;
}

/** Locks one live product of the shop for a change; answers its id, or undefined. */
export async function lockShopProduct(
  tx: Tx,
  shopId: number,
  productId: number,
): Promise<{ id: number; mrpPaise: number; pricePaise: number } | undefined> {
  const [row] = await tx
    .select({ id: products.id, mrpPaise: products.mrpPaise, pricePaise: products.pricePaise })
    .from(products)
    .where(ownLive(shopId, productId))
    .for('update');
  return row;
}

/** The distinct values of the shop's live products for All Stock's five selects. */
export async function findFilterValues(db: Queryable, shopId: number) {
  const live = and(eq(products.shopId, shopId), isNull(products.archivedAt));
  const distinct = async (column: FilterColumn): Promise<string[]> =>
    (
      await db.selectDistinct({ value: column }).from(products).where(live).orderBy(asc(column))
    ).map((row) => row.value);
  const [companyValues, nameValues, categoryValues, sizeValues, colourValues] = await Promise.all([
    distinct(products.company),
    distinct(products.name),
    distinct(products.category),
    distinct(products.size),
    distinct(products.colour),
  ]);
  return {
    companies: companyValues,
    products: nameValues,
    categories: categoryValues,
    sizes: sizeValues,
    colours: colourValues,
  };
}

export type NewProduct = Omit<typeof products.$inferInsert, 'id' | 'searchText'>;
export type NewProductImage = Omit<typeof productImages.$inferInsert, 'id' | 'productId'>;

/**
 * Inserts a product with no stock and returns its id: its quantity is set through the stock ledger
 * (product-stock-ledger.ts), so the history starts with it.
 */
export async function insertProduct(
  tx: Tx,
  values: Omit<NewProduct, 'stockQuantity'>,
): Promise<number> {
  const [row] = await tx.insert(products).values(values).returning({ id: products.id });
  return row!.id;
}

/** Adds image rows to a product. */
export async function insertImages(
  tx: Tx,
  productId: number,
  images: readonly NewProductImage[],
): Promise<void> {
  if (images.length === 0) return;
  await tx.insert(productImages).values(images.map((image) => ({ ...image, productId })));
}

/** Changes a product's columns and its updated time. */
export async function updateProduct(
  tx: Tx,
  productId: number,
  values: Partial<Omit<NewProduct, 'stockQuantity'>>,
): Promise<void> {
  await tx
    .update(products)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(products.id, productId));
}

/** A product's image rows by position. */
export async function findImages(db: Queryable, productId: number) {
  return db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

/** Deletes one image row of a product; answers its storage keys, or undefined. */
export async function deleteImage(
  tx: Tx,
  productId: number,
  imageId: number,
): Promise<{ path: string; thumbnailPath: string } | undefined> {
  const [row] = await tx
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
    .returning({ path: productImages.path, thumbnailPath: productImages.thumbnailPath });
  return row;
}

/** True when any order ever included the product (it must then be archived, not erased). */
export async function wasOrdered(tx: Tx, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.productId, productId))
    .limit(1);
  return row !== undefined;
}

/** Erases a product (its images, cart and wishlist rows go with it by cascade). */
export async function deleteProduct(tx: Tx, productId: number): Promise<void> {
  await tx.delete(products).where(eq(products.id, productId));
}
