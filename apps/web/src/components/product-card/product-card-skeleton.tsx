import { Card, Group, Skeleton, Stack } from '@mantine/core';
import classes from './product-card.module.css';

// Apart from product-card.tsx so a page can show it before the card's chunk arrives (the card
// brings the cart, wishlist and rating code; docs/performance.md).

/** The card's shape while the products load. */
export function ProductCardSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" className={classes.card} aria-hidden="true">
      <Card.Section>
        <Skeleton radius={0} className={classes.skeletonImage} />
      </Card.Section>
      <Stack gap={8} mt="sm">
        <Skeleton h={10} w="40%" />
        <Skeleton h={14} w="80%" />
        <Skeleton h={10} w="60%" />
        <Skeleton h={18} w="50%" />
        <Skeleton h={10} w="70%" />
        <Group grow gap="xs" mt={4}>
          <Skeleton h={30} />
          <Skeleton h={30} />
        </Group>
      </Stack>
    </Card>
  );
}
