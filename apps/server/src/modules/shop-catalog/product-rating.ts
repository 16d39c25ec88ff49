import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { refreshDesignSummary } from './design-summary.js';

/**
 * Stores a product's rating figures on its row (`rating`: average of the visible reviews, one
 * decimal, 0 without any; `rating_count`), inside the review change's transaction, so the grid's
 * cards and its "Top rated" sort read two columns, never an aggregate (docs/reviews.md); the
 * design's weighted rating follows in the same transaction.
 */
export async function setProductRating(
  tx: Tx,
  productId: number,
  figures: { average: number; count: number },
): Promise<void> {
  const rows = await tx
    .update(products)
    .set({ rating: figures.average, ratingCount: figures.count })
    .where(eq(products.id, productId))
    .returning({ designId: products.designId });
  // The design's card shows the rating of all its variants, weighted by their counts.
  await refreshDesignSummary(
    tx,
    rows.map((row) => row.designId),
  );
}

/** True when a product with this id exists (archived ones included: their reviews stay readable). */
export async function productExists(db: Db, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row !== undefined;
}
