import { Badge } from '@mantine/core';
import type { CustomerRequestStatus } from '@bazaar/shared';

const COLOURS: Record<CustomerRequestStatus, string> = {
  pending: 'yellow',
  approved: 'green',
  rejected: 'red',
};

const LABELS: Record<CustomerRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A customer request's status: Pending (yellow), Approved (green), Rejected (red). */
export function RequestStatusBadge({ status }: { status: CustomerRequestStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light">
      {LABELS[status]}
    </Badge>
  );
}
