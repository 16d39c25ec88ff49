import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDisplayDate, formatRupees, type FailedRefund } from '@bazaar/shared';
import { useState } from 'react';
import { isApiError } from '../../../api/api-client';
import { useFailedRefunds, useRetryRefund } from '../../../api/refunds/failed-refunds';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../components/notify';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';

/**
 * Failed refunds (admin; docs/refunds.md "Retrying a failed refund"): online refunds Razorpay
 * refused, oldest first, each with Retry after a confirmation. A retry sends a new request under
 * its own receipt, so a refund Razorpay already made is never paid twice.
 */
export function FailedRefundsPanel() {
  const failed = useFailedRefunds();
  const retry = useRetryRefund();
  const [confirming, setConfirming] = useState<FailedRefund | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = (refund: FailedRefund) => {
    setRefusal(null);
    retry.mutate(refund.id, {
      onSuccess: () => {
        setConfirming(null);
        void notify({
          color: 'green',
          message: `Refund of ${formatRupees(refund.amountPaise)} for ${refund.orderNumber} asked of Razorpay again`,
        });
      },
      onError: (error) => {
        setConfirming(null);
        setRefusal(isApiError(error) ? error.message : 'The refund could not be retried');
      },
    });
  };

  if (failed.isError) return <TechnicalErrorAlert onRetry={() => void failed.refetch()} />;
  if (!failed.data) return <Skeleton h={160} radius="md" />;
  const rows = failed.data.items;
  const retryButton = (refund: FailedRefund) => (
    <Button size="xs" color="orange" onClick={() => setConfirming(refund)}>
      Retry refund
    </Button>
  );
  return (
    <Stack gap="sm">
      {refusal && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      )}
      {rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed">
            No failed refunds: every online refund went through or is under way.
          </Text>
        </Paper>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760} visibleFrom="sm">
            <Table striped verticalSpacing="xs" aria-label="Failed refunds">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Shop</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Failed</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((refund) => (
                  <Table.Tr key={refund.id}>
                    <Table.Td>{refund.orderNumber}</Table.Td>
                    <Table.Td>{refund.shopName}</Table.Td>
                    <Table.Td>{refund.customerName}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatRupees(refund.amountPaise)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDisplayDate(refund.updatedAt)}
                    </Table.Td>
                    <Table.Td>{refund.failureReason ?? '—'}</Table.Td>
                    <Table.Td>{retryButton(refund)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Stack gap="xs" hiddenFrom="sm" aria-label="Failed refunds">
            {rows.map((refund) => (
              <Paper key={refund.id} withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{refund.orderNumber}</Text>
                    <Text size="xs" c="dimmed">
                      {refund.shopName} · {refund.customerName} · failed{' '}
                      {formatDisplayDate(refund.updatedAt)}
                    </Text>
                    {refund.failureReason && <Text size="xs">{refund.failureReason}</Text>}
                  </Stack>
                  <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {formatRupees(refund.amountPaise)}
                  </Text>
                </Group>
                <Group mt="xs">{retryButton(refund)}</Group>
              </Paper>
            ))}
          </Stack>
        </>
      )}
      <ConfirmModal
        opened={confirming !== null}
        title="Retry this refund?"
        confirmLabel="Yes, retry"
        color="orange"
        loading={retry.isPending}
        onConfirm={() => confirming && submit(confirming)}
        onClose={() => setConfirming(null)}
      >
        {confirming &&
          `Ask Razorpay again to refund ${formatRupees(confirming.amountPaise)} for order ${confirming.orderNumber} to the customer's original payment method. A refund Razorpay already made is never paid twice.`}
      </ConfirmModal>
    </Stack>
  );
}
