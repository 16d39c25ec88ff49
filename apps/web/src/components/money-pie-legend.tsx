import { Group, Text } from '@mantine/core';
import { formatRupees } from '@bazaar/shared';

/** One slice of a money pie: its name, amount in paise and Mantine colour (`'teal.6'`). */
export interface PieSlice {
  name: string;
  paise: number;
  color: string;
}

/**
 * The legend under a money pie: a colour swatch and "name ₹amount" per slice, every slice listed
 * (a zero one too, which the pie itself leaves out). Used by the bill screen's Received-vs-Credit
 * pie and the report charts.
 */
export function MoneyPieLegend({ slices }: { slices: readonly PieSlice[] }) {
  return (
    <Group gap="md" justify="center">
      {slices.map((slice) => (
        <Group key={slice.name} gap={6} wrap="nowrap">
          <span
            aria-hidden="true"
            style={{
              width: 10,
              height: 10,
              borderRadius: 2,
              background: `var(--mantine-color-${slice.color.replace('.', '-')})`,
            }}
          />
          <Text fz="xs">
            {slice.name} {formatRupees(slice.paise)}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
