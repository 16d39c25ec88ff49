import '@mantine/charts/styles.css';
import { PieChart } from '@mantine/charts';
import { Group, Stack, Text } from '@mantine/core';
import { formatRupees } from '@bazaar/shared';

/**
 * The Received-versus-Credit pie of the transaction screen (back-office.md section 2): received
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
  const data = [
    { name: 'Received', value: Math.max(0, receivedPaise), color: 'teal.6' },
    { name: 'Credit', value: Math.max(0, duesPaise), color: 'red.6' },
  ];
  // Zero slices are left out of the chart: each would still draw its border across the circle.
  const slices = data.filter((slice) => slice.value > 0);
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
      <Group gap="md" justify="center">
        {data.map((slice) => (
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
              {slice.name} {formatRupees(slice.value)}
            </Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
