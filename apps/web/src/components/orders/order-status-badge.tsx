import { Badge } from '@mantine/core';
import type { OrderStatus } from '@bazaar/shared';
import { statusDisplay } from './order-status';

/** A status in its colour (Placed blue, Shipped cyan, Delivered green, Cancelled red...). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, color } = statusDisplay(status);
  return (
    <Badge color={color} variant="light" radius="sm">
      {label}
    </Badge>
  );
}
