import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatDisplayDate, formatRupees, sellerNameOf, type BillItem } from '@bazaar/shared';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useBill } from '../../../api/bills/get-bill';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadBillInvoice } from '../../../components/documents/download';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { MoneyLines } from './money-lines';

/** The items table: S.No, Item, Category, Type, Size, Quantity, Rate, Amount (paise en-IN). */
export function BillItemsTable({
  items,
  label,
}: {
  items: readonly Omit<BillItem, 'id'>[];
  label: string;
}) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>S.No</Table.Th>
            <Table.Th>Item</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Size</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>{index + 1}</Table.Td>
              <Table.Td>{line.item}</Table.Td>
              <Table.Td>{line.category}</Table.Td>
              <Table.Td>{line.type}</Table.Td>
              <Table.Td>{line.size}</Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right">{formatRupees(line.ratePaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(line.amountPaise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The transaction screen's items mode (More Details; docs/back-office-bills.md): the bill's
 * lines, its totals (amount, CGST and SGST when GST applies, total, received, dues), Back to the
 * list and Print Invoice.
 */
export function BillItemsView({ billId, onBack }: { billId: number; onBack: () => void }) {
  const { data: bill, isError, refetch } = useBill(billId);
  const back = (
    <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onBack}>
      Back
    </Button>
  );
  if (isError && !bill) {
    return (
      <Stack>
        <TechnicalErrorAlert onRetry={() => void refetch()} />
        <Group>{back}</Group>
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Bill items">
      {!bill ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the bill">
          <Skeleton h={22} w="30%" />
          <Skeleton h={16} />
          <Skeleton h={16} />
          <Skeleton h={16} w="70%" />
        </Stack>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Title order={2} fz="lg">
                Bill-No {bill.billNumber}
              </Title>
              <Text fz="sm" c="dimmed">
                Purchase Date {formatDisplayDate(bill.purchasedAt)} · Sell by{' '}
                {sellerNameOf(bill.sellerLabel)}
              </Text>
            </Stack>
            <Badge color={bill.status === 'open' ? 'red' : 'green'} variant="light" size="lg">
              {bill.status === 'open' ? 'Open' : 'Closed'}
            </Badge>
          </Group>
          <BillItemsTable items={bill.items} label="Items of the bill" />
          <MoneyLines
            rows={[
              ['Amount', bill.amountPaise],
              ...(bill.gstPaise > 0
                ? ([
                    ['CGST 2.5%', bill.cgstPaise],
                    ['SGST 2.5%', bill.sgstPaise],
                  ] as const)
                : ([['GST', 0]] as const)),
              ['Total', bill.totalPaise],
              ['Received', bill.receivedPaise],
              ['Dues', bill.duesPaise],
            ]}
          />
          <Group justify="space-between">
            {back}
            <DocumentButton
              leftSection={<IconPrinter size={16} />}
              download={() => downloadBillInvoice(bill.id)}
            >
              Print Invoice
            </DocumentButton>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
