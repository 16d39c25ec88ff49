import { ActionIcon, Stack, Table, Text, Tooltip } from '@mantine/core';
import { BACK_OFFICE_PAGE_SIZE, type WholesaleCustomer } from '@bazaar/shared';
import { IconEdit, IconFileInvoice, IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCustomers } from '../../../api/customers/get-customers';
import { usePageTitle } from '../../../components/use-page-title';
import { EditCustomerModal } from './edit-customer-modal';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import {
  ListSearch,
  PeoplePageHeader,
  pagedTable,
  PeopleTable,
  useListParams,
} from './people-page';

/** What differs between the admin's and the employee's customer list. */
interface CustomerListVariant {
  title: string;
  searchPlaceholder: string;
  backTo: string;
  /** The transaction screen of a customer (owned by the bills pages). */
  transactionPath: (customerId: number) => string;
  transactionLabel: string;
  transactionIcon: typeof IconFileInvoice;
  /** The Edit modal shows Credit limit (only the admin sets it: docs/back-office-ledger.md). */
  canSetCreditLimit: boolean;
}

function CustomerListPage({ variant }: { variant: CustomerListVariant }) {
  usePageTitle(variant.title);
  const list = useListParams();
  const query = useCustomers(list.search, list.page);
  const { showError, errorDialog } = useErrorDialog();
  const [editing, setEditing] = useState<WholesaleCustomer | null>(null);
  const data = query.data;
  const Icon = variant.transactionIcon;

  return (
    <Stack gap="md" maw={1280}>
      <PeoplePageHeader title={variant.title} backTo={variant.backTo} />
      <ListSearch
        value={list.typed}
        onChange={list.setTyped}
        placeholder={variant.searchPlaceholder}
      />
      {data && (
        <Text fz="sm" c="dimmed" aria-live="polite">
          {data.total} {data.total === 1 ? 'customer' : 'customers'}
          {list.search ? ` matching '${list.search}'` : ''}
        </Text>
      )}
      <PeopleTable
        {...pagedTable(query, list.page, list.setPage)}
        empty={list.search ? 'No customer matches this search' : 'No customers yet'}
        minWidth={980}
        head={
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Mobile</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Shop Name</Table.Th>
            <Table.Th>Locality</Table.Th>
            <Table.Th>Landmark</Table.Th>
            <Table.Th>City</Table.Th>
            <Table.Th ta="center">Edit</Table.Th>
            <Table.Th ta="center">{variant.transactionLabel}</Table.Th>
          </Table.Tr>
        }
        rows={data?.items.map((customer, index) => (
          <Table.Tr key={customer.id}>
            <Table.Td>{(list.page - 1) * BACK_OFFICE_PAGE_SIZE + index + 1}</Table.Td>
            <Table.Td fw={500}>{customer.name}</Table.Td>
            <Table.Td>{customer.mobile}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{customer.email}</Table.Td>
            <Table.Td>{customer.shopName}</Table.Td>
            <Table.Td>{customer.locality}</Table.Td>
            <Table.Td>{customer.landmark || '—'}</Table.Td>
            <Table.Td>{customer.city}</Table.Td>
            <Table.Td ta="center">
              <Tooltip label="Edit" withArrow>
                <ActionIcon
                  variant="subtle"
                  onClick={() => setEditing(customer)}
                  aria-label={`Edit ${customer.name}`}
                >
                  <IconEdit size={18} />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
            <Table.Td ta="center">
              <Tooltip label={variant.transactionLabel} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="grape"
                  component={Link}
                  to={variant.transactionPath(customer.id)}
                  aria-label={`${variant.transactionLabel} of ${customer.name}`}
                >
                  <Icon size={18} />
                </ActionIcon>
              </Tooltip>
            </Table.Td>
          </Table.Tr>
        ))}
      />
      <EditCustomerModal
        customer={editing}
        canSetCreditLimit={variant.canSetCreditLimit}
        onClose={() => setEditing(null)}
        onError={showError}
      />
      {errorDialog}
    </Stack>
  );
}

const ADMIN_VARIANT: CustomerListVariant = {
  title: 'Total Customer',
  searchPlaceholder: 'Search customer',
  backTo: '/adminHome',
  transactionPath: (customerId) => `/TransactionDetails/${customerId}`,
  transactionLabel: 'Transaction',
  transactionIcon: IconFileInvoice,
  canSetCreditLimit: true,
};

const EMPLOYEE_VARIANT: CustomerListVariant = {
  title: 'Total Customer',
  searchPlaceholder: 'Search Customer',
  backTo: '/employeeHome',
  transactionPath: (customerId) => `/employeeTransaction/${customerId}`,
  transactionLabel: 'Details',
  transactionIcon: IconListDetails,
  canSetCreditLimit: false,
};

/**
 * `/TotalCustomer` (admin; docs/back-office-people.md): Sl. No, Name, Mobile, Email, Shop
 * Name, Locality, Landmark, City, Edit, Transaction; search, 10 a page, Back to /adminHome.
 */
export function AdminCustomerListPage() {
  return <CustomerListPage variant={ADMIN_VARIANT} />;
}

/**
 * `/employeeTotalCustomer` (employee; docs/back-office-people.md): heading Total
 * Customer, search 'Search Customer', the details icon to the transaction screen, the Edit
 * modal, Back to /employeeHome.
 */
export function EmployeeCustomerListPage() {
  return <CustomerListPage variant={EMPLOYEE_VARIANT} />;
}
