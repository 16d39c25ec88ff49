import { Group, Rating, Text } from '@mantine/core';

/** Read-only stars with the average and the number of ratings: ★★★★☆ 4.3 (128). */
export function StarRating({
  rating,
  ratingCount,
  size = 'sm',
}: {
  rating: number;
  ratingCount: number;
  size?: 'xs' | 'sm' | 'md';
}) {
  const label =
    ratingCount === 0
      ? 'Not rated yet'
      : `Rated ${rating.toFixed(1)} out of 5 by ${ratingCount} ${ratingCount === 1 ? 'buyer' : 'buyers'}`;
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={label}>
      <Rating value={rating} fractions={2} readOnly size={size} color="orange" aria-hidden="true" />
      <Text fz="xs" c="dimmed" aria-hidden="true" style={{ whiteSpace: 'nowrap' }}>
        {ratingCount === 0
          ? 'No ratings'
          : `${rating.toFixed(1)} (${ratingCount.toLocaleString('en-IN')})`}
      </Text>
    </Group>
  );
}
