import '@mantine/charts/styles.css';
import { PieChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { formatRupees } from '@bazaar/shared';
import { MoneyPieLegend, type PieSlice } from '../../../components/money-pie-legend';

/**
 * The Received-versus-Credit pie of the transaction screen (docs/back-office-bills.md): received
 * and dues (credit) over all of the customer's bills, paise shown en-IN. Its own chunk: the
 * chart library loads only with this screen.
 */
export function ReceivedPie({
  receivedPaise,
  duesPaise,
}: {
  receivedPaise: number;
  duesPaise: number;
}) {
  const legend: PieSlice[] = [
    { name: 'Received', paise: Math.max(0, receivedPaise), color: 'teal.6' },
    { name: 'Credit', paise: Math.max(0, duesPaise), color: 'red.6' },
  ];
  // Zero slices are left out of the chart: each would still draw its border across the circle.
  const slices = legend
    .filter((slice) => slice.paise > 0)
    .map(({ name, paise, color }) => ({ name, value: paise, color }));
  return (
    <Stack gap="xs" align="center">
      {slices.length === 0 ? (
        <Text c="dimmed" fz="sm" py="xl">
          No bills yet
        </Text>
      ) : (
        <PieChart
          data={slices}
          // A lone full slice would show its border as a line from the centre.
          strokeWidth={slices.length > 1 ? 1 : 0}
          size={160}
          withTooltip
          tooltipDataSource="segment"
          valueFormatter={(value) => formatRupees(value)}
          role="img"
          aria-label="Received versus credit"
        />
      )}
      <MoneyPieLegend slices={legend} />
    </Stack>
  );
}
