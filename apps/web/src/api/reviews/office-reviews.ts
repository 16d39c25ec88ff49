import type { OfficeReviewsPage, OfficeReviewsQuery } from '@bazaar/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as reviewsEndpoints from '../endpoints/reviews';
import { reviewKeys } from './review-keys';

type Filter = OfficeReviewsQuery['filter'];

/** Reviews of the shop's products, newest first, page after page (`reviewsApi.listShopReviews`). */
export function useShopReviews(filter: Filter) {
  return useInfiniteQuery({
    queryKey: reviewKeys.shop(filter),
    queryFn: ({ pageParam, signal }): Promise<OfficeReviewsPage> =>
      callApi(reviewsEndpoints.listShopReviews, { query: { filter, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Every review for the admin, hidden ones included (`reviewsApi.listAdminReviews`). */
export function useAdminReviews(filter: Filter) {
  return useInfiniteQuery({
    queryKey: reviewKeys.admin(filter),
    queryFn: ({ pageParam, signal }): Promise<OfficeReviewsPage> =>
      callApi(reviewsEndpoints.listAdminReviews, { query: { filter, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * The shop's one reply (`reviewsApi.replyToReview`).
 * @throws ApiError 409 REVIEW_ALREADY_REPLIED, 404 another shop's or hidden.
 */
export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: number; text: string }) =>
      callApi(reviewsEndpoints.replyToReview, { params: { reviewId }, body: { text } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

/**
 * Hides or shows again a review with a reason (`reviewsApi.hideReview` / `unhideReview`), audited.
 * @throws ApiError 409 already in that state.
 */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      reviewId,
      hide,
      reason,
    }: {
      reviewId: number;
      hide: boolean;
      reason: string;
    }) =>
      hide
        ? callApi(reviewsEndpoints.hideReview, { params: { reviewId }, body: { reason } })
        : callApi(reviewsEndpoints.unhideReview, { params: { reviewId }, body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
