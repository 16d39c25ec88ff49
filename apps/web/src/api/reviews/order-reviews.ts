import type { OfficeReview, OrderReviews } from '@bazaar/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../api-client';
import * as reviewsEndpoints from '../endpoints/reviews';
import { reviewKeys } from './review-keys';

/** The order's items with whether each may be reviewed and its review (`reviewsApi.listOrderReviews`). */
export function useOrderReviews(orderId: number | null, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.order(orderId ?? 0),
    queryFn: ({ signal }): Promise<OrderReviews> =>
      callApi(reviewsEndpoints.listOrderReviews, { params: { orderId: orderId! }, signal }),
    enabled: orderId !== null && enabled,
  });
}

export interface ReviewFormValues {
  orderItemId: number;
  productId: number;
  rating: number;
  text: string;
  photo: File | null;
}

/**
 * Rates and reviews a delivered item (`reviewsApi.createReview`, multipart: rating, text, photo).
 * @throws ApiError 400 fields, 409 REVIEW_NOT_DELIVERED / REVIEW_EXISTS, 413 photo over 5 MB.
 */
export function createReview(values: ReviewFormValues): Promise<OfficeReview> {
  const body = new FormData();
  body.append('rating', String(values.rating));
  body.append('text', values.text);
  if (values.photo) body.append('photo', values.photo, values.photo.name);
  return callApi(reviewsEndpoints.createReview, {
    params: { orderItemId: values.orderItemId },
    body,
  });
}

/** Writes a review; the order's items and the product's reviews reload. */
export function useCreateReview(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: (review) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.order(orderId) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.product(review.productId) });
    },
  });
}
