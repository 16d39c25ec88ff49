import { defineEndpoint } from './endpoint.js';
import { ProductIdParamsSchema } from '../schemas/catalog.js';
import {
  HelpfulResultSchema,
  OfficeReviewSchema,
  OfficeReviewsPageSchema,
  OfficeReviewsQuerySchema,
  OrderIdReviewParamsSchema,
  OrderItemIdParamsSchema,
  OrderReviewsSchema,
  ProductReviewsPageSchema,
  ProductReviewsQuerySchema,
  ReviewIdParamsSchema,
  ReviewModerationInputSchema,
  ReviewReplyInputSchema,
} from '../schemas/reviews.js';

/**
 * Ratings and reviews from verified buyers (docs/reviews.md): the product page's figures and
 * list, the customer's review of a delivered item, "Helpful", the shop's reply and the admin's
 * hiding.
 */

/**
 * A product's rating figures (average, count, 5..1 distribution: one summary row) and one keyset
 * page of its visible reviews, `sort` helpful (helpful count, then newest) or newest. Public;
 * `markedHelpful` is the signed-in customer's. 404 unknown product.
 */
export const listProductReviews = defineEndpoint({
  method: 'GET',
  path: '/api/products/:productId/reviews',
  tag: 'reviews',
  summary: "A product's rating figures and a page of its reviews",
  params: ProductIdParamsSchema,
  query: ProductReviewsQuerySchema,
  responses: { 200: ProductReviewsPageSchema },
  errors: [400, 404],
});

/** The items of one of the customer's orders, each with whether it may be reviewed and its review. 404 another customer's order. */
export const listOrderReviews = defineEndpoint({
  method: 'GET',
  path: '/api/orders/:orderId/reviews',
  tag: 'reviews',
  summary: "The customer's order items with their reviews",
  params: OrderIdReviewParamsSchema,
  responses: { 200: OrderReviewsSchema },
  errors: [400, 401, 403, 404],
});

/**
 * Rates and reviews a delivered order item (multipart/form-data: `rating` 1-5, `text` 10-1000
 * characters, optional file `photo`, JPG or PNG, at most 5 MB, re-encoded to WebP). 201 the
 * review; the product's figures change in the same transaction. 403 not a customer; 404 unknown
 * or another customer's item; 409 REVIEW_NOT_DELIVERED (not delivered, returned or cancelled),
 * REVIEW_EXISTS (reviewed already); 400 fields; 413, 415.
 */
export const createReview = defineEndpoint({
  method: 'POST',
  path: '/api/order-items/:orderItemId/review',
  tag: 'reviews',
  summary: 'Rate and review a delivered item (multipart/form-data)',
  params: OrderItemIdParamsSchema,
  multipart: true,
  responses: { 201: OfficeReviewSchema },
  errors: [400, 401, 403, 404, 409, 413, 415],
});

/** Marks a visible review helpful, once per customer. 404 unknown or hidden; 409 REVIEW_ALREADY_HELPFUL; 422 own review. */
export const markReviewHelpful = defineEndpoint({
  method: 'POST',
  path: '/api/reviews/:reviewId/helpful',
  tag: 'reviews',
  summary: 'Mark a review helpful (once per customer)',
  params: ReviewIdParamsSchema,
  responses: { 200: HelpfulResultSchema },
  errors: [400, 401, 403, 404, 409, 422],
});

/** The shop's reviews, newest first (keyset pages); `filter=unanswered` those without a reply. */
export const listShopReviews = defineEndpoint({
  method: 'GET',
  path: '/api/shop/reviews',
  tag: 'reviews',
  summary: "Reviews of the shop's products",
  query: OfficeReviewsQuerySchema,
  responses: { 200: OfficeReviewsPageSchema },
  errors: [400, 401, 403],
});

/** The shop's one reply to a review of its product. 404 another shop's; 409 REVIEW_ALREADY_REPLIED. */
export const replyToReview = defineEndpoint({
  method: 'POST',
  path: '/api/shop/reviews/:reviewId/reply',
  tag: 'reviews',
  summary: 'Reply to a review (once)',
  params: ReviewIdParamsSchema,
  body: ReviewReplyInputSchema,
  responses: { 200: OfficeReviewSchema },
  errors: [400, 401, 403, 404, 409],
});

/** Every review, newest first, hidden ones included (`filter=hidden`: only those). */
export const listAdminReviews = defineEndpoint({
  method: 'GET',
  path: '/api/admin/reviews',
  tag: 'reviews',
  summary: 'All reviews for moderation',
  query: OfficeReviewsQuerySchema,
  responses: { 200: OfficeReviewsPageSchema },
  errors: [400, 401, 403],
});

/** Hides a review with a reason (audited); its stars leave the product's figures. 404; 409 already hidden. */
export const hideReview = defineEndpoint({
  method: 'POST',
  path: '/api/admin/reviews/:reviewId/hide',
  tag: 'reviews',
  summary: 'Hide a review (audited)',
  params: ReviewIdParamsSchema,
  body: ReviewModerationInputSchema,
  responses: { 200: OfficeReviewSchema },
  errors: [400, 401, 403, 404, 409],
});

/** Shows a hidden review again with a reason (audited). 404; 409 not hidden. */
export const unhideReview = defineEndpoint({
  method: 'POST',
  path: '/api/admin/reviews/:reviewId/unhide',
  tag: 'reviews',
  summary: 'Show a hidden review again (audited)',
  params: ReviewIdParamsSchema,
  body: ReviewModerationInputSchema,
  responses: { 200: OfficeReviewSchema },
  errors: [400, 401, 403, 404, 409],
});
