import { and, asc, count, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ShopListKind, ShopProductQuery } from '@bazaar/shared';
import type { Db, Tx } from '../../db/client.js';
import {
  colours,
  companies,
  orderItems,
  productDesigns,
  productImages,
  productNames,
  products,
  shops,
} from '../../db/schema/index.js';
import { productVariantColumns } from '../../db/product-variants.js';
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

// Drizzle writes a single-table select's columns unqualified, so the outer product's columns
// are named in full inside these subqueries. A variant shows its own images first, then its
// design's shared ones (product_id null).
const outerProductId = sql.raw('"products"."id"');
const outerDesignId = sql.raw('"products"."design_id"');
const shownImages = sql`${productImages.designId} = ${outerDesignId}
  and (${productImages.productId} is null or ${productImages.productId} = ${outerProductId})`;
const firstThumbnail = sql<string | null>`(
  select ${productImages.thumbnailPath} from ${productImages} where ${shownImages}
  order by (${productImages.productId} is null), ${productImages.position}, ${productImages.id}
  limit 1)`;
const imageCount = sql<number>`(select count(*)::int from ${productImages} where ${shownImages})`;

const productColumns = {
  id: products.id,
  designId: products.designId,
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

/**
 * The filters of All Stock as conditions: each list matches any of its values; `lowStock` keeps
 * variants at or below the shop's low-stock level (units).
 */
function stockConditions(shopId: number, query: ShopProductQuery): SQL[] {
  const conditions: SQL[] = [eq(products.shopId, shopId), isNull(products.archivedAt)];
  if (query.designId !== undefined) conditions.push(eq(products.designId, query.designId));
  if (query.lowStock) {
    conditions.push(
      sql`${products.stockQuantity} <= (select ${shops.lowStockThreshold} from ${shops} where ${shops.id} = ${shopId})`,
    );
  }
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

/** Locks one live product of the shop for a change; answers its id, design and pair, or undefined. */
export async function lockShopProduct(
  tx: Tx,
  shopId: number,
  productId: number,
): Promise<
  | {
      id: number;
      designId: number;
      size: string;
      colour: string;
      mrpPaise: number;
      pricePaise: number;
    }
  | undefined
> {
  const [row] = await tx
    .select({
      id: products.id,
      designId: products.designId,
      size: products.size,
      colour: products.colour,
      mrpPaise: products.mrpPaise,
      pricePaise: products.pricePaise,
    })
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
export type NewProductImage = Omit<
  typeof productImages.$inferInsert,
  'id' | 'productId' | 'designId'
>;

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

/**
 * Adds image rows to a design: shared by its variants when `productId` is null, else that
 * variant's own.
 */
export async function insertImages(
  tx: Tx,
  owner: { designId: number; productId: number | null },
  images: readonly NewProductImage[],
): Promise<void> {
  if (images.length === 0) return;
  await tx.insert(productImages).values(images.map((image) => ({ ...image, ...owner })));
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

/** The image rows a variant shows: its own by position, then its design's shared ones. */
export async function findImages(db: Queryable, productId: number) {
  return db
    .select({
      id: productImages.id,
      productId: productImages.productId,
      designId: productImages.designId,
      position: productImages.position,
      path: productImages.path,
      thumbnailPath: productImages.thumbnailPath,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .innerJoin(products, eq(products.designId, productImages.designId))
    .where(
      and(
        eq(products.id, productId),
        sql`(${productImages.productId} is null or ${productImages.productId} = ${products.id})`,
      ),
    )
    .orderBy(
      sql`(${productImages.productId} is null)`,
      asc(productImages.position),
      asc(productImages.id),
    );
}

/** A design's shared image rows (those of no single variant), by position. */
export async function findDesignImages(db: Queryable, designId: number) {
  return db
    .select()
    .from(productImages)
    .where(and(eq(productImages.designId, designId), isNull(productImages.productId)))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

/**
 * How many live variants of the design show no image of their own (they show only the shared
 * ones), so deleting the last shared image would leave them bare.
 */
export async function countVariantsWithoutOwnImages(tx: Tx, designId: number): Promise<number> {
  const [row] = await tx
    .select({ count: count() })
    .from(products)
    .where(
      and(
        eq(products.designId, designId),
        isNull(products.archivedAt),
        sql`not exists (select 1 from ${productImages} where ${productImages.productId} = ${products.id})`,
      ),
    );
  return row?.count ?? 0;
}

/** Deletes one image row (by id within its design); answers its storage keys, or undefined. */
export async function deleteImage(
  tx: Tx,
  designId: number,
  imageId: number,
): Promise<{ path: string; thumbnailPath: string } | undefined> {
  const [row] = await tx
    .delete(productImages)
    .where(and(eq(productImages.id, imageId), eq(productImages.designId, designId)))
    .returning({ path: productImages.path, thumbnailPath: productImages.thumbnailPath });
  return row;
}

// ---- Designs (docs/shop-catalog.md "Designs") ----

export type NewDesign = Pick<
  typeof productDesigns.$inferInsert,
  | 'shopId'
  | 'company'
  | 'name'
  | 'category'
  | 'style'
  | 'material'
  | 'description'
  | 'hsnClass'
  | 'placement'
>;

/** Inserts a design without variants (its aggregates follow with refreshDesignSummary). */
export async function insertDesign(tx: Tx, values: NewDesign): Promise<number> {
  const [row] = await tx.insert(productDesigns).values(values).returning({ id: productDesigns.id });
  return row!.id;
}

const designColumns = {
  id: productDesigns.id,
  company: productDesigns.company,
  name: productDesigns.name,
  category: productDesigns.category,
  style: productDesigns.style,
  material: productDesigns.material,
  description: productDesigns.description,
  hsnClass: productDesigns.hsnClass,
  placement: productDesigns.placement,
  defaultProductId: productDesigns.defaultProductId,
  minPricePaise: productDesigns.minPricePaise,
  maxPricePaise: productDesigns.maxPricePaise,
  colours: productDesigns.colours,
  sizes: productDesigns.sizes,
  stockTotal: productDesigns.stockTotal,
};
export type ShopDesignRow = Awaited<ReturnType<typeof findShopDesign>> & object;

/** A listed (not archived) design of the shop, or undefined. */
export async function findShopDesign(db: Queryable, shopId: number, designId: number) {
  const [row] = await db
    .select(designColumns)
    .from(productDesigns)
    .where(
      and(
        eq(productDesigns.id, designId),
        eq(productDesigns.shopId, shopId),
        isNull(productDesigns.archivedAt),
      ),
    );
  return row;
}

/** Locks a listed design of the shop for a change (`for update`); its id, or undefined. */
export async function lockShopDesign(
  tx: Tx,
  shopId: number,
  designId: number,
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .select({ id: productDesigns.id })
    .from(productDesigns)
    .where(
      and(
        eq(productDesigns.id, designId),
        eq(productDesigns.shopId, shopId),
        isNull(productDesigns.archivedAt),
      ),
    )
    .for('update');
  return row;
}

/**
 * Changes a design's own fields and copies them onto its live variants in the same statement
 * pair, so carts, orders and invoices keep reading one products row (decision 29).
 */
export async function updateDesignFields(
  tx: Tx,
  designId: number,
  values: Partial<Omit<NewDesign, 'shopId'>>,
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  const now = new Date();
  await tx
    .update(productDesigns)
    .set({ ...values, updatedAt: now })
    .where(eq(productDesigns.id, designId));
  await tx
    .update(products)
    .set({ ...values, updatedAt: now })
    .where(and(eq(products.designId, designId), isNull(products.archivedAt)));
}

/** The live variants of a design, locked in id order for a change. */
export async function lockDesignVariants(tx: Tx, designId: number) {
  return tx
    .select(productVariantColumns)
    .from(products)
    .where(and(eq(products.designId, designId), isNull(products.archivedAt)))
    .orderBy(asc(products.id))
    .for('update');
}

/** The shop's products (any design, archived too) holding any of `skus`. */
export async function findSkusTaken(
  db: Queryable,
  shopId: number,
  skus: readonly string[],
): Promise<{ id: number; sku: string }[]> {
  if (skus.length === 0) return [];
  return db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.sku, [...skus])));
}

/** What an edit writes on a saved variant (its stock moves through the ledger instead). */
export interface VariantUpdate {
  id: number;
  sku: string;
  size: string;
  colour: string;
  chestInches: number;
  lengthCm: number;
  mrpPaise: number;
  pricePaise: number;
}

/**
 * Writes saved variants of the design back live with their SKU, size, colour, measures and money
 * (paise), in one statement per 500 rows rather than one per variant: a design of 500 variants
 * saves in a round trip (docs/shop-catalog.md "Designs and variants"). Ids of another design are
 * left alone.
 */
export async function updateVariants(
  tx: Tx,
  designId: number,
  rows: readonly VariantUpdate[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    const values = rows
      .slice(start, start + 500)
      .map(
        (row) =>
          sql`(${row.id}::int, ${row.sku}::varchar, ${row.size}::varchar, ${row.colour}::varchar, ${row.chestInches}::smallint, ${row.lengthCm}::smallint, ${row.mrpPaise}::bigint, ${row.pricePaise}::bigint)`,
      );
    await tx.execute(sql`
      update ${products} set
        sku = v.sku, size = v.size, colour = v.colour, chest_inches = v.chest_inches,
        length_cm = v.length_cm, mrp_paise = v.mrp_paise, price_paise = v.price_paise,
        archived_at = null, updated_at = now()
      from (values ${sql.join(values, sql`, `)})
        as v(id, sku, size, colour, chest_inches, length_cm, mrp_paise, price_paise)
      where ${products.id} = v.id and ${products.designId} = ${designId}`);
  }
}

/** Inserts variants (no stock yet: the ledger sets it) and answers their ids in order. */
export async function insertVariants(
  tx: Tx,
  values: readonly Omit<NewProduct, 'stockQuantity'>[],
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = await tx
    .insert(products)
    .values([...values])
    .returning({ id: products.id });
  return rows.map((row) => row.id);
}

/** Archives live variants of the design (placement back to normal); answers how many. */
export async function archiveVariants(
  tx: Tx,
  designId: number,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({ archivedAt: new Date(), placement: 'normal', updatedAt: new Date() })
    .where(and(eq(products.designId, designId), inArray(products.id, [...productIds])));
}

/** The entries of a shop's list whose names equal any of `names` ignoring case, by lower name. */
export async function findListEntriesByNames(
  db: Queryable,
  kind: ShopListKind,
  shopId: number,
  names: readonly string[],
): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const table = LIST_TABLES[kind];
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  const rows = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.shopId, shopId), inArray(sql`lower(${table.name})`, lowered)));
  return new Map(rows.map((row) => [row.name.toLowerCase(), row.name]));
}

