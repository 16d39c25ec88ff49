import { Badge, Group, Image, Stack, Table, Text } from '@mantine/core';
import type { Profile } from '@bazaar/shared';
import { IconBuildingStore } from '@tabler/icons-react';

/** The shop of a seller or support admin, read-only (it changes through the shop's own pages). */
export function ShopCard({ shop }: { shop: NonNullable<Profile['shop']> }) {
  return (
    <Group align="flex-start" gap="lg" wrap="wrap">
      {shop.imageUrl ? (
        <Image
          src={shop.imageUrl}
          alt={`${shop.name} shop`}
          w={160}
          h={160}
          radius="md"
          fit="cover"
        />
      ) : (
        <Stack
          w={160}
          h={160}
          align="center"
          justify="center"
          bg="gray.1"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          aria-hidden="true"
        >
          <IconBuildingStore size={48} color="var(--mantine-color-gray-5)" />
        </Stack>
      )}
      <Table
        variant="vertical"
        layout="fixed"
        withRowBorders={false}
        style={{ flex: 1, minWidth: 240 }}
      >
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={130}>Shop name</Table.Th>
            <Table.Td>{shop.name}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>GSTIN</Table.Th>
            <Table.Td>
              {shop.gstin ?? (
                <Text span c="dimmed" fz="sm">
                  Not given
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Category</Table.Th>
            <Table.Td>
              <Badge variant="light">{shop.category}</Badge>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {shop.description}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Group>
  );
}
