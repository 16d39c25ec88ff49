import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack } from '@mantine/core';
import {
  BILLING_MESSAGES,
  PURCHASE_CATEGORIES,
  PURCHASE_ITEMS,
  PURCHASE_SIZES,
  PURCHASE_TYPES,
  rupeesToPaise,
  TOAST_AUTO_CLOSE_MS,
  type PurchaseCategory,
  type PurchaseItem,
  type PurchaseSize,
  type PurchaseType,
} from '@bazaar/shared';
import { useState } from 'react';
import { isApiError, isRefusal } from '../../../api/api-client';
import { useCreateStockItem } from '../../../api/stock/create-stock-item';
import { notify } from '../../../components/notify';
import { numberValue } from '../bills/number-value';

interface Draft {
  item: PurchaseItem | null;
  category: PurchaseCategory | null;
  type: PurchaseType | null;
  size: PurchaseSize | null;
  quantity: number | '';
  priceRupees: number | '';
  costRupees: number | '';
  lowStockAt: number | '';
}

type FieldErrors = Partial<
  Record<
    'item' | 'category' | 'type' | 'size' | 'quantity' | 'pricePaise' | 'costPaise' | 'lowStockAt',
    string
  >
>;

/** The form, mounted on open so every opening starts empty. */
function AddStockItemForm({
  onDone,
  onError,
}: {
  onDone: () => void;
  onError: (error: unknown) => void;
}) {
  const [draft, setDraft] = useState<Draft>({
    item: null,
    category: null,
    type: null,
    size: null,
    quantity: '',
    priceRupees: '',
    costRupees: '',
    lowStockAt: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateStockItem();
  const change = (patch: Partial<Draft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  const handleSubmit = () => {
    const missing: FieldErrors = {};
    if (!draft.item) missing.item = BILLING_MESSAGES.chooseItem;
    if (!draft.category) missing.category = BILLING_MESSAGES.chooseCategory;
    if (!draft.type) missing.type = BILLING_MESSAGES.chooseType;
    if (!draft.size) missing.size = BILLING_MESSAGES.chooseSize;
    if (!draft.item || !draft.category || !draft.type || !draft.size) {
      setErrors(missing);
      return;
    }
    create.mutate(
      {
        item: draft.item,
        category: draft.category,
        type: draft.type,
        size: draft.size,
        quantity: typeof draft.quantity === 'number' ? draft.quantity : 0,
        pricePaise: typeof draft.priceRupees === 'number' ? rupeesToPaise(draft.priceRupees) : 0,
        costPaise: typeof draft.costRupees === 'number' ? rupeesToPaise(draft.costRupees) : 0,
        lowStockAt: typeof draft.lowStockAt === 'number' ? draft.lowStockAt : 0,
      },
      {
        onSuccess: () => {
          onDone();
          void notify({
            color: 'green',
            message: BILLING_MESSAGES.stockCreated,
            autoClose: TOAST_AUTO_CLOSE_MS,
          });
        },
        onError: (error) => {
          if (isRefusal(error, 'STOCK_ITEM_EXISTS')) setErrors({ item: error.message });
          else if (isApiError(error) && error.fields) setErrors(error.fields);
          else onError(error);
        },
      },
    );
  };

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Item"
          placeholder="Choose"
          data={PURCHASE_ITEMS}
          value={draft.item}
          onChange={(value) => change({ item: value as PurchaseItem | null })}
          error={errors.item}
          searchable
          withAsterisk
        />
        <Select
          label="Category"
          placeholder="Choose"
          data={PURCHASE_CATEGORIES}
          value={draft.category}
          onChange={(value) => change({ category: value as PurchaseCategory | null })}
          error={errors.category}
          withAsterisk
        />
        <Select
          label="Type"
          placeholder="Choose"
          data={PURCHASE_TYPES}
          value={draft.type}
          onChange={(value) => change({ type: value as PurchaseType | null })}
          error={errors.type}
          withAsterisk
        />
        <Select
          label="Size"
          placeholder="Choose"
          data={PURCHASE_SIZES}
          value={draft.size}
          onChange={(value) => change({ size: value as PurchaseSize | null })}
          error={errors.size}
          withAsterisk
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label="Opening quantity"
          placeholder="0"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={draft.quantity}
          onChange={(value) => change({ quantity: numberValue(value) })}
          error={errors.quantity}
        />
        <NumberInput
          label="Price per piece (₹)"
          placeholder="0"
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          value={draft.priceRupees}
          onChange={(value) => change({ priceRupees: numberValue(value) })}
          error={errors.pricePaise}
        />
        <NumberInput
          label="Cost per piece (₹)"
          placeholder="0"
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          value={draft.costRupees}
          onChange={(value) => change({ costRupees: numberValue(value) })}
          error={errors.costPaise}
        />
        <NumberInput
          label="Low stock at (pieces)"
          placeholder="0"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          value={draft.lowStockAt}
          onChange={(value) => change({ lowStockAt: numberValue(value) })}
          error={errors.lowStockAt}
        />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={handleSubmit} loading={create.isPending}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * "Add stock item" (docs/back-office-bills.md): a new item x category x type x size row with its opening
 * pieces (written as an `opening` ledger row), reference price, cost and low-stock level (the SKU
 * is made by the server and can be changed with Edit); a row that exists already is
 * refused with the server's message on the Item field.
 */
export function AddStockItemModal({
  opened,
  onClose,
  onError,
}: {
  opened: boolean;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} centered size="lg" title="Add stock item">
      {opened && <AddStockItemForm onDone={onClose} onError={onError} />}
    </Modal>
  );
}
