import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ReviewInputSchema, reviewsApi } from '@bazaar/shared';
import { currentUser, requireShopId, requireUser } from '../../platform/access.js';
import { route } from '../../platform/endpoint-routes.js';
import { AppError, parseWithSchema } from '../../platform/errors.js';
import { readMultipartForm, type MultipartForm } from '../../platform/multipart.js';
import type { ReviewsService } from './reviews.service.js';

const publicRoute = { access: 'public' as const };
const customerOnly = { access: ['customer'] as const };
/** Sellers and their support admins, on their own shop's reviews only. */
const shopOffice = { access: ['seller', 'support_admin'] as const, shopScoped: true as const };
const adminOnly = { access: ['admin'] as const };

/**
 * Reads the review form with its optional `photo`; a photo over 5 MB answers 413 with the
 * message under `fields.photo`, beside the form's photo picker.
 */
async function readReviewForm(request: FastifyRequest): Promise<MultipartForm> {
  try {
    return await readMultipartForm(request, 'photo');
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYLOAD_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', error.message, { photo: error.message });
    }
    throw error;
  }
}

/**
 * Ratings and reviews routes (docs/reviews.md). Each route's contract is in `@bazaar/shared`'s
 * `reviewsApi`; the product page's list is public, writing a review is the buyer's, replying the
 * shop office's, hiding the admin's.
 */
export const reviewsRoutes =
  (reviews: ReviewsService): FastifyPluginAsync =>
  async (app) => {
    route(app, reviewsApi.listProductReviews, { config: publicRoute }, async (request) =>
      reviews.listForProduct(
        request.params.productId,
        request.query,
        // Only a request carrying a cookie can have a session: visitors cost no lookup.
        request.headers.cookie ? await currentUser(request) : null,
      ),
    );
    route(app, reviewsApi.listOrderReviews, { config: customerOnly }, (request) =>
      reviews.listForOrder(requireUser(request).id, request.params.orderId),
    );
    route(app, reviewsApi.markReviewHelpful, { config: customerOnly }, (request) =>
      reviews.markHelpful(requireUser(request), request.params.reviewId),
    );
    route(app, reviewsApi.listShopReviews, { config: shopOffice }, (request) =>
      reviews.listForShop(requireShopId(request), request.query),
    );
    route(app, reviewsApi.replyToReview, { config: shopOffice }, (request) =>
      reviews.reply(
        requireUser(request),
        requireShopId(request),
        request.params.reviewId,
        request.body.text,
      ),
    );
    route(app, reviewsApi.listAdminReviews, { config: adminOnly }, (request) =>
      reviews.listForAdmin(request.query),
    );
    route(app, reviewsApi.hideReview, { config: adminOnly }, (request) =>
      reviews.setHidden(requireUser(request), request.params.reviewId, true, request.body.reason),
    );
    route(app, reviewsApi.unhideReview, { config: adminOnly }, (request) =>
      reviews.setHidden(requireUser(request), request.params.reviewId, false, request.body.reason),
    );
  };

/**
 * The review form's route, registered apart with the multipart parser in its scope only, so the
 * product page's list and the other review routes do not pay for its hooks (docs/performance.md).
 */
export const reviewFormRoutes =
  (reviews: ReviewsService): FastifyPluginAsync =>
  async (app) => {
    route(app, reviewsApi.createReview, { config: customerOnly }, async (request) => {
      const form = await readReviewForm(request);
      const input = parseWithSchema(ReviewInputSchema, form.fields);
      return reviews.create(requireUser(request), request.params.orderItemId, input, form.file);
    });
  };
