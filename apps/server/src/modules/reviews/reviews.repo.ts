import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  productRatingSummaries,
  productReviews,
  reviewHelpfulVotes,
} from '../../db/schema/index.js';

/** Drizzle queries of the reviews module (docs/reviews.md). */

export type ReviewRow = typeof productReviews.$inferSelect;
export type NewReviewRow = typeof productReviews.$inferInsert;

/** Where a keyset page starts: the last row of the page before. */
export interface ReviewCursor {
  helpfulCount?: number;
  createdAt: string;
  id: number;
}

/** Inserts a review; null when its order item has one already (the unique index). */
export async function insertReview(tx: Tx, row: NewReviewRow): Promise<ReviewRow | null> {
  const [inserted] = await tx
    .insert(productReviews)
    .values(row)
    .onConflictDoNothing({ target: productReviews.orderItemId })
    .returning();
  return inserted ?? null;
}

export async function findReview(db: Db | Tx, reviewId: number): Promise<ReviewRow | null> {
  const [row] = await db.select().from(productReviews).where(eq(productReviews.id, reviewId));
  return row ?? null;
}

/** The review row locked for a change (reply, hide, helpful count). */
export async function lockReview(tx: Tx, reviewId: number): Promise<ReviewRow | null> {
  const [row] = await tx
    .select()
    .from(productReviews)
    .where(eq(productReviews.id, reviewId))
    .for('update');
  return row ?? null;
}

export async function updateReview(
  tx: Tx,
  reviewId: number,
  values: Partial<NewReviewRow>,
): Promise<ReviewRow> {
  const [row] = await tx
    .update(productReviews)
    .set(values)
    .where(eq(productReviews.id, reviewId))
    .returning();
  if (!row) throw new Error(`Review ${reviewId} vanished inside its transaction`);
  return row;
}

/** Reviews of the given order items. */
export async function reviewsOfOrderItems(
  db: Db,
  orderItemIds: readonly number[],
): Promise<ReviewRow[]> {
  if (orderItemIds.length === 0) return [];
  return db
    .select()
    .from(productReviews)
    .where(inArray(productReviews.orderItemId, [...orderItemIds]));
}

const STAR_COLUMNS = [
  productRatingSummaries.stars1,
  productRatingSummaries.stars2,
  productRatingSummaries.stars3,
  productRatingSummaries.stars4,
  productRatingSummaries.stars5,
] as const;
const STAR_KEYS = ['stars1', 'stars2', 'stars3', 'stars4', 'stars5'] as const;

/**
 * Adds `change` (+1 a review shown, -1 one hidden) to the product's count of `rating` stars in
 * one upsert (the row is locked until the transaction ends, so concurrent reviews of one product
 * add up) and answers the five counts after it, 1 star first.
 */
export async function addToSummary(
  tx: Tx,
  productId: number,
  rating: number,
  change: 1 | -1,
): Promise<number[]> {
  const key = STAR_KEYS[rating - 1];
  const column = STAR_COLUMNS[rating - 1];
  if (!key || !column) throw new Error(`Rating ${rating} is not 1-5`);
  const [row] = await tx
    .insert(productRatingSummaries)
    .values({ productId, [key]: Math.max(0, change) })
    .onConflictDoUpdate({
      target: productRatingSummaries.productId,
      set: { [key]: sql`${column} + ${change}`, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error(`No rating summary for product ${productId}`);
  return STAR_KEYS.map((k) => row[k]);
}

/** The product's five star counts (1 star first), zeros when it has no summary row. */
export async function summaryOf(db: Db, productId: number): Promise<number[] | null> {
  const [row] = await db
    .select()
    .from(productRatingSummaries)
    .where(eq(productRatingSummaries.productId, productId));
  return row ? STAR_KEYS.map((k) => row[k]) : null;
}

/**
 * One keyset page of a product's visible reviews: `helpful` by helpful count, then newest;
 * `newest` by time. Reads `limit + 1` rows, so the caller knows whether a next page exists.
 */
export async function productReviewPage(
  db: Db,
  productId: number,
  sort: 'helpful' | 'newest',
  cursor: ReviewCursor | null,
  limit: number,
): Promise<ReviewRow[]> {
  const t = productReviews;
  const conditions: (SQL | undefined)[] = [eq(t.productId, productId), isNull(t.hiddenAt)];
  if (cursor) conditions.push(after(cursor, sort === 'helpful'));
  const order =
    sort === 'helpful'
      ? [desc(t.helpfulCount), desc(t.createdAt), desc(t.id)]
      : [desc(t.createdAt), desc(t.id)];
  return db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(limit + 1);
}

/** Rows strictly after the cursor in the descending order of (helpful?, createdAt, id). */
function after(cursor: ReviewCursor, byHelpful: boolean): SQL {
  const t = productReviews;
  const at = new Date(cursor.createdAt);
  const byTime = or(lt(t.createdAt, at), and(eq(t.createdAt, at), lt(t.id, cursor.id)));
  if (!byHelpful || cursor.helpfulCount === undefined) return byTime!;
  return or(
    lt(t.helpfulCount, cursor.helpfulCount),
    and(eq(t.helpfulCount, cursor.helpfulCount), byTime),
  )!;
}

/**
 * One keyset page (newest first) of the office lists: a shop's reviews (`shopId`) or every review
 * (admin); `filter` hidden or unanswered.
 */
export async function officeReviewPage(
  db: Db,
  options: {
    shopId?: number;
    filter: 'all' | 'hidden' | 'unanswered';
    cursor: ReviewCursor | null;
    limit: number;
  },
): Promise<ReviewRow[]> {
  const t = productReviews;
  const conditions: (SQL | undefined)[] = [];
  if (options.shopId !== undefined) {
    conditions.push(eq(t.shopId, options.shopId), isNull(t.hiddenAt));
  }
  if (options.filter === 'hidden') conditions.push(isNotNull(t.hiddenAt));
  if (options.filter === 'unanswered') conditions.push(isNull(t.repliedAt));
  if (options.cursor) conditions.push(after(options.cursor, false));
  return db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(desc(t.createdAt), desc(t.id))
    .limit(options.limit + 1);
}

/** Records one customer's helpful vote; false when it was there already. */
export async function insertHelpfulVote(
  tx: Tx,
  reviewId: number,
  userId: string,
): Promise<boolean> {
  const rows = await tx
    .insert(reviewHelpfulVotes)
    .values({ reviewId, userId })
    .onConflictDoNothing()
    .returning({ reviewId: reviewHelpfulVotes.reviewId });
  return rows.length > 0;
}

/** Which of the reviews the customer marked helpful. */
export async function helpfulVotesOf(
  db: Db,
  userId: string,
  reviewIds: readonly number[],
): Promise<Set<number>> {
  if (reviewIds.length === 0) return new Set();
  const rows = await db
    .select({ reviewId: reviewHelpfulVotes.reviewId })
    .from(reviewHelpfulVotes)
    .where(
      and(
        eq(reviewHelpfulVotes.userId, userId),
        inArray(reviewHelpfulVotes.reviewId, [...reviewIds]),
      ),
    );
  return new Set(rows.map((row) => row.reviewId));
}
