import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { formatDisplayDate, formatRupees } from '@bazaar/shared';
import { useEffect } from 'react';
import { useCustomerPayments } from '../../../api/bills/get-customer-payments';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadPaymentHistory } from '../../../components/documents/download';
import { MoneyLines } from './money-lines';
import { RowsSkeleton } from './rows-skeleton';

/**
 * Every payment of the customer (the payment history icon; docs/back-office-bills.md): S.no,
 * Bill-No, Received amount, Payment date; Download (the payment history PDF) and Cancel.
 */
export function PaymentHistoryModal({
  customerId,
  opened,
  onClose,
  onError,
}: {
  customerId: number;
  opened: boolean;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const { data, isError, error } = useCustomerPayments(customerId, opened);
  useEffect(() => {
    if (opened && isError) {
      onClose();
      onError(error);
    }
  }, [opened, isError, error, onClose, onError]);

  return (
    <Modal opened={opened} onClose={onClose} centered size="lg" title="Payment history">
      {!data ? (
        <RowsSkeleton label="Loading the payments" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={360} maxHeight={420} type="native">
            <Table striped withTableBorder stickyHeader aria-label="All payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>S.no</Table.Th>
                  <Table.Th>Bill-No</Table.Th>
                  <Table.Th ta="right">Received amount</Table.Th>
                  <Table.Th>Payment date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Text c="dimmed" ta="center" fz="sm">
                        No payment received yet
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  data.items.map((payment, index) => (
                    <Table.Tr key={payment.id}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td ff="monospace">{payment.billNumber}</Table.Td>
                      <Table.Td ta="right">{formatRupees(payment.amountPaise)}</Table.Td>
                      <Table.Td>{formatDisplayDate(payment.paidAt)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <MoneyLines mt="md" rows={[['Total received', data.totalPaise]]} />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <DocumentButton
              download={() => downloadPaymentHistory(customerId)}
              disabled={data.items.length === 0}
            >
              Download
            </DocumentButton>
          </Group>
        </>
      )}
    </Modal>
  );
}
