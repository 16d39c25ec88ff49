import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  REVIEW_MESSAGES,
  REVIEW_OFFICE_PAGE_SIZE,
  REVIEW_PAGE_SIZE,
  REVIEWABLE_SHIPMENT_STATUSES,
  type HelpfulResult,
  type OfficeReview,
  type OfficeReviewsPage,
  type OfficeReviewsQuery,
  type OrderReviews,
  type ProductReviewsPage,
  type ProductReviewsQuery,
  type Review,
  type ReviewInput,
  ratingFiguresOf,
} from '@bazaar/shared';
import type { Db } from '../../db/client.js';
import { productReviews } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/access.js';
import { AppError, refusal, validationError } from '../../platform/errors.js';
import { detectImageType, processImage } from '../../platform/images.js';
import type { FileStorage } from '../../platform/storage.js';
import { recordAudit } from '../audit/audit.service.js';
import { findItemForReview, itemsOfCustomerOrder } from '../orders/index.js';
import { productExists, setProductRating } from '../shop-catalog/index.js';
import * as repo from './reviews.repo.js';

export interface ReviewsDeps {
  db: Db;
  storage: FileStorage;
}

/** The photo field of the review form. */
const PHOTO_FIELD = 'photo';

/** "Priya Kumari" -> "Priya K.": what a review shows of its buyer. */
export function reviewerNameOf(fullName: string): string {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  const [first, ...rest] = parts;
  if (!first) return 'Customer';
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : first;
}

/** A keyset cursor as an opaque URL-safe string, and back (null when it is not one of ours). */
export function encodeCursor(cursor: repo.ReviewCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(raw: string | undefined): repo.ReviewCursor | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (typeof value !== 'object' || value === null) throw new Error('not an object');
    const { helpfulCount, createdAt, id } = value as Record<string, unknown>;
    if (typeof createdAt !== 'string' || Number.isNaN(Date.parse(createdAt))) throw new Error();
    if (typeof id !== 'number' || !Number.isInteger(id)) throw new Error();
    if (helpfulCount !== undefined && (typeof helpfulCount !== 'number' || helpfulCount < 0)) {
      throw new Error();
    }
    return { createdAt, id, ...(helpfulCount === undefined ? {} : { helpfulCount }) };
  } catch {
    throw validationError({ cursor: 'cursor is not valid' });
  }
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

/**
 * Ratings and reviews (docs/reviews.md). Every change to what a product's figures count (a new
 * review, hiding, showing again) updates its summary row and its `rating` / `rating_count` in the
 * same transaction, so reads never aggregate.
 */
