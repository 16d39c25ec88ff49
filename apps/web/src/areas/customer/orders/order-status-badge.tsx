import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../../api/orders/order-types';
import { STATUS_DISPLAY } from './order-status';

/** A status in its colour (Placed blue, Shipped cyan, Delivered green, Cancelled red...). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, color } = STATUS_DISPLAY[status];
  return (
    <Badge color={color} variant="light" radius="sm">
      {label}
    </Badge>
  );
}
