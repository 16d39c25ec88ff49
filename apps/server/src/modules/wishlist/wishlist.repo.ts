import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { products, shops, wishlistItems } from '../../db/schema/index.js';
import { productColumns } from '../cart/index.js';

/** Drizzle queries of the wishlist module (SQL only; the rules are in the service). */

type Queryable = Db | Tx;

/** A user's wishlisted products with their shops, newest first. */
export async function findWishlistRows(db: Queryable, userId: string) {
  return db
    .select({ ...productColumns, addedAt: wishlistItems.addedAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
}

export type WishlistRow = Awaited<ReturnType<typeof findWishlistRows>>[number];

export async function hasWishlistItem(db: Queryable, userId: string, productId: number) {
  const [row] = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return row !== undefined;
}

export async function countWishlistItems(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId));
  return row?.value ?? 0;
}

/** Adds a product; nothing happens when it is already there. */
export async function insertWishlistItem(db: Queryable, userId: string, productId: number) {
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

/** Removes a product; answers whether a row was removed. */
export async function deleteWishlistItem(
  db: Queryable,
  userId: string,
  productId: number,
): Promise<boolean> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ productId: wishlistItems.productId });
  return removed.length > 0;
}

/** Whether a product exists and is not archived. */
export async function productIsListed(db: Queryable, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.archivedAt)));
  return row !== undefined;
}
