import { Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import {
  BACK_OFFICE_MESSAGES,
  BACK_OFFICE_PAGE_SIZE,
  PEOPLE_MESSAGES,
  RejectRequestSchema,
  formatDisplayDate,
  type CustomerRequest,
  type CustomerRequestStatus,
} from '@bazaar/shared';
import { useState } from 'react';
import {
  useApproveCustomerRequest,
  useCustomerRequests,
  useRejectCustomerRequest,
} from '../../../api/customers/customer-requests';
import { notify } from '../../../components/notify';
import { usePageTitle } from '../../../components/use-page-title';
import { ConfirmModal } from '../../../components/confirm-modal';
import { ReasonModal } from '../../../components/reason-modal';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { GeneratedPasswordModal } from './generated-password-modal';
import { PeoplePageHeader, pagedTable, PeopleTable } from './people-page';
import { RequestStatusBadge } from './request-status-badge';

/** The longest reason the request form takes (the shared RejectRequestSchema's limit). */
const REJECT_REASON_MAX_CHARS = 500;

function RejectModal({
  request,
  onClose,
  onError,
}: {
  request: CustomerRequest | null;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const reject = useRejectCustomerRequest();
  return (
    <ReasonModal
      opened={request !== null}
      title="Reject request"
      intro={
        request && (
          <>
            Reject the request for <b>{request.shopName}</b> ({request.name}) sent by{' '}
            {request.requestedBy.name}? The employee sees the reason.
          </>
        )
      }
      label="Reason"
      maxChars={REJECT_REASON_MAX_CHARS}
      schema={RejectRequestSchema}
      confirmLabel="Reject"
      keepLabel="Cancel"
      pending={reject.isPending}
      refusal={null}
      onConfirm={(reason) => {
        if (!request) return;
        reject.mutate(
          { requestId: request.id, reason },
          {
            onSuccess: () => {
              void notify({
                color: 'green',
                message: PEOPLE_MESSAGES.requestRejected,
                autoClose: 3000,
              });
              onClose();
            },
            onError: (failure) => {
              onClose();
              onError(failure);
            },
          },
        );
      }}
      onClose={onClose}
    />
  );
}

/**
 * `/customerRequests` (admin; docs/back-office-people.md): employees' Create Requests by status,
 * pending first. Approve creates the customer and shows its generated password once; Reject asks
 * for a reason in a confirmation dialog.
 */
export function CustomerRequestsPage() {
  usePageTitle('Customer requests');
  const [status, setStatus] = useState<CustomerRequestStatus>('pending');
  const [page, setPage] = useState(1);
  const query = useCustomerRequests(status, page);
  const approve = useApproveCustomerRequest();
  const { showError, errorDialog } = useErrorDialog();
  const [rejecting, setRejecting] = useState<CustomerRequest | null>(null);
  const [approving, setApproving] = useState<CustomerRequest | null>(null);
  const [created, setCreated] = useState<{
    message: string;
    name: string;
    email: string;
    password: string;
  } | null>(null);
  const data = query.data;

  const confirmApprove = () => {
    if (!approving) return;
    approve.mutate(approving.id, {
      onSuccess: (result) => {
        setApproving(null);
        setCreated({
          message: BACK_OFFICE_MESSAGES.customerCreated,
          name: result.customer.name,
          email: result.customer.email,
          password: result.generatedPassword,
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
      <PeoplePageHeader title="Customer Requests" backTo="/adminHome" />
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value as CustomerRequestStatus);
          setPage(1);
        }}
        data={[
          { value: 'pending', label: 'Pending' },
          { value: 'approved', label: 'Approved' },
          { value: 'rejected', label: 'Rejected' },
        ]}
        maw={420}
        aria-label="Request status"
      />
      <PeopleTable
        {...pagedTable(query, page, setPage)}
        empty={status === 'pending' ? 'No requests are waiting' : `No ${status} requests`}
        // Fits the 988 px the page has beside the menu at 1280 px (1000 cut Reject off).
        minWidth={900}
        head={
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Shop Name</Table.Th>
            <Table.Th>Mobile</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Requested by</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>{status === 'pending' ? 'Action' : 'Status'}</Table.Th>
          </Table.Tr>
        }
        rows={data?.items.map((request, index) => (
          <Table.Tr key={request.id}>
            <Table.Td>{(page - 1) * BACK_OFFICE_PAGE_SIZE + index + 1}</Table.Td>
            <Table.Td fw={500}>{request.name}</Table.Td>
            <Table.Td>{request.shopName}</Table.Td>
            <Table.Td>{request.mobile}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{request.email}</Table.Td>
            <Table.Td>
              {[request.locality, request.landmark, request.city, request.pincode]
                .filter(Boolean)
                .join(', ')}
            </Table.Td>
            <Table.Td>{request.requestedBy.name}</Table.Td>
            <Table.Td>{formatDisplayDate(request.createdAt)}</Table.Td>
            <Table.Td>
              {request.status === 'pending' ? (
                <Group gap="xs" wrap="wrap">
                  <Button size="xs" color="green" onClick={() => setApproving(request)}>
                    Approve
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => setRejecting(request)}
                  >
                    Reject
                  </Button>
                </Group>
              ) : (
                <Stack gap={2}>
                  <RequestStatusBadge status={request.status} />
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
        title="Approve request"
        confirmLabel="Approve"
        color="green"
        loading={approve.isPending}
        onConfirm={confirmApprove}
        onClose={() => setApproving(null)}
      >
        {approving && (
          <>
            Create the customer <b>{approving.shopName}</b> ({approving.name}, {approving.mobile})?
            A password is generated and emailed to {approving.email}.
          </>
        )}
      </ConfirmModal>
      <RejectModal request={rejecting} onClose={() => setRejecting(null)} onError={showError} />
      <GeneratedPasswordModal result={created} onClose={() => setCreated(null)} />
      {errorDialog}
    </Stack>
  );
}