/** Deletes a design that has no products left (its shared images go by cascade). */
export async function deleteDesignIfEmpty(
  tx: Tx,
  designId: number,
): Promise<{ path: string; thumbnailPath: string }[]> {
  const [left] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.designId, designId))
    .limit(1);
  if (left) return [];
  const files = await tx
    .select({ path: productImages.path, thumbnailPath: productImages.thumbnailPath })
    .from(productImages)
    .where(eq(productImages.designId, designId));
  await tx.delete(productDesigns).where(eq(productDesigns.id, designId));
  return files;
}

/** The shop's low-stock level (units). */
export async function findLowStockThreshold(db: Queryable, shopId: number): Promise<number> {
  const [row] = await db
    .select({ threshold: shops.lowStockThreshold })
    .from(shops)
    .where(eq(shops.id, shopId));
  return row?.threshold ?? 5;
}

/** Sets the shop's low-stock level (units). */
export async function setLowStockThreshold(
  db: Queryable,
  shopId: number,
  threshold: number,
): Promise<void> {
  await db.update(shops).set({ lowStockThreshold: threshold }).where(eq(shops.id, shopId));
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

/** The live variants of a design as the design answers list them (sorted by the service). */
export async function findDesignVariantRows(db: Queryable, designId: number) {
  return db
    .select(productVariantColumns)
    .from(products)
    .where(and(eq(products.designId, designId), isNull(products.archivedAt)));
}

/** The design's own fields, as copied onto each of its variants. */
export async function findDesignFields(tx: Tx, designId: number) {
  const [row] = await tx
    .select({
      company: productDesigns.company,
      name: productDesigns.name,
      category: productDesigns.category,
      style: productDesigns.style,
      material: productDesigns.material,
      description: productDesigns.description,
      hsnClass: productDesigns.hsnClass,
      placement: productDesigns.placement,
    })
    .from(productDesigns)
    .where(eq(productDesigns.id, designId));
  return row!;
}

/**
 * Gives the variants a placeholder SKU (`~<id>`, which no seller SKU can be) so that, within
 * one save, two variants may swap SKUs without meeting the shop's unique index.
 */
export async function releaseSkus(tx: Tx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx
    .update(products)
    .set({ sku: sql`'~' || ${products.id}` })
    .where(inArray(products.id, [...productIds]));
}
