import { Group, Stack, Text, type StackProps } from '@mantine/core';
import { formatRupees } from '@bazaar/shared';

/** Label-amount lines (paise shown en-IN), right-aligned: a bill's totals under its tables. */
export function MoneyLines({
  rows,
  ...props
}: StackProps & { rows: readonly (readonly [label: string, paise: number])[] }) {
  return (
    <Stack gap={4} {...props}>
      {rows.map(([label, paise]) => (
        <Group key={label} justify="flex-end" gap="md" wrap="nowrap">
          <Text fz="sm" c="dimmed">
            {label}
          </Text>
          <Text fz="sm" fw={700} miw={120} ta="right" data-money={label}>
            {formatRupees(paise)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
