import {
  Badge,
  Button,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ReviewModerationInputSchema, type OfficeReview } from '@bazaar/shared';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-client';
import { useAdminReviews, useModerateReview } from '../../../api/reviews/office-reviews';
import { ReasonModal } from '../../../components/reason-modal';
import { ReviewCard } from '../../../components/reviews/review-card';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';

/**
 * The admin's `/reviews` (docs/reviews.md): every review, newest first, 20 at a time, All or
 * Hidden. Hiding asks for a reason (kept in the audit trail); a hidden review leaves the product
 * page and its figures until it is shown again, also with a reason.
 */
export function AdminReviewsPage() {
  usePageTitle('Reviews');
  const [filter, setFilter] = useState<'all' | 'hidden'>('all');
  const reviews = useAdminReviews(filter);
  const moderate = useModerateReview();
  const [acting, setActing] = useState<OfficeReview | null>(null);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];
  const hiding = acting !== null && acting.hidden === null;

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={26}>
          Reviews
        </Title>
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(value) => setFilter(value as 'all' | 'hidden')}
          data={[
            { value: 'all', label: 'All' },
            { value: 'hidden', label: 'Hidden' },
          ]}
        />
      </Group>
      {reviews.isError ? (
        <TechnicalErrorAlert onRetry={() => void reviews.refetch()} />
      ) : reviews.isPending ? (
        <Stack role="status" aria-busy="true" aria-label="Loading the reviews">
          <Skeleton h={120} />
          <Skeleton h={120} />
        </Stack>
      ) : items.length === 0 ? (
        <Text c="dimmed">{filter === 'hidden' ? 'No hidden reviews.' : 'No reviews yet.'}</Text>
      ) : (
        <>
          {items.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              heading={
                <Text fz="sm" fw={700}>
                  {review.productName}
                </Text>
              }
              badge={
                review.hidden && (
                  <Badge color="red" variant="light" size="sm">
                    Hidden: {review.hidden.reason}
                  </Badge>
                )
              }
              actions={
                <Button
                  size="compact-sm"
                  variant="light"
                  color={review.hidden ? 'green' : 'red'}
                  leftSection={
                    review.hidden ? (
                      <IconEye size={14} aria-hidden="true" />
                    ) : (
                      <IconEyeOff size={14} aria-hidden="true" />
                    )
                  }
                  onClick={() => {
                    moderate.reset();
                    setActing(review);
                  }}
                >
                  {review.hidden ? 'Show again' : 'Hide'}
                </Button>
              }
            />
          ))}
          {reviews.hasNextPage && (
            <Button
              variant="default"
              w="fit-content"
              loading={reviews.isFetchingNextPage}
              onClick={() => void reviews.fetchNextPage()}
            >
              Show more
            </Button>
          )}
        </>
      )}
      <ReasonModal
        opened={acting !== null}
        title={hiding ? 'Hide this review?' : 'Show this review again?'}
        intro={
          hiding
            ? 'It leaves the product page and its rating figures. The reason is kept in the audit trail.'
            : 'It returns to the product page and its rating figures. The reason is kept in the audit trail.'
        }
        label="Reason"
        maxChars={300}
        minChars={5}
        schema={ReviewModerationInputSchema}
        confirmLabel={hiding ? 'Hide review' : 'Show again'}
        keepLabel="Keep as it is"
        pending={moderate.isPending}
        refusal={
          moderate.error
            ? isApiError(moderate.error)
              ? moderate.error.message
              : 'Please try again'
            : null
        }
        onConfirm={(reason) =>
          moderate.mutate(
            { reviewId: acting!.id, hide: hiding, reason },
            { onSuccess: () => setActing(null) },
          )
        }
        onClose={() => setActing(null)}
      />
    </Stack>
  );
}
