import { z } from 'zod';

/**
 * Ratings and reviews from verified buyers (docs/reviews.md): one rule, one message, used by the
 * review form and by the server.
 */

/** Review text: at least this many characters (after trimming) ... */
export const REVIEW_TEXT_MIN = 10;
/** ... and at most this many. */
export const REVIEW_TEXT_MAX = 1000;
/** A shop's reply: 2-1000 characters. */
export const REVIEW_REPLY_MAX = 1000;
/** Reviews on one page of a product's list (keyset pages). */
export const REVIEW_PAGE_SIZE = 10;
/** Reviews on one page of the shop office's and the admin's lists. */
export const REVIEW_OFFICE_PAGE_SIZE = 20;
/** The product page's sorts: most helpful first (then newest), or newest first. */
export const REVIEW_SORTS = ['helpful', 'newest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/**
 * Shipment statuses whose items the customer has received and kept, so may review: delivered, a
 * return asked for but not (yet) taken back, a refused return. Returned, refunded, cancelled and
 * undelivered items may not be reviewed.
 */
export const REVIEWABLE_SHIPMENT_STATUSES: readonly string[] = [
  'delivered',
  'return_requested',
  'return_rejected',
];

export const REVIEW_MESSAGES = {
  ratingRequired: 'Choose a rating from 1 to 5 stars',
  textTooShort: `Write at least ${REVIEW_TEXT_MIN} characters`,
  textTooLong: `Write at most ${REVIEW_TEXT_MAX} characters`,
  replyTooShort: 'Write a reply of at least 2 characters',
  replyTooLong: `Write at most ${REVIEW_REPLY_MAX} characters`,
  hideReasonRequired: 'Give a reason of at least 5 characters',
  photoType: 'The photo must be a JPG or PNG image',
  photoUnreadable: 'The photo could not be read; please choose another picture',
  notDelivered: 'You can rate and review this item once it is delivered',
  alreadyReviewed: 'You have already reviewed this item',
  alreadyReplied: 'The shop has already replied to this review',
  alreadyHelpful: 'You have already marked this review helpful',
  ownReview: 'You cannot mark your own review helpful',
  reviewNotFound: 'Review not found',
  itemNotFound: 'Order item not found',
} as const;

const idParam = (label: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${label} must be at least 1`).max(2_147_483_647));

export const ReviewIdParamsSchema = z.object({ reviewId: idParam('reviewId') });
export const OrderItemIdParamsSchema = z.object({ orderItemId: idParam('orderItemId') });
export const OrderIdReviewParamsSchema = z.object({ orderId: idParam('orderId') });

/** The review form's fields (multipart text fields: `rating` arrives as a string). */
export const ReviewInputSchema = z.object({
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.ratingRequired })
    .int(REVIEW_MESSAGES.ratingRequired)
    .min(1, REVIEW_MESSAGES.ratingRequired)
    .max(5, REVIEW_MESSAGES.ratingRequired),
  text: z
    .string({ error: REVIEW_MESSAGES.textTooShort })
    .trim()
    .min(REVIEW_TEXT_MIN, REVIEW_MESSAGES.textTooShort)
    .max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.textTooLong),
});
export type ReviewInput = z.infer<typeof ReviewInputSchema>;

/** The shop's reply. */
export const ReviewReplyInputSchema = z
  .object({
    text: z
      .string({ error: REVIEW_MESSAGES.replyTooShort })
      .trim()
      .min(2, REVIEW_MESSAGES.replyTooShort)
      .max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyTooLong),
  })
  .strict();
export type ReviewReplyInput = z.infer<typeof ReviewReplyInputSchema>;

/** The admin's reason for hiding or showing a review again (kept in the audit trail). */
export const ReviewModerationInputSchema = z
  .object({
    reason: z
      .string({ error: REVIEW_MESSAGES.hideReasonRequired })
      .trim()
      .min(5, REVIEW_MESSAGES.hideReasonRequired)
      .max(300, 'Write at most 300 characters'),
  })
  .strict();
export type ReviewModerationInput = z.infer<typeof ReviewModerationInputSchema>;

/** A page cursor: opaque to the caller, the `nextCursor` of the page before. */
const cursorParam = z
  .string()
  .max(200, 'cursor is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid');

/** `GET /api/products/{productId}/reviews` query. */
export const ProductReviewsQuerySchema = z
  .object({
    sort: z.enum(REVIEW_SORTS).default('helpful'),
    cursor: cursorParam.optional(),
  })
  .strict();
export type ProductReviewsQuery = z.infer<typeof ProductReviewsQuerySchema>;

/** The shop office's and the admin's list query. */
export const OfficeReviewsQuerySchema = z
  .object({
    cursor: cursorParam.optional(),
    /** Admin: `hidden` shows only hidden reviews; shop: `unanswered` only those without reply. */
    filter: z.enum(['all', 'hidden', 'unanswered']).default('all'),
  })
  .strict();
export type OfficeReviewsQuery = z.infer<typeof OfficeReviewsQuerySchema>;

/** Average (0 with no reviews, one decimal), count and how many gave each number of stars. */
export const RatingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  /** `distribution[0]` is 1 star ... `distribution[4]` is 5 stars. */
  distribution: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

const PhotoSchema = z.object({ url: z.string(), thumbnailUrl: z.string() });

/** One review as the product page shows it. */
export const ReviewSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  rating: z.number().int(),
  text: z.string(),
  photo: PhotoSchema.nullable(),
  reviewerName: z.string(),
  /** True for a buyer's review (a delivered order item); false for a demo review. */
  verifiedPurchase: z.boolean(),
  size: z.string(),
  colour: z.string(),
  helpfulCount: z.number().int(),
  /** Whether the signed-in customer marked it helpful (false for visitors). */
  markedHelpful: z.boolean(),
  /** ISO 8601 time. */
  createdAt: z.string(),
  reply: z.object({ text: z.string(), at: z.string() }).nullable(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** A product's reviews page: the figures and one keyset page of the list. */
export const ProductReviewsPageSchema = z.object({
  summary: RatingSummarySchema,
  items: z.array(ReviewSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ProductReviewsPage = z.infer<typeof ProductReviewsPageSchema>;

/** A review as the shop office and the admin see it: also the product and whether hidden. */
export const OfficeReviewSchema = ReviewSchema.extend({
  productName: z.string(),
  hidden: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type OfficeReview = z.infer<typeof OfficeReviewSchema>;

export const OfficeReviewsPageSchema = z.object({
  items: z.array(OfficeReviewSchema),
  nextCursor: z.string().nullable(),
});
export type OfficeReviewsPage = z.infer<typeof OfficeReviewsPageSchema>;

/** One item of the customer's order and whether it can be reviewed (My Orders detail). */
export const ReviewableItemSchema = z.object({
  orderItemId: z.number().int(),
  productId: z.number().int(),
  name: z.string(),
  size: z.string(),
  colour: z.string(),
  /** True when delivered (not returned or cancelled) and not yet reviewed. */
  canReview: z.boolean(),
  /** The customer's review of it, when written (hidden ones included, marked). */
  review: OfficeReviewSchema.nullable(),
});
export type ReviewableItem = z.infer<typeof ReviewableItemSchema>;

export const OrderReviewsSchema = z.object({ items: z.array(ReviewableItemSchema) });
export type OrderReviews = z.infer<typeof OrderReviewsSchema>;

/** The answer of marking a review helpful. */
export const HelpfulResultSchema = z.object({
  helpfulCount: z.number().int(),
  markedHelpful: z.boolean(),
});
export type HelpfulResult = z.infer<typeof HelpfulResultSchema>;
