import { Anchor, Badge, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useStock } from '../../../api/stock/get-stock';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { stockRowName } from './stock-table';

/**
 * The admin home's Low stock block (docs/back-office-bills.md "Low stock"): how many stock rows
 * are at or below their threshold and the first ten of them (item and size, pieces, threshold),
 * with a link to Product Stock filtered to them.
 */
export function LowStockBlock() {
  const { data, isPending, isError, refetch } = useStock('', 1, true);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Low stock">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} fz={{ base: 17, sm: 19 }}>
              Low stock
            </Title>
            {data && (
              <Badge color={data.total > 0 ? 'red' : 'teal'} variant="light">
                {data.total}
              </Badge>
            )}
          </Group>
          <Anchor component={Link} to="/ProductStock?low=1" fz="sm">
            View on Product Stock
          </Anchor>
        </Group>
        {isError && !data ? (
          <TechnicalErrorAlert onRetry={() => void refetch()} />
        ) : isPending ? (
          <Skeleton h={60} />
        ) : data.items.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Every size is above its low-stock level.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={360} type="native">
            <Table fz="sm" verticalSpacing={4} aria-label="Low stock rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Pieces</Table.Th>
                  <Table.Th ta="right">Low at</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{stockRowName(row)}</Table.Td>
                    <Table.Td ta="right" fw={600} c="red.8">
                      {row.quantity}
                    </Table.Td>
                    <Table.Td ta="right">{row.lowStockAt}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
