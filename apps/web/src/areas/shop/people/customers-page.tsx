import { Center, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SHOP_OFFICE_PAGE_SIZE, formatDisplayDate, formatRupees } from '@bazaar/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useShopCustomers } from '../../../api/shop-orders/get-shop-customers';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { ListFooter } from '../orders/list-footer';

/**
 * The seller's `/AllCustomerInfo` ("Total Customer", docs/shop-office.md): the customers who bought
 * from this shop with their order count, last order and what they spent here; search by name,
 * email or mobile; 10 a page.
 */
export function ShopCustomersPage() {
  usePageTitle('Total customers');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const customers = useShopCustomers(debounced, page);

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Total customers</Title>
        <Text c="dimmed" fz="sm">
          Customers who bought from your shop (cancelled orders are not counted).
        </Text>
      </div>
      <TextInput
        label="Search"
        placeholder="Name, email or mobile"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={360}
      />
      {customers.isError ? (
        <TechnicalErrorAlert onRetry={() => void customers.refetch()} />
      ) : customers.isPending ? (
        <Skeleton h={200} />
      ) : customers.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Center>
            <Text fw={600}>
              {debounced ? 'No customers match your search.' : 'No customers have bought yet.'}
            </Text>
          </Center>
        </Paper>
      ) : (
        <>
          <Table.ScrollContainer minWidth={720}>
            <Table
              striped
              verticalSpacing="sm"
              style={{ opacity: customers.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>S.no</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Mobile</Table.Th>
                  <Table.Th ta="right">Orders</Table.Th>
                  <Table.Th>Last order</Table.Th>
                  <Table.Th ta="right">Spent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {customers.data.items.map((customer, index) => (
                  <Table.Tr key={customer.id}>
                    <Table.Td>{(page - 1) * SHOP_OFFICE_PAGE_SIZE + index + 1}</Table.Td>
                    <Table.Td fw={600}>{customer.name}</Table.Td>
                    <Table.Td>{customer.email}</Table.Td>
                    <Table.Td>{customer.mobile ?? '-'}</Table.Td>
                    <Table.Td ta="right">{customer.orderCount}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDisplayDate(customer.lastOrderAt)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatRupees(customer.totalSpentPaise)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            total={customers.data.total}
            noun="customer"
            page={page}
            totalPages={customers.data.totalPages}
            onPage={setPage}
          />
        </>
      )}
    </Stack>
  );
}