export function createReviewsService({ db, storage }: ReviewsDeps) {
  const toReview = (row: repo.ReviewRow, marked: boolean): Review => ({
    id: row.id,
    productId: row.productId,
    rating: row.rating,
    text: row.body,
    photo:
      row.photoPath && row.photoThumbnailPath
        ? {
            url: storage.urlFor(row.photoPath),
            thumbnailUrl: storage.urlFor(row.photoThumbnailPath),
          }
        : null,
    reviewerName: row.reviewerName,
    verifiedPurchase: !row.isDemo,
    size: row.size,
    colour: row.colour,
    helpfulCount: row.helpfulCount,
    markedHelpful: marked,
    createdAt: row.createdAt.toISOString(),
    reply:
      row.replyBody && row.repliedAt
        ? { text: row.replyBody, at: row.repliedAt.toISOString() }
        : null,
  });

  const toOfficeReview = (row: repo.ReviewRow, marked = false): OfficeReview => ({
    ...toReview(row, marked),
    productName: row.productName,
    hidden: row.hiddenAt
      ? { at: row.hiddenAt.toISOString(), reason: row.hiddenReason ?? '' }
      : null,
  });

  /** Applies a +1 / -1 of one rating to the product's summary row and its figures. */
  async function recount(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    productId: number,
    rating: number,
    change: 1 | -1,
  ): Promise<void> {
    const distribution = await repo.addToSummary(tx, productId, rating, change);
    await setProductRating(tx, productId, ratingFiguresOf(distribution));
  }

  /**
   * Checks the photo by content (JPEG or PNG, as every upload) and re-encodes it to WebP with a
   * thumbnail, then stores both under `reviews/`.
   * @throws AppError VALIDATION_FAILED on `photo` for another type or an unreadable image.
   */
  async function storePhoto(bytes: Buffer): Promise<{ path: string; thumbnailPath: string }> {
    const type = detectImageType(bytes);
    if (type !== 'jpeg' && type !== 'png') {
      throw validationError({ [PHOTO_FIELD]: REVIEW_MESSAGES.photoType });
    }
    let processed;
    try {
      processed = await processImage(bytes);
    } catch {
      throw validationError({ [PHOTO_FIELD]: REVIEW_MESSAGES.photoUnreadable });
    }
    const key = `reviews/${randomUUID()}`;
    const stored = { path: `${key}.webp`, thumbnailPath: `${key}-thumb.webp` };
    await storage.put(stored.path, processed.full.bytes);
    await storage.put(stored.thumbnailPath, processed.thumbnail.bytes);
    return stored;
  }

  const notFound = () => new AppError('NOT_FOUND', REVIEW_MESSAGES.reviewNotFound);

  return {
    /**
     * A product's figures and one keyset page of its visible reviews (REVIEW_PAGE_SIZE), with
     * `markedHelpful` for `viewer` (the signed-in user, or null).
     * @throws AppError NOT_FOUND for an unknown product; VALIDATION_FAILED for a bad cursor.
     */
    async listForProduct(
      productId: number,
      query: ProductReviewsQuery,
      viewer: AuthUser | null,
    ): Promise<ProductReviewsPage> {
      const cursor = decodeCursor(query.cursor);
      const [distribution, rows] = await Promise.all([
        repo.summaryOf(db, productId),
        repo.productReviewPage(db, productId, query.sort, cursor, REVIEW_PAGE_SIZE),
      ]);
      if (!distribution && !(await productExists(db, productId))) {
        throw new AppError('NOT_FOUND', 'Product not found');
      }
      const page = rows.slice(0, REVIEW_PAGE_SIZE);
      const last = page.at(-1);
      const marked =
        viewer?.role === 'customer'
          ? await repo.helpfulVotesOf(
              db,
              viewer.id,
              page.map((row) => row.id),
            )
          : new Set<number>();
      return {
        summary: ratingFiguresOf(distribution ?? [0, 0, 0, 0, 0]),
        items: page.map((row) => toReview(row, marked.has(row.id))),
        nextCursor:
          rows.length > REVIEW_PAGE_SIZE && last
            ? encodeCursor({
                createdAt: last.createdAt.toISOString(),
                id: last.id,
                ...(query.sort === 'helpful' ? { helpfulCount: last.helpfulCount } : {}),
              })
            : null,
      };
    },

    /**
     * The items of the customer's order, each with `canReview` (delivered and kept, not yet
     * reviewed) and its review. @throws AppError NOT_FOUND for another customer's order.
     */
    async listForOrder(userId: string, orderId: number): Promise<OrderReviews> {
      const items = await itemsOfCustomerOrder(db, userId, orderId);
      if (!items) throw new AppError('NOT_FOUND', 'Order not found');
      const reviews = await repo.reviewsOfOrderItems(
        db,
        items.map((item) => item.orderItemId),
      );
      const byItem = new Map(reviews.map((row) => [row.orderItemId, row]));
      return {
        items: items.map((item) => {
          const review = byItem.get(item.orderItemId);
          return {
            orderItemId: item.orderItemId,
            productId: item.productId,
            name: item.name,
            size: item.size,
            colour: item.colour,
            canReview: !review && REVIEWABLE_SHIPMENT_STATUSES.includes(item.shipmentStatus),
            review: review ? toOfficeReview(review) : null,
          };
        }),
      };
    },

    /**
     * Writes the customer's review of a delivered order item, then counts it in the product's
     * figures, in one transaction. The photo (optional) is checked and stored first and removed
     * again when the review is refused.
     * @throws AppError NOT_FOUND unknown or another customer's item; CONFLICT
     *   REVIEW_NOT_DELIVERED (not delivered, or returned / cancelled), REVIEW_EXISTS (reviewed).
     */
    async create(
      user: AuthUser,
      orderItemId: number,
      input: ReviewInput,
      photo: Buffer | undefined,
    ): Promise<OfficeReview> {
      // Cheap refusals before a photo is processed; checked again, locked, in the transaction.
      const item = await findItemForReview(db, orderItemId);
      // Another customer's item is not found, as every other party's record (docs/accounts.md
      // "Authorisation"): its existence is not told.
      if (!item || item.userId !== user.id) {
        throw new AppError('NOT_FOUND', REVIEW_MESSAGES.itemNotFound);
      }
      const stored = photo && photo.length > 0 ? await storePhoto(photo) : null;
      try {
        const row = await db.transaction(async (tx) => {
          const locked = await findItemForReview(tx, orderItemId);
          if (!locked || !REVIEWABLE_SHIPMENT_STATUSES.includes(locked.shipmentStatus)) {
            throw refusal('REVIEW_NOT_DELIVERED', REVIEW_MESSAGES.notDelivered);
          }
          const inserted = await repo.insertReview(tx, {
            productId: locked.productId,
            orderItemId: locked.orderItemId,
            userId: user.id,
            shopId: locked.shopId,
            reviewerName: reviewerNameOf(locked.buyerName),
            productName: locked.name,
            size: locked.size,
            colour: locked.colour,
            rating: input.rating,
            body: input.text,
            photoPath: stored?.path ?? null,
            photoThumbnailPath: stored?.thumbnailPath ?? null,
          });
          if (!inserted) throw refusal('REVIEW_EXISTS', REVIEW_MESSAGES.alreadyReviewed);
          await recount(tx, inserted.productId, inserted.rating, 1);
          return inserted;
        });
        return toOfficeReview(row);
      } catch (error) {
        if (stored) {
          await Promise.all(
            [stored.path, stored.thumbnailPath].map((key) =>
              storage.remove(key).catch(() => undefined),
            ),
          );
        }
        throw error;
      }
    },

    /**
     * Counts the customer's "Helpful" once. @throws AppError NOT_FOUND unknown or hidden review;
     * BUSINESS_RULE own review; CONFLICT REVIEW_ALREADY_HELPFUL.
     */
    async markHelpful(user: AuthUser, reviewId: number): Promise<HelpfulResult> {
      return db.transaction(async (tx) => {
        const review = await repo.lockReview(tx, reviewId);
        if (!review || review.hiddenAt) throw notFound();
        if (review.userId === user.id) {
          throw new AppError('BUSINESS_RULE', REVIEW_MESSAGES.ownReview);
        }
        if (!(await repo.insertHelpfulVote(tx, reviewId, user.id))) {
          throw refusal('REVIEW_ALREADY_HELPFUL', REVIEW_MESSAGES.alreadyHelpful);
        }
        const updated = await repo.updateReview(tx, reviewId, {
          helpfulCount: sql`${productReviews.helpfulCount} + 1` as unknown as number,
        });
        return { helpfulCount: updated.helpfulCount, markedHelpful: true };
      });
    },

    /** A keyset page of the shop's visible reviews, newest first. */
    async listForShop(shopId: number, query: OfficeReviewsQuery): Promise<OfficeReviewsPage> {
      return officePage(
        { shopId, filter: query.filter === 'hidden' ? 'all' : query.filter },
        query,
      );
    },

    /** A keyset page of every review, newest first, hidden ones included. */
    async listForAdmin(query: OfficeReviewsQuery): Promise<OfficeReviewsPage> {
      return officePage({ filter: query.filter }, query);
    },

    /**
     * The shop's one reply to a visible review of its product.
     * @throws AppError NOT_FOUND another shop's, hidden or unknown; CONFLICT REVIEW_ALREADY_REPLIED.
     */
    async reply(user: AuthUser, shopId: number, reviewId: number, text: string) {
      return db.transaction(async (tx) => {
        const review = await repo.lockReview(tx, reviewId);
        if (!review || review.shopId !== shopId || review.hiddenAt) throw notFound();
        if (review.repliedAt) {
          throw refusal('REVIEW_ALREADY_REPLIED', REVIEW_MESSAGES.alreadyReplied);
        }
        const updated = await repo.updateReview(tx, reviewId, {
          replyBody: text,
          repliedAt: new Date(),
          repliedBy: user.id,
        });
        return toOfficeReview(updated);
      });
    },

    /**
     * Hides (`hidden` true) or shows again a review, with the admin's reason, audited in the same
     * transaction; its stars leave (or rejoin) the product's figures.
     * @throws AppError NOT_FOUND; CONFLICT when it is already in that state.
     */
    async setHidden(
      admin: AuthUser,
      reviewId: number,
      hidden: boolean,
      reason: string,
    ): Promise<OfficeReview> {
      return db.transaction(async (tx) => {
        const review = await repo.lockReview(tx, reviewId);
        if (!review) throw notFound();
        if (Boolean(review.hiddenAt) === hidden) {
          throw new AppError(
            'CONFLICT',
            hidden ? 'This review is hidden already' : 'This review is not hidden',
          );
        }
        const updated = await repo.updateReview(tx, reviewId, {
          hiddenAt: hidden ? new Date() : null,
          hiddenReason: hidden ? reason : null,
        });
        await recount(tx, review.productId, review.rating, hidden ? -1 : 1);
        await recordAudit(tx, {
          actor: admin,
          entity: 'review',
          entityId: reviewId,
          action: hidden ? 'hide' : 'unhide',
          before: { hidden: Boolean(review.hiddenAt), hiddenReason: review.hiddenReason },
          after: { hidden, reason, productId: review.productId, rating: review.rating },
        });
        return toOfficeReview(updated);
      });
    },
  };

  async function officePage(
    options: { shopId?: number; filter: OfficeReviewsQuery['filter'] },
    query: OfficeReviewsQuery,
  ): Promise<OfficeReviewsPage> {
    const rows = await repo.officeReviewPage(db, {
      ...options,
      cursor: decodeCursor(query.cursor),
      limit: REVIEW_OFFICE_PAGE_SIZE,
    });
    const page = rows.slice(0, REVIEW_OFFICE_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map((row) => toOfficeReview(row)),
      nextCursor:
        rows.length > REVIEW_OFFICE_PAGE_SIZE && last
          ? encodeCursor({ createdAt: last.createdAt.toISOString(), id: last.id })
          : null,
    };
  }
}
