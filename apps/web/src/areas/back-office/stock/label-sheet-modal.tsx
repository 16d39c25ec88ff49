import { Button, Group, Modal, NumberInput, ScrollArea, Stack, Table, Text } from '@mantine/core';
import {
  formatRupees,
  LABEL_MAX_COPIES,
  LABEL_MAX_TOTAL,
  LABEL_SHEET_COLUMNS,
  LABEL_SHEET_ROWS,
  type StockRow,
} from '@bazaar/shared';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { numberValue } from '../bills/number-value';
import { stockRowName } from './stock-table';

const PER_SHEET = LABEL_SHEET_COLUMNS * LABEL_SHEET_ROWS;

/** The form: copies per row (the rows on screen), the sheet count, and Download. */
function LabelSheetForm({
  rows,
  onDone,
  onError,
}: {
  rows: readonly StockRow[];
  onDone: () => void;
  onError: (error: unknown) => void;
}) {
  // One label of each by default; a sold-out row none.
  const [copies, setCopies] = useState<Record<number, number | ''>>(() =>
    Object.fromEntries(rows.map((row) => [row.id, row.quantity > 0 ? 1 : 0])),
  );
  const [busy, setBusy] = useState(false);
  const count = (row: StockRow) => {
    const value = copies[row.id];
    return typeof value === 'number' ? value : 0;
  };
  const total = rows.reduce((sum, row) => sum + count(row), 0);
  const sheets = Math.ceil(total / PER_SHEET);

  const handleDownload = async () => {
    setBusy(true);
    try {
      const { saveStockLabels } = await import('./print-labels');
      await saveStockLabels(
        rows.map((row) => ({ ...row, copies: count(row) })),
        `Stock labels ${new Date().toISOString().slice(0, 10)}.pdf`,
      );
      onDone();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack>
      <Text fz="sm" c="dimmed">
        A4 sheets of {LABEL_SHEET_COLUMNS} x {LABEL_SHEET_ROWS} labels (70 x 37 mm): the Code 128
        barcode of the SKU with the item, size and price. Search or filter Product Stock first to
        label other rows.
      </Text>
      <ScrollArea.Autosize mah={420} type="auto">
        <Table aria-label="Labels to print" verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Copies</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{stockRowName(row)}</Table.Td>
                <Table.Td ff="monospace" fz="xs">
                  {row.sku}
                </Table.Td>
                <Table.Td ta="right">{formatRupees(row.pricePaise)}</Table.Td>
                <Table.Td w={96}>
                  <NumberInput
                    size="xs"
                    aria-label={`Copies of ${stockRowName(row)}`}
                    min={0}
                    max={LABEL_MAX_COPIES}
                    allowDecimal={false}
                    allowNegative={false}
                    value={copies[row.id] ?? 0}
                    onChange={(value) =>
                      setCopies((current) => ({ ...current, [row.id]: numberValue(value) }))
                    }
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="space-between" wrap="wrap">
        <Text fz="sm" aria-live="polite">
          {total} labels on {sheets} {sheets === 1 ? 'sheet' : 'sheets'}
          {total > LABEL_MAX_TOTAL && ` (only the first ${LABEL_MAX_TOTAL} are printed)`}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button
            leftSection={<IconPrinter size={16} />}
            onClick={() => void handleDownload()}
            loading={busy}
            disabled={total === 0}
          >
            Download labels (PDF)
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * "Print labels" of Product Stock (docs/back-office-bills.md "Barcode labels"): how many labels
 * of each row on screen, then a PDF of A4 label sheets made in the browser (pdfmake and bwip-js
 * are loaded only then).
 */
export function LabelSheetModal({
  rows,
  opened,
  onClose,
  onError,
}: {
  rows: readonly StockRow[];
  opened: boolean;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} centered size="xl" title="Print labels">
      {opened && <LabelSheetForm rows={rows} onDone={onClose} onError={onError} />}
    </Modal>
  );
}
