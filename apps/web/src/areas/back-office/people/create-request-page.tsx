import { Stack, Table, Text, Title } from '@mantine/core';
import { BACK_OFFICE_PAGE_SIZE, PEOPLE_MESSAGES, formatDisplayDate } from '@bazaar/shared';
import { useState } from 'react';
import {
  useCreateCustomerRequest,
  useMyCustomerRequests,
} from '../../../api/customers/customer-requests';
import { notify } from '../../../components/notify';
import { usePageTitle } from '../../../components/use-page-title';
import { CustomerForm } from './customer-form';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { PeoplePageHeader, pagedTable, PeopleTable } from './people-page';
import { RequestStatusBadge } from './request-status-badge';

/**
 * The employee's Create Request form (docs/back-office-people.md;
 * docs/decisions/0010-wholesale-customers-and-employees-have-accounts.md): the
 * customer's fields without a password; the admin approves it into a customer. A toast says it
 * was sent and the form clears.
 */
export function CreateRequestForm() {
  const create = useCreateCustomerRequest();
  const { showError, errorDialog } = useErrorDialog();
  return (
    <>
      <CustomerForm
        title="Create Request"
        submitLabel="Send request"
        onError={showError}
        save={async (input) => {
          await create.mutateAsync(input);
          void notify({ color: 'green', message: PEOPLE_MESSAGES.requestCreated, autoClose: 3000 });
        }}
      />
      {errorDialog}
    </>
  );
}

/** The employee's own requests with their status (and the admin's reason for a rejection). */
export function MyRequests() {
  const [page, setPage] = useState(1);
  const query = useMyCustomerRequests(page);
  const data = query.data;
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        My requests
      </Title>
      <PeopleTable
        {...pagedTable(query, page, setPage)}
        empty="You have not sent any requests yet"
        minWidth={640}
        head={
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Shop Name</Table.Th>
            <Table.Th>Mobile</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        }
        rows={data?.items.map((request, index) => (
          <Table.Tr key={request.id}>
            <Table.Td>{(page - 1) * BACK_OFFICE_PAGE_SIZE + index + 1}</Table.Td>
            <Table.Td>{request.name}</Table.Td>
            <Table.Td>{request.shopName}</Table.Td>
            <Table.Td>{request.mobile}</Table.Td>
            <Table.Td>{formatDisplayDate(request.createdAt)}</Table.Td>
            <Table.Td>
              <RequestStatusBadge status={request.status} />
              {request.rejectReason && (
                <Text fz="xs" c="dimmed" mt={4}>
                  {request.rejectReason}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      />
    </Stack>
  );
}

/** `/createRequest` (employee): the Create Request form alone. */
export function CreateRequestPage() {
  usePageTitle('Create request');
  return (
    <Stack gap="lg" maw={960}>
      <PeoplePageHeader title="Create Request" backTo="/employeeHome" />
      <CreateRequestForm />
    </Stack>
  );
}
