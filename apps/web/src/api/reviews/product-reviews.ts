import type { ProductReviewsPage, ReviewSort } from '@bazaar/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as reviewsEndpoints from '../endpoints/reviews';
import { reviewKeys } from './review-keys';

/**
 * A product's rating figures and one keyset page of its reviews (`reviewsApi.listProductReviews`).
 * @throws ApiError 404 unknown product.
 */
export function getProductReviews(
  productId: number,
  sort: ReviewSort,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ProductReviewsPage> {
  return callApi(reviewsEndpoints.listProductReviews, {
    params: { productId },
    query: { sort, cursor },
    signal,
  });
}

/** The product's reviews, page after page ("Show more reviews"); the figures are on each page. */
export function useProductReviews(productId: number, sort: ReviewSort) {
  return useInfiniteQuery({
    queryKey: reviewKeys.productList(productId, sort),
    queryFn: ({ pageParam, signal }) => getProductReviews(productId, sort, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Marks a review helpful (`reviewsApi.markReviewHelpful`), once per customer.
 * @throws ApiError 409 REVIEW_ALREADY_HELPFUL, 422 own review, 404 hidden.
 */
export function markReviewHelpful({ reviewId }: { reviewId: number; productId: number }) {
  return callApi(reviewsEndpoints.markReviewHelpful, { params: { reviewId } });
}

/** "Helpful": the product's lists reload (the helpful sort may change order). */
export function useMarkReviewHelpful() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReviewHelpful,
    onSettled: (_data, _error, { productId }) =>
      queryClient.invalidateQueries({ queryKey: reviewKeys.product(productId) }),
  });
}
