import {
  Button,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  BILLING_MESSAGES,
  rupeesToPaise,
  TOAST_AUTO_CLOSE_MS,
  type StockRow,
  type UpdateStockItemInput,
} from '@bazaar/shared';
import { useState } from 'react';
import { isApiError, isRefusal } from '../../../api/api-client';
import { useUpdateStockItem } from '../../../api/stock/update-stock-item';
import { notify } from '../../../components/notify';
import { numberValue } from '../bills/number-value';
import { stockRowName } from './stock-table';

type Field = 'pricePaise' | 'costPaise' | 'lowStockAt' | 'sku';

/** The form, mounted on open with the row's values. */
function StockDetailsForm({
  row,
  onDone,
  onError,
}: {
  row: StockRow;
  onDone: () => void;
  onError: (error: unknown) => void;
}) {
  const [price, setPrice] = useState<number | ''>(row.pricePaise / 100);
  const [cost, setCost] = useState<number | ''>(row.costPaise / 100);
  const [lowAt, setLowAt] = useState<number | ''>(row.lowStockAt);
  const [sku, setSku] = useState(row.sku);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useUpdateStockItem();

  const handleSubmit = () => {
    const input: UpdateStockItemInput = {};
    const pricePaise = typeof price === 'number' ? rupeesToPaise(price) : 0;
    const costPaise = typeof cost === 'number' ? rupeesToPaise(cost) : 0;
    const lowStockAt = typeof lowAt === 'number' ? lowAt : 0;
    if (pricePaise !== row.pricePaise) input.pricePaise = pricePaise;
    if (costPaise !== row.costPaise) input.costPaise = costPaise;
    if (lowStockAt !== row.lowStockAt) input.lowStockAt = lowStockAt;
    if (sku.trim().toUpperCase() !== row.sku) input.sku = sku;
    if (Object.keys(input).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { stockItemId: row.id, input },
      {
        onSuccess: () => {
          onDone();
          void notify({
            color: 'green',
            message: BILLING_MESSAGES.stockDetailsSaved,
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          if (isRefusal(error, 'SKU_TAKEN')) setErrors({ sku: error.message });
          else if (isApiError(error) && error.fields) setErrors(error.fields);
          else onError(error);
        },
      },
    );
  };

  const valuePaise = row.quantity * (typeof cost === 'number' ? rupeesToPaise(cost) : 0);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label="Price per piece (₹)"
          description="Printed on the label"
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          value={price}
          onChange={(value) => setPrice(numberValue(value))}
          error={errors.pricePaise}
        />
        <NumberInput
          label="Cost per piece (₹)"
          description={`Stock value at cost: ₹${(valuePaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`}
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          value={cost}
          onChange={(value) => setCost(numberValue(value))}
          error={errors.costPaise}
          data-autofocus
        />
        <NumberInput
          label="Low stock at (pieces)"
          description="Shown as low when the quantity is at or below this"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={lowAt}
          onChange={(value) => setLowAt(numberValue(value))}
          error={errors.lowStockAt}
        />
        <TextInput
          label="SKU"
          description="The code on the barcode label"
          value={sku}
          onChange={(event) => {
            setSku(event.currentTarget.value);
            setErrors({});
          }}
          error={errors.sku}
          autoComplete="off"
        />
      </SimpleGrid>
      <Text fz="sm" c="dimmed">
        {row.quantity} pieces in stock. Quantities change with Add, Minus and bills.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={handleSubmit} loading={update.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Stock details" of one Product Stock row (docs/back-office-bills.md "Stock value, low stock
 * and labels"): price, cost per piece, low-stock threshold and SKU; only what changed is sent. A
 * SKU another row has shows the server's message under the field.
 */
export function StockDetailsModal({
  row,
  onClose,
  onError,
}: {
  row: StockRow | null;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      centered
      size="lg"
      title={row ? `Stock details: ${stockRowName(row)}` : 'Stock details'}
    >
      {row && <StockDetailsForm key={row.id} row={row} onDone={onClose} onError={onError} />}
    </Modal>
  );
}
