import { Anchor, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import {
  BACK_OFFICE_PAGE_SIZE,
  RejectBillCancelRequestSchema,
  TOAST_AUTO_CLOSE_MS,
  formatDisplayDate,
  formatRupees,
  type BillCancelRequest,
  type BillCancelRequestStatus,
} from '@bazaar/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  useApproveCancelRequest,
  useCancelRequests,
  useRejectCancelRequest,
} from '../../../api/bill-cancel-requests/bill-cancel-requests';
import { ConfirmModal } from '../../../components/confirm-modal';
import { notify } from '../../../components/notify';
import { ReasonModal } from '../../../components/reason-modal';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { usePageTitle } from '../../../components/use-page-title';
import { PeoplePageHeader, pagedTable, PeopleTable } from './people-page';
import { RequestStatusBadge } from './request-status-badge';

/**
 * `/cancelRequests` (admin; docs/back-office-bills.md "Cancel requests"): employees' requests to
 * cancel a bill, pending first. Approve (after a confirmation) cancels the bill exactly as the
 * admin's Cancel bill does; Reject asks for a reason the employee then sees on the bill.
 */
export function CancelRequestsPage() {
  usePageTitle('Cancel requests');
  const [status, setStatus] = useState<BillCancelRequestStatus>('pending');
  const [page, setPage] = useState(1);
  const query = useCancelRequests(status, page);
  const approve = useApproveCancelRequest();
  const reject = useRejectCancelRequest();
  const { showError, errorDialog } = useErrorDialog();
  const [approving, setApproving] = useState<BillCancelRequest | null>(null);
  const [rejecting, setRejecting] = useState<BillCancelRequest | null>(null);

  const confirmApprove = () => {
    if (!approving) return;
    approve.mutate(approving.id, {
      onSuccess: ({ request }) => {
        setApproving(null);
        void notify({
          color: 'green',
          message: `Bill ${request.billNumber} cancelled`,
          autoClose: TOAST_AUTO_CLOSE_MS,
        });
      },
      onError: (error) => {
        setApproving(null);
        showError(error);
      },
    });
  };

  return (
    <Stack gap="md" maw={1280}>
      <PeoplePageHeader title="Cancel Requests" backTo="/adminHome" />
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value as BillCancelRequestStatus);
          setPage(1);
        }}
        data={[
          { value: 'pending', label: 'Pending' },
          { value: 'approved', label: 'Approved' },
          { value: 'rejected', label: 'Rejected' },
        ]}
        maw={420}
        aria-label="Cancel request status"
      />
      <PeopleTable
        {...pagedTable(query, page, setPage)}
        empty={status === 'pending' ? 'No cancel requests are waiting' : `No ${status} requests`}
        minWidth={860}
        head={
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Bill-No</Table.Th>
            <Table.Th>Customer</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Requested by</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>{status === 'pending' ? 'Action' : 'Status'}</Table.Th>
          </Table.Tr>
        }
        rows={query.data?.items.map((request, index) => (
          <Table.Tr key={request.id}>
            <Table.Td>{(page - 1) * BACK_OFFICE_PAGE_SIZE + index + 1}</Table.Td>
            <Table.Td>
              <Anchor component={Link} to={`/TransactionDetails/${request.customerId}`}>
                {request.billNumber}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text fz="sm" fw={500}>
                {request.shopName}
              </Text>
              <Text fz="xs" c="dimmed">
                {request.customerName}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{formatRupees(request.totalPaise)}</Table.Td>
            <Table.Td maw={260} style={{ whiteSpace: 'normal' }}>
              {request.reason}
            </Table.Td>
            <Table.Td>{request.requestedBy.name}</Table.Td>
            <Table.Td>{formatDisplayDate(request.requestedAt)}</Table.Td>
            <Table.Td>
              {request.status === 'pending' ? (
                <Group gap="xs" wrap="wrap">
                  <Button
                    size="xs"
                    color="red"
                    onClick={() => setApproving(request)}
                    aria-label={`Approve cancel of bill ${request.billNumber}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => setRejecting(request)}
                    aria-label={`Reject cancel of bill ${request.billNumber}`}
                  >
                    Reject
                  </Button>
                </Group>
              ) : (
                <Stack gap={2}>
                  <RequestStatusBadge status={request.status} />
                  {request.decidedByName && (
                    <Text fz="xs" c="dimmed">
                      by {request.decidedByName}
                    </Text>
                  )}
                  {request.rejectReason && (
                    <Text fz="xs" c="dimmed">
                      {request.rejectReason}
                    </Text>
                  )}
                </Stack>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      />
      <ConfirmModal
        opened={approving !== null}
        title="Approve cancel request"
        confirmLabel="Cancel the bill"
        color="red"
        loading={approve.isPending}
        onConfirm={confirmApprove}
        onClose={() => setApproving(null)}
      >
        {approving && (
          <>
            Cancel bill <b>{approving.billNumber}</b> of {approving.shopName} (
            {formatRupees(approving.totalPaise)}) as {approving.requestedBy.name} asked? The invoice
            keeps its number and is marked CANCELLED, the pieces go back to stock and any payment is
            recorded as refunded. This cannot be undone.
          </>
        )}
      </ConfirmModal>
      <ReasonModal
        opened={rejecting !== null}
        title="Reject cancel request"
        intro={
          rejecting && (
            <>
              Keep bill <b>{rejecting.billNumber}</b> as it is? {rejecting.requestedBy.name} sees
              the reason on the bill.
            </>
          )
        }
        label="Reason"
        maxChars={500}
        schema={RejectBillCancelRequestSchema}
        confirmLabel="Reject"
        keepLabel="Cancel"
        pending={reject.isPending}
        refusal={null}
        onConfirm={(reason) => {
          if (!rejecting) return;
          reject.mutate(
            { requestId: rejecting.id, reason },
            {
              onSuccess: () => {
                setRejecting(null);
                void notify({
                  color: 'green',
                  message: 'Cancel request rejected',
                  autoClose: TOAST_AUTO_CLOSE_MS,
                });
              },
              onError: (error) => {
                setRejecting(null);
                showError(error);
              },
            },
          );
        }}
        onClose={() => setRejecting(null)}
      />
      {errorDialog}
    </Stack>
  );
}
