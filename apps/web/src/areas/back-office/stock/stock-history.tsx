import { Badge, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  BACK_OFFICE_MESSAGES,
  billNumberOf,
  formatDisplayDate,
  type StockMovementKind,
} from '@bazaar/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useStockMovements } from '../../../api/stock/get-stock-movements';
import { BackOfficePagination } from '../bills/back-office-pagination';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { RowsSkeleton } from '../bills/rows-skeleton';

/** How each kind of ledger row reads in the Action column, and its colour. */
const KIND_LABELS: Record<StockMovementKind, { label: string; color: string }> = {
  opening: { label: 'opening', color: 'gray' },
  add: { label: 'add', color: 'teal' },
  minus: { label: 'minus', color: 'red' },
  sale: { label: 'sale', color: 'orange' },
  return: { label: 'return', color: 'blue' },
  restore: { label: 'restore', color: 'violet' },
};

/**
 * A stock item's history (the Details view of Product Stock; docs/back-office-bills.md): Sl. No,
 * Quantity (signed pieces), Action (add, minus, sale, return, restore, opening; the bill for a sale
 * or restore), Stock after, Date, By; 10 a page, newest first; Back.
 */
export function StockHistory({ stockItemId, onBack }: { stockItemId: number; onBack: () => void }) {
  const [page, setPage] = useState(1);
  const { data, isError, refetch, isPlaceholderData } = useStockMovements(stockItemId, page);
  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
      Back
    </Button>
  );
  return (
    <Stack gap="md">
      {isError && !data ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : !data ? (
        <RowsSkeleton label="Loading the stock history" rows={4} height={28} />
      ) : (
        <Paper
          withBorder
          radius="md"
          p="md"
          style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
          component="section"
          aria-label="Stock history"
        >
          <Text fz="sm" c="dimmed" mb="sm">
            Size <b>{data.stockItem.size}</b>: <b>{data.stockItem.quantity}</b> pieces in stock now
          </Text>
          <Table.ScrollContainer minWidth={620} type="native">
            <Table striped withTableBorder aria-label="Stock history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sl. No</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th ta="right">Stock after</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>By</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <Text c="dimmed" ta="center" py="lg">
                        {BACK_OFFICE_MESSAGES.stockDataNotFound}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {data.items.map((movement, index) => {
                  const kind = KIND_LABELS[movement.kind];
                  return (
                    <Table.Tr key={movement.id}>
                      <Table.Td>{(data.page - 1) * data.pageSize + index + 1}</Table.Td>
                      <Table.Td ta="right" fw={600} c={movement.change < 0 ? 'red.8' : 'teal.8'}>
                        {movement.change > 0 ? `+${movement.change}` : movement.change}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Badge
                            variant="light"
                            color={kind.color}
                            tt="none"
                            style={{ flexShrink: 0 }}
                          >
                            {kind.label}
                          </Badge>
                          {movement.billId !== null && (
                            <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                              Bill-No {billNumberOf(movement.billId)}
                            </Text>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td ta="right">{movement.quantityAfter}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDisplayDate(movement.at)}
                      </Table.Td>
                      <Table.Td>{movement.actorName ?? '—'}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Box mt="sm">
            <BackOfficePagination total={data.totalPages} value={data.page} onChange={setPage} />
          </Box>
        </Paper>
      )}
      <Group>{back}</Group>
    </Stack>
  );
}
