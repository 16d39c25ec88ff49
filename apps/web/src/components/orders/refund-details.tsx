import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import {
  REFUND_METHOD_LABELS,
  REFUND_STATUS_LABELS,
  formatDisplayDate,
  formatRupees,
  type Refund,
  type RefundStatus,
} from '@bazaar/shared';
import type { ReactNode } from 'react';

const STATUS_COLOURS: Record<RefundStatus, string> = {
  pending: 'yellow',
  processed: 'green',
  failed: 'red',
};

/** A refund's status in its colour: Refund pending (yellow), Refunded (green), Refund failed (red). */
export function RefundStatusBadge({ status }: { status: RefundStatus }) {
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light" radius="sm">
      {REFUND_STATUS_LABELS[status]}
    </Badge>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text fz="sm" c="dimmed" style={{ flex: '0 0 auto' }}>
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * One shipment's refund (docs/refunds.md "What people see"): the amount, where it goes, its
 * status, the reference (Razorpay's refund id or the shop's UTR) and dates. The customer's
 * `payTo` shows the account's last four digits, the shop's the whole number; `children` holds
 * what the viewer can do about it (the shop's Mark refund paid).
 */
export function RefundDetails({
  refund,
  title = 'Refund',
  children,
}: {
  refund: Refund;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" aria-label={title} component="section">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700}>
            {title}: {formatRupees(refund.amountPaise)}
          </Text>
          <RefundStatusBadge status={refund.status} />
        </Group>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {refund.method === 'razorpay' || !refund.payTo
            ? REFUND_METHOD_LABELS[refund.method]
            : `To ${refund.payTo}`}
        </Text>
        {refund.reference && (
          <Line label="Reference">
            <Text span ff="monospace" inherit>
              {refund.reference}
            </Text>
          </Line>
        )}
        <Line label={refund.reason === 'returned' ? 'Return received' : 'Cancelled'}>
          {formatDisplayDate(refund.createdAt)}
        </Line>
        {refund.processedAt && refund.status === 'processed' && (
          <Line label="Refunded on">{formatDisplayDate(refund.processedAt)}</Line>
        )}
        {refund.status === 'pending' && refund.attempt > 1 && (
          <Text fz="sm" c="dimmed">
            The last try did not go through; the refund has been asked for again.
          </Text>
        )}
        {refund.status === 'failed' && (
          <Text fz="sm" c="red.8">
            {refund.failureReason ?? 'The refund did not go through.'} Our team will look into it.
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
