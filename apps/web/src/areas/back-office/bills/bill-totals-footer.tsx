import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatRupees, type BillMoney } from '@bazaar/shared';

/**
 * The footer totals of the transaction screen (docs/back-office-bills.md): Total amount, Amount
 * received, Dues amount, GST amount, over all of the customer's bills (paise, shown en-IN).
 * Total amount reads like the view's Amount column: before GST for the admin, with GST for the
 * employee.
 */
export function BillTotalsFooter({
  totals,
  employeeView,
}: {
  totals: BillMoney;
  employeeView: boolean;
}) {
  const cells = [
    // Like the Amount column: before GST for the admin (total + GST - received = dues), with
    // GST in the employee view.
    {
      label: 'Total amount',
      value: employeeView ? totals.totalPaise : totals.amountPaise,
      color: undefined,
    },
    { label: 'Amount received', value: totals.receivedPaise, color: 'green.8' },
    {
      label: 'Dues amount',
      value: totals.duesPaise,
      color: totals.duesPaise > 0 ? 'red.8' : undefined,
    },
    { label: 'GST amount', value: totals.gstPaise, color: undefined },
  ];
  return (
    <Paper withBorder radius="md" p="md" aria-label="Totals" component="section">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {cells.map((cell) => (
          <Stack key={cell.label} gap={0}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {cell.label}
            </Text>
            <Text fw={700} fz="lg" c={cell.color} data-total={cell.label}>
              {formatRupees(cell.value)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
