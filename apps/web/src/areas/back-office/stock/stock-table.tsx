import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  BACK_OFFICE_MESSAGES,
  BILLING_MESSAGES,
  formatDisplayDate,
  formatRupees,
  TOAST_AUTO_CLOSE_MS,
  type StockRow,
} from '@bazaar/shared';
import { IconEdit, IconListDetails, IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { refusalMessage } from '../../../components/technical-error-dialog';
import { useAdjustStock } from '../../../api/stock/adjust-stock';
import { notify } from '../../../components/notify';
import { revealOnMount } from '../../../components/reveal-on-mount';
import { numberValue } from '../bills/number-value';

/** How a stock row is named on screen and in labels: 'Shirt-Box Silver Men's M'. */
export function stockRowName(row: Pick<StockRow, 'item' | 'category' | 'type' | 'size'>): string {
  return `${row.item} ${row.category} ${row.type} ${row.size}`;
}

/** The row being edited: add or minus, the pieces typed, the server's refusal if any. */
interface StockEdit {
  stockItemId: number;
  kind: 'add' | 'minus';
  quantity: number | '';
  serverError: string | null;
}

/** The client's own check: minus never below zero (the server checks it again, atomically). */
function editError(row: StockRow, edit: StockEdit): string | null {
  if (edit.serverError) return edit.serverError;
  if (edit.kind === 'minus' && typeof edit.quantity === 'number' && edit.quantity > row.quantity) {
    return BILLING_MESSAGES.stockBelowZero;
  }
  return null;
}

/**
 * Product Stock's table (docs/back-office-bills.md): Sl. No, Item, Category, Type, Size, SKU,
 * Quantity (with a Low badge at or below the row's threshold), Cost, Value (quantity x cost),
 * Low at, Edit (price, cost, threshold, SKU: `onEditDetails`), Price, Minus, Add, Action, Update date, Details. Minus or Add puts the row in edit
 * mode with a pieces field, Save and Cancel in Action (Save leaves edit mode and
 * updates the stock; Cancel resets). A refusal (below zero) shows the server's message under the
 * field; any other failure goes to `onError`.
 */
export function StockTable({
  rows,
  firstSerial,
  onDetails,
  onEditDetails,
  onError,
}: {
  rows: readonly StockRow[];
  firstSerial: number;
  onDetails: (row: StockRow) => void;
  onEditDetails: (row: StockRow) => void;
  onError: (error: unknown) => void;
}) {
  const [edit, setEdit] = useState<StockEdit | null>(null);
  const adjust = useAdjustStock();

  const start = (row: StockRow, kind: 'add' | 'minus') =>
    setEdit({ stockItemId: row.id, kind, quantity: '', serverError: null });

  const save = (row: StockRow) => {
    if (!edit || typeof edit.quantity !== 'number' || edit.quantity <= 0) return;
    if (editError(row, edit)) return;
    adjust.mutate(
      { stockItemId: row.id, input: { kind: edit.kind, quantity: edit.quantity } },
      {
        onSuccess: (updated) => {
          setEdit(null);
          void notify({
            color: 'green',
            title: BILLING_MESSAGES.stockUpdated,
            message: `${updated.item} ${updated.category} ${updated.type} ${updated.size}: ${updated.quantity} pieces`,
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          const refused = refusalMessage(error);
          if (refused) {
            setEdit((current) =>
              current && current.stockItemId === row.id
                ? { ...current, serverError: refused }
                : current,
            );
            return;
          }
          setEdit(null);
          onError(error);
        },
      },
    );
  };

  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" py="xl" px="md">
        <Text c="dimmed" ta="center">
          {BACK_OFFICE_MESSAGES.stockDataNotFound}
        </Text>
      </Paper>
    );
  }

  return (
    <Table.ScrollContainer minWidth={1280} type="native">
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        horizontalSpacing="xs"
        fz="sm"
        aria-label="Stock"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Cost</Table.Th>
            <Table.Th ta="right">Value at cost</Table.Th>
            <Table.Th ta="right">Low at</Table.Th>
            <Table.Th ta="center">Minus</Table.Th>
            <Table.Th ta="center">Add</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Update date</Table.Th>
            <Table.Th ta="center">Details</Table.Th>
            <Table.Th ta="center">Edit</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const editing = edit?.stockItemId === row.id ? edit : null;
            const error = editing ? editError(row, editing) : null;
            const name = stockRowName(row);
            return (
              <Table.Tr key={row.id} aria-label={name}>
                <Table.Td>{firstSerial + index}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.item}</Table.Td>
                <Table.Td>{row.category}</Table.Td>
                <Table.Td>{row.type}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.size}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} ff="monospace" fz="xs">
                  {row.sku}
                </Table.Td>
                <Table.Td ta="right" fw={600} c={row.quantity === 0 ? 'red.8' : undefined}>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {row.low && (
                      <Badge color="red" variant="light" size="sm" style={{ flexShrink: 0 }}>
                        Low
                      </Badge>
                    )}
                    {row.quantity}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{formatRupees(row.pricePaise)}</Table.Td>
                <Table.Td ta="right">{formatRupees(row.costPaise)}</Table.Td>
                <Table.Td ta="right">{formatRupees(row.valuePaise)}</Table.Td>
                <Table.Td ta="right">{row.lowStockAt}</Table.Td>
                <Table.Td ta="center">
                  <Tooltip label="Minus stock">
                    <ActionIcon
                      variant={editing?.kind === 'minus' ? 'filled' : 'subtle'}
                      color="red"
                      onClick={() => start(row, 'minus')}
                      disabled={row.quantity === 0}
                      aria-label={`Minus stock of ${name}`}
                    >
                      <IconMinus size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
                <Table.Td ta="center">
                  <Tooltip label="Add stock">
                    <ActionIcon
                      variant={editing?.kind === 'add' ? 'filled' : 'subtle'}
                      color="teal"
                      onClick={() => start(row, 'add')}
                      aria-label={`Add stock of ${name}`}
                    >
                      <IconPlus size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
                <Table.Td miw={editing ? 130 : undefined}>
                  {editing ? (
                    // The pieces field above Save and Cancel, scrolled into view as a whole: in
                    // one line they ran past the right edge of the screen at 390 px.
                    <Stack gap={4} ref={revealOnMount}>
                      <NumberInput
                        size="xs"
                        aria-label={`${editing.kind === 'add' ? 'Add' : 'Minus'} pieces of ${name}`}
                        placeholder="Pieces"
                        hideControls
                        min={1}
                        allowDecimal={false}
                        allowNegative={false}
                        value={editing.quantity}
                        onChange={(value) =>
                          setEdit({
                            ...editing,
                            quantity: numberValue(value),
                            serverError: null,
                          })
                        }
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') save(row);
                          if (event.key === 'Escape') setEdit(null);
                        }}
                        error={error}
                        autoFocus
                      />
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          onClick={() => save(row)}
                          loading={adjust.isPending}
                          disabled={
                            error !== null ||
                            typeof editing.quantity !== 'number' ||
                            editing.quantity <= 0
                          }
                        >
                          Save
                        </Button>
                        <Button size="compact-xs" variant="default" onClick={() => setEdit(null)}>
                          Cancel
                        </Button>
                      </Group>
                    </Stack>
                  ) : (
                    <Text c="dimmed" fz="sm">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDisplayDate(row.updatedAt)}
                </Table.Td>
                <Table.Td ta="center">
                  <Tooltip label="Stock history">
                    <ActionIcon
                      variant="subtle"
                      onClick={() => onDetails(row)}
                      aria-label={`Stock history of ${name}`}
                    >
                      <IconListDetails size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
                <Table.Td ta="center">
                  <Tooltip label="Price, cost, low stock, SKU">
                    <ActionIcon
                      variant="subtle"
                      onClick={() => onEditDetails(row)}
                      aria-label={`Edit details of ${name}`}
                    >
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
