import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Rating,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
  REVIEWABLE_SHIPMENT_STATUSES,
  ReviewInputSchema,
  type ReviewableItem,
  type Shipment,
} from '@bazaar/shared';
import { IconPhoto, IconStar } from '@tabler/icons-react';
import { isApiError } from '../../../api/api-client';
import { useCreateReview, useOrderReviews } from '../../../api/reviews/order-reviews';
import { notify } from '../../../components/notify';
import { ReviewCard } from '../../../components/reviews/review-card';

/**
 * Under a delivered shipment in My Orders (docs/reviews.md): "Rate & review" for each item not
 * yet reviewed, or the customer's review of it. Nothing for shipments not delivered, returned or
 * cancelled (the server refuses those too).
 */
export function ShipmentReviews({ orderId, shipment }: { orderId: number; shipment: Shipment }) {
  const reviewable = REVIEWABLE_SHIPMENT_STATUSES.includes(shipment.status);
  const { data, isError } = useOrderReviews(orderId, reviewable);
  const [writing, setWriting] = useState<ReviewableItem | null>(null);
  if (!reviewable || isError || !data) return null;
  const productIds = new Set(shipment.items.map((item) => item.productId));
  const items = data.items.filter((item) => productIds.has(item.productId));
  if (items.length === 0) return null;

  return (
    <Stack gap="xs" mt="md">
      {items.map((item) =>
        item.review ? (
          <ReviewCard
            key={item.orderItemId}
            review={item.review}
            heading={
              <Text fz="sm" fw={600}>
                Your review of {item.name}
              </Text>
            }
            badge={
              item.review.hidden && (
                <Text fz="xs" c="red">
                  Hidden by the marketplace
                </Text>
              )
            }
          />
        ) : (
          item.canReview && (
            <Group key={item.orderItemId} justify="space-between" wrap="wrap" gap="xs">
              <Text fz="sm">
                How was <strong>{item.name}</strong> (Size: {item.size} · Colour: {item.colour})?
              </Text>
              <Button
                size="sm"
                variant="light"
                color="orange"
                leftSection={<IconStar size={16} aria-hidden="true" />}
                onClick={() => setWriting(item)}
              >
                Rate &amp; review
              </Button>
            </Group>
          )
        ),
      )}
      <ReviewModal orderId={orderId} item={writing} onClose={() => setWriting(null)} />
    </Stack>
  );
}

interface ReviewFormFields {
  rating: number;
  text: string;
  photo: File | null;
}

/** The review form: stars, text (10-1000 characters) and an optional JPG or PNG photo (5 MB). */
function ReviewModal({
  orderId,
  item,
  onClose,
}: {
  orderId: number;
  item: ReviewableItem | null;
  onClose: () => void;
}) {
  const create = useCreateReview(orderId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ReviewFormFields>({
    initialValues: { rating: 0, text: '', photo: null },
    // The shared schema's rules and messages for the stars and the text; the photo's type and
    // size before it is sent (the server checks it again by its bytes).
    validate: (values) => {
      const errors: Record<string, string | null> = {};
      const parsed = ReviewInputSchema.safeParse(values);
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        errors[String(issue.path[0])] ??= issue.message;
      }
      const file = values.photo;
      errors.photo =
        file && file.size > IMAGE_UPLOAD_MAX_BYTES
          ? 'The photo must be at most 5 MB'
          : file && !/^image\/(jpeg|png)$/.test(file.type)
            ? REVIEW_MESSAGES.photoType
            : null;
      return errors;
    },
  });
  const close = () => {
    form.reset();
    setRefusal(null);
    create.reset();
    onClose();
  };
  const length = form.values.text.trim().length;

  return (
    <Modal opened={item !== null} onClose={close} title="Rate & review" centered size="lg">
      {item && (
        <form
          onSubmit={form.onSubmit((values) => {
            setRefusal(null);
            create.mutate(
              { orderItemId: item.orderItemId, productId: item.productId, ...values },
              {
                onSuccess: () => {
                  void notify({ message: 'Thank you! Your review is published.', color: 'green' });
                  close();
                },
                onError: (error) => {
                  if (isApiError(error) && error.fields) {
                    form.setErrors(error.fields);
                    return;
                  }
                  setRefusal(
                    isApiError(error) ? error.message : 'Your review could not be sent; try again',
                  );
                },
              },
            );
          })}
        >
          <Stack gap="md">
            <Text fz="sm">
              {item.name} · Size: {item.size} · Colour: {item.colour}
            </Text>
            <div>
              <Text component="label" fz="sm" fw={500} id="review-stars-label">
                Your rating <span aria-hidden="true">*</span>
              </Text>
              <Rating
                size="lg"
                value={form.values.rating}
                onChange={(value) => form.setFieldValue('rating', value)}
                aria-labelledby="review-stars-label"
                color="orange"
              />
              {form.errors.rating && (
                <Text fz="xs" c="red" role="alert">
                  {form.errors.rating}
                </Text>
              )}
            </div>
            <Textarea
              label="Your review"
              required
              autosize
              minRows={4}
              maxLength={REVIEW_TEXT_MAX}
              placeholder="What did you like or dislike? How were the fit, the fabric and the colour?"
              description={`${length} / ${REVIEW_TEXT_MAX} characters (at least ${REVIEW_TEXT_MIN})`}
              {...form.getInputProps('text')}
            />
            <FileInput
              label="Photo (optional)"
              description="JPG or PNG, at most 5 MB"
              accept="image/jpeg,image/png"
              clearable
              leftSection={<IconPhoto size={16} aria-hidden="true" />}
              placeholder="Choose a photo"
              {...form.getInputProps('photo')}
            />
            {refusal && (
              <Alert color="red" role="alert">
                {refusal}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} color="orange">
                Publish review
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
