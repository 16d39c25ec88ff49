import {
  Alert,
  Button,
  Grid,
  Group,
  Progress,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import type { RatingSummary, Review, ReviewSort } from '@bazaar/shared';
import { IconThumbUp } from '@tabler/icons-react';
import { useSession } from '../../../api/accounts/session';
import { isApiError } from '../../../api/api-client';
import { useMarkReviewHelpful, useProductReviews } from '../../../api/reviews/product-reviews';
import { ReviewCard } from '../../../components/reviews/review-card';
import { StarRating } from '../../../components/star-rating';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';

/**
 * The body of the product page's "Ratings & reviews" (docs/reviews.md; the section and its
 * heading are lazy-product-reviews.tsx's): the average, the count and the 5..1
 * star bars, then the reviews sorted by most helpful or newest, ten at a time ("Show more"),
 * each with its "Helpful" button and the shop's reply. Loaded after the page's first data, in a
 * chunk of its own, so the product itself never waits for its reviews.
 */
export function ProductReviews({ productId }: { productId: number }) {
  const [sort, setSort] = useState<ReviewSort>('helpful');
  const reviews = useProductReviews(productId, sort);
  const summary = reviews.data?.pages[0]?.summary;
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      {reviews.isError ? (
        <TechnicalErrorAlert onRetry={() => void reviews.refetch()} />
      ) : !summary ? (
        <ReviewsSkeleton />
      ) : (
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <RatingFigures summary={summary} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            {summary.count === 0 ? (
              <Text c="dimmed">
                No reviews yet. Customers who bought this product can rate it from My Orders once it
                is delivered.
              </Text>
            ) : (
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap">
                  <Text fz="sm" c="dimmed">
                    Reviews from customers who bought it
                  </Text>
                  <SegmentedControl
                    size="xs"
                    aria-label="Sort reviews"
                    value={sort}
                    onChange={(value) => setSort(value as ReviewSort)}
                    data={[
                      { value: 'helpful', label: 'Most helpful' },
                      { value: 'newest', label: 'Newest' },
                    ]}
                  />
                </Group>
                {items.map((review) => (
                  <ReviewCard
                    key={review.id}
                    review={review}
                    actions={<HelpfulButton review={review} />}
                  />
                ))}
                {reviews.hasNextPage && (
                  <Button
                    variant="default"
                    onClick={() => void reviews.fetchNextPage()}
                    loading={reviews.isFetchingNextPage}
                    w="fit-content"
                  >
                    Show more reviews
                  </Button>
                )}
              </Stack>
            )}
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

/** The average, the count and one bar per number of stars, 5 first. */
function RatingFigures({ summary }: { summary: RatingSummary }) {
  return (
    <Stack gap="xs">
      <Group gap="sm" align="baseline">
        <Text fz={40} fw={700} lh={1}>
          {summary.count === 0 ? '–' : summary.average.toFixed(1)}
        </Text>
        <Text c="dimmed">out of 5</Text>
      </Group>
      <StarRating rating={summary.average} ratingCount={summary.count} size="md" />
      <Stack gap={4} mt="xs" aria-label="How many buyers gave each number of stars">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.distribution[stars - 1] ?? 0;
          const percent = summary.count === 0 ? 0 : Math.round((count / summary.count) * 100);
          return (
            <Group key={stars} gap="xs" wrap="nowrap">
              <Text fz="sm" w={44}>
                {stars} star
              </Text>
              <Progress
                value={percent}
                color="orange"
                size="md"
                style={{ flex: 1 }}
                aria-label={`${stars} stars: ${count} ${count === 1 ? 'review' : 'reviews'}`}
              />
              <Text fz="sm" c="dimmed" w={36} ta="right">
                {count}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}

/**
 * "Helpful (N)": a signed-in customer marks a review once; visitors are asked to sign in, staff
 * see the count only.
 */
function HelpfulButton({ review }: { review: Review }) {
  const { user } = useSession();
  const mark = useMarkReviewHelpful();
  const [refusal, setRefusal] = useState<string | null>(null);
  const label = `Helpful (${review.helpfulCount})`;
  if (!user || user.role !== 'customer') {
    return (
      <Text fz="xs" c="dimmed">
        {review.helpfulCount === 1
          ? '1 person found this helpful'
          : `${review.helpfulCount} people found this helpful`}
        {!user && ' · Log in to vote'}
      </Text>
    );
  }
  return (
    <>
      <Button
        size="compact-sm"
        variant={review.markedHelpful ? 'light' : 'default'}
        leftSection={<IconThumbUp size={14} aria-hidden="true" />}
        disabled={review.markedHelpful}
        loading={mark.isPending}
        aria-pressed={review.markedHelpful}
        onClick={() => {
          setRefusal(null);
          mark.mutate(
            { reviewId: review.id, productId: review.productId },
            {
              onError: (error) =>
                setRefusal(isApiError(error) ? error.message : 'Please try again'),
            },
          );
        }}
      >
        {label}
      </Button>
      {refusal && (
        <Alert color="red" variant="transparent" p={0} fz="xs">
          {refusal}
        </Alert>
      )}
    </>
  );
}

function ReviewsSkeleton() {
  return (
    <Grid gap="xl" role="status" aria-busy="true" aria-label="Loading the reviews">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Skeleton h={40} w={120} mb="sm" />
        <Skeleton h={100} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Skeleton h={110} mb="sm" />
        <Skeleton h={110} />
      </Grid.Col>
    </Grid>
  );
}
