import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  cartItems,
  cartMerges,
  productImages,
  products,
  shops,
  users,
} from '../../db/schema/index.js';

/** Drizzle queries of the cart module (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

/**
 * The storage key of a product's first thumbnail, or null: the variant's own pictures first,
 * then its design's shared ones (docs/catalog.md "Designs and variants").
 */
export const firstThumbnailPath = sql<string | null>`(select ${productImages.thumbnailPath}
  from ${productImages} where ${productImages.designId} = ${products.designId}
    and (${productImages.productId} is null or ${productImages.productId} = ${products.id})
  order by (${productImages.productId} is null), ${productImages.position}, ${productImages.id}
  limit 1)`;

/** The product columns a cart line or wishlist item shows, with its shop. */
export const productColumns = {
  productId: products.id,
  name: products.name,
  company: products.company,
  sku: products.sku,
  category: products.category,
  size: products.size,
  colour: products.colour,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  hsnClass: products.hsnClass,
  rating: products.rating,
  stockQuantity: products.stockQuantity,
  archivedAt: products.archivedAt,
  shopId: shops.id,
  shopName: shops.name,
  thumbnailPath: firstThumbnailPath,
};

/** A user's cart lines joined with their products and shops, oldest line first. */
export async function findCartRows(db: Queryable, userId: string) {
  return db
    .select({ ...productColumns, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));
}

export type CartRow = Awaited<ReturnType<typeof findCartRows>>[number];

/**
 * Locks the user's row for the rest of the transaction so one customer's cart changes (two tabs,
 * a merge at login) run one after the other and the line limits hold.
 */
export async function lockCartOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Stock and archive state (and name) of products, for the cart's checks. */
export async function findProductsStock(db: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: products.id,
      name: products.name,
      stockQuantity: products.stockQuantity,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .where(inArray(products.id, [...productIds]));
}

/** The quantities of a user's cart lines, by product id. */
export async function findCartQuantities(db: Queryable, userId: string) {
  return db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
}

export async function countCartLines(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return row?.value ?? 0;
}

/** Sets a line's quantity, creating the line when the product is not in the cart yet. */
export async function upsertCartLine(
  tx: Tx,
  userId: string,
  productId: number,
  quantity: number,
): Promise<void> {
  await tx
    .insert(cartItems)
    .values({ userId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId],
      set: { quantity, updatedAt: sql`now()` },
    });
}

/** Removes a line; nothing happens when it is not there. */
export async function deleteCartLine(db: Queryable, userId: string, productId: number) {
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, productId)));
}

/** Products joined with their shops as cart lines show them (a visitor's cart preview). */
export async function findProductRows(db: Queryable, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(inArray(products.id, [...productIds]));
}

/** The adjustments a browser cart's earlier merge answered, or undefined when it is new. */
export async function findCartMerge(
  db: Queryable,
  userId: string,
  mergeId: string,
): Promise<unknown> {
  const [row] = await db
    .select({ adjustments: cartMerges.adjustments })
    .from(cartMerges)
    .where(and(eq(cartMerges.userId, userId), eq(cartMerges.mergeId, mergeId)));
  return row?.adjustments;
}

/** Records a browser cart's merge with what it capped or dropped. */
export async function insertCartMerge(
  tx: Tx,
  userId: string,
  mergeId: string,
  adjustments: unknown,
): Promise<void> {
  await tx.insert(cartMerges).values({ userId, mergeId, adjustments });
}
