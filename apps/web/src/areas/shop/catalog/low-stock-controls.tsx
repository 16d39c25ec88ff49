import { Button, Group, NumberInput, Switch } from '@mantine/core';
import { SHOP_CATALOG_MESSAGES, TOAST_AUTO_CLOSE_MS } from '@bazaar/shared';
import { useState } from 'react';
import {
  useLowStockThreshold,
  useSetLowStockThreshold,
} from '../../../api/shop-catalog/shop-designs';
import { notify } from '../../../components/notify';
import { isApiError } from '../../../api/api-client';

/**
 * All Stock's 'Low stock' filter and the shop's low-stock level (docs/shop-catalog.md "Designs"):
 * the switch lists only variants with at most that many units (`lowStock=true`); the level is
 * the shop's own setting (units, default 5), saved with its button.
 */
export function LowStockControls({
  lowStock,
  onLowStockChange,
}: {
  lowStock: boolean;
  onLowStockChange: (lowStock: boolean) => void;
}) {
  const { data } = useLowStockThreshold();
  const save = useSetLowStockThreshold();
  const [level, setLevel] = useState<number | ''>('');
  const [error, setError] = useState<string>();
  // The box follows the saved level whenever it (re)loads: adjusted while rendering.
  const [seen, setSeen] = useState(data);
  if (seen !== data) {
    setSeen(data);
    if (data) setLevel(data.threshold);
  }

  const changed = data !== undefined && level !== '' && level !== data.threshold;
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Switch
        label="Low stock"
        checked={lowStock}
        onChange={(event) => onLowStockChange(event.currentTarget.checked)}
        mb={8}
      />
      <NumberInput
        label="Low stock level (units)"
        w={180}
        min={0}
        max={100000}
        allowDecimal={false}
        allowNegative={false}
        value={level}
        error={error}
        disabled={!data}
        onChange={(value) => {
          setLevel(value === '' ? '' : Number(value));
          setError(undefined);
        }}
      />
      <Button
        variant="light"
        disabled={!changed}
        loading={save.isPending}
        onClick={() => {
          if (level === '') return;
          save.mutate(level, {
            onSuccess: () =>
              void notify({
                color: 'green',
                message: SHOP_CATALOG_MESSAGES.thresholdSaved,
                autoClose: TOAST_AUTO_CLOSE_MS,
              }),
            onError: (failure) =>
              setError(
                isApiError(failure)
                  ? (failure.fields?.threshold ?? failure.message)
                  : 'Could not save',
              ),
          });
        }}
      >
        Save level
      </Button>
    </Group>
  );
}
