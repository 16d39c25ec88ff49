import {
  Alert,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { REVIEW_MESSAGES, REVIEW_REPLY_MAX, type OfficeReview } from '@bazaar/shared';
import { IconMessageReply } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-client';
import { useReplyToReview, useShopReviews } from '../../../api/reviews/office-reviews';
import { ReviewCard } from '../../../components/reviews/review-card';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';

/**
 * The shop office's `/ShopReviews` (`/SupportAdminReviews`) (docs/reviews.md): reviews of the shop's products, newest first,
 * 20 at a time, All or Unanswered; the seller or a support admin replies once to each (the reply
 * shows under the review on the product page and cannot be changed).
 */
export function ShopReviewsPage() {
  usePageTitle('Reviews');
  const [filter, setFilter] = useState<'all' | 'unanswered'>('unanswered');
  const reviews = useShopReviews(filter);
  const [replying, setReplying] = useState<OfficeReview | null>(null);
  const items = reviews.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md" maw={900}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={26}>
          Reviews
        </Title>
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(value) => setFilter(value as 'all' | 'unanswered')}
          data={[
            { value: 'unanswered', label: 'Awaiting reply' },
            { value: 'all', label: 'All' },
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
        <Text c="dimmed">
          {filter === 'unanswered'
            ? 'Every review has your reply.'
            : 'No reviews of your products yet.'}
        </Text>
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
              actions={
                !review.reply && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconMessageReply size={14} aria-hidden="true" />}
                    onClick={() => setReplying(review)}
                  >
                    Reply
                  </Button>
                )
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
      <ReplyModal review={replying} onClose={() => setReplying(null)} />
    </Stack>
  );
}

/** The one reply: 2-1000 characters; a second reply is refused by the server (409). */
function ReplyModal({ review, onClose }: { review: OfficeReview | null; onClose: () => void }) {
  const reply = useReplyToReview();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setText('');
    setError(null);
    reply.reset();
    onClose();
  };
  const submit = () => {
    const trimmed = text.trim();
    if (trimmed.length < 2) return setError(REVIEW_MESSAGES.replyTooShort);
    setError(null);
    reply.mutate(
      { reviewId: review!.id, text: trimmed },
      {
        onSuccess: close,
        onError: (failure) =>
          setError(isApiError(failure) ? failure.message : 'The reply could not be sent'),
      },
    );
  };
  return (
    <Modal opened={review !== null} onClose={close} title="Reply to the review" centered size="lg">
      {review && (
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {review.reviewerName} on {review.productName}: “{review.text}”
          </Text>
          <Textarea
            label="Your reply"
            description={`Shown under the review on the product page; you can reply once (${text.trim().length} / ${REVIEW_REPLY_MAX})`}
            autosize
            minRows={3}
            maxLength={REVIEW_REPLY_MAX}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
          />
          {reply.isError && !error && <Alert color="red">The reply could not be sent</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={submit} loading={reply.isPending}>
              Publish reply
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
