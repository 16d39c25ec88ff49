import { Avatar, Stack, Table, Text } from '@mantine/core';
import { BACK_OFFICE_PAGE_SIZE, BUSINESS_PROFILE_MESSAGES } from '@bazaar/shared';
import { IconBuildingStore } from '@tabler/icons-react';
import { useShops } from '../../../api/business/business';
import { usePageTitle } from '../../../components/use-page-title';
import {
  ListSearch,
  PeoplePageHeader,
  pagedTable,
  PeopleTable,
  useListParams,
} from './people-page';

/**
 * `/shopList` (admin; docs/back-office-people.md "Shop list"): the marketplace's shops, 10 a page
 * by name, with a case-insensitive name search; empty, it says the spec's 'Data not avalible'.
 */
export function ShopListPage() {
  usePageTitle('Shops');
  const list = useListParams();
  const query = useShops(list.search, list.page);
  const data = query.data;

  return (
    <Stack gap="md" maw={1100}>
      <PeoplePageHeader title="Shops" backTo="/adminHome" />
      {data && (
        <Text c="dimmed" fz="sm">
          Total shops: {data.total}
        </Text>
      )}
      <ListSearch value={list.typed} onChange={list.setTyped} placeholder="Search shop name" />
      <PeopleTable
        {...pagedTable(query, list.page, list.setPage)}
        empty={BUSINESS_PROFILE_MESSAGES.shopsEmpty}
        minWidth={900}
        head={
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Shop</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Area</Table.Th>
            <Table.Th>City</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Country</Table.Th>
            <Table.Th>Pincode</Table.Th>
            <Table.Th>Description</Table.Th>
          </Table.Tr>
        }
        rows={data?.items.map((shop, index) => (
          <Table.Tr key={shop.id}>
            <Table.Td>{(list.page - 1) * BACK_OFFICE_PAGE_SIZE + index + 1}</Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <Avatar src={shop.imageUrl} alt="" radius="sm" size="sm">
                  <IconBuildingStore size={16} />
                </Avatar>
                <Text fz="sm" fw={500}>
                  {shop.name}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>{shop.ownerName}</Table.Td>
            <Table.Td>{shop.address}</Table.Td>
            <Table.Td>{shop.area || '—'}</Table.Td>
            <Table.Td>{shop.city}</Table.Td>
            <Table.Td>{shop.state}</Table.Td>
            <Table.Td>{shop.country}</Table.Td>
            <Table.Td>{shop.pincode}</Table.Td>
            <Table.Td maw={240}>
              <Text fz="sm" lineClamp={3}>
                {shop.description || '—'}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      />
    </Stack>
  );
}
