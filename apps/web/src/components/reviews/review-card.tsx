import type { CSSProperties, ReactNode } from 'react';
import { Anchor, Badge, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { formatDisplayDate, type Review } from '@bazaar/shared';
import { IconCircleCheck, IconMessageReply } from '@tabler/icons-react';
import starClasses from '../star-rating.module.css';

/**
 * One review as every screen shows it (docs/reviews.md): the stars, the buyer's name, "Verified
 * purchase", the variant bought, the date, the text, the photo's thumbnail (opens the full photo)
 * and the shop's reply under it. `actions` go in the footer (Helpful, Reply, Hide...), `heading`
 * above the stars (the product's name in the office lists).
 */
export function ReviewCard({
  review,
  heading,
  badge,
  actions,
}: {
  review: Review;
  heading?: ReactNode;
  badge?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`Review by ${review.reviewerName}`}
    >
      <Stack gap={6}>
        {heading}
        <Group gap="xs" wrap="wrap">
          <StarOnly rating={review.rating} />
          <Text fw={600} fz="sm">
            {review.reviewerName}
          </Text>
          {review.verifiedPurchase && (
            <Badge
              size="sm"
              variant="light"
              color="green"
              leftSection={<IconCircleCheck size={12} aria-hidden="true" />}
            >
              Verified purchase
            </Badge>
          )}
          {badge}
        </Group>
        <Text fz="xs" c="dimmed">
          Size: {review.size} · Colour: {review.colour} · {formatDisplayDate(review.createdAt)}
        </Text>
        <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {review.text}
        </Text>
        {review.photo && (
          <Anchor href={review.photo.url} target="_blank" rel="noopener" w="fit-content">
            <Image
              src={review.photo.thumbnailUrl}
              alt={`Photo from ${review.reviewerName}'s review`}
              w={96}
              h={96}
              radius="sm"
              loading="lazy"
            />
          </Anchor>
        )}
        {review.reply && (
          <Paper bg="var(--mantine-color-gray-0)" p="sm" radius="sm" mt={4}>
            <Group gap={6} mb={2}>
              <IconMessageReply size={16} aria-hidden="true" />
              <Text fz="xs" fw={600}>
                Reply from the shop · {formatDisplayDate(review.reply.at)}
              </Text>
            </Group>
            <Text fz="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {review.reply.text}
            </Text>
          </Paper>
        )}
        {actions && (
          <Group gap="xs" mt={4}>
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The five stars of one review, without a count (the star painting of StarRating). */
function StarOnly({ rating }: { rating: number }) {
  const style = { '--star-size': '16px', '--star-fill': `${rating * 20}%` } as CSSProperties;
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className={starClasses.rating}>
      <span className={starClasses.stars} style={style} />
    </span>
  );
}
