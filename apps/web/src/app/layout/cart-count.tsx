import { Badge, VisuallyHidden } from '@mantine/core';

/** The cart's number of units on the Cart link ("Cart 3 items"); nothing when empty. */
export function CartCount({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge size="sm" circle={count < 10} color="orange" variant="filled" component="span">
      {count > 99 ? '99+' : count}
      <VisuallyHidden>{count === 1 ? ' item' : ' items'}</VisuallyHidden>
    </Badge>
  );
}
