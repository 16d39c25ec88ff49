import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { billNumberOf, formatDisplayDate, formatRupees } from '@bazaar/shared';
import { useEffect } from 'react';
import { useBill } from '../../../api/bills/get-bill';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadBillPaymentDetails } from '../../../components/documents/download';
import { MoneyLines } from './money-lines';
import { RowsSkeleton } from './rows-skeleton';

/**
 * Payment details of one bill (View Details; docs/back-office-bills.md): S.no, Received amount,
 * Payment Date, then Total, Received and Dues; Print Details and Cancel. A failed load closes it
 * and shows the error dialog (no failure is silent).
 */
export function PaymentDetailsModal({
  billId,
  onClose,
  onError,
}: {
  billId: number | null;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const { data: bill, isError, error } = useBill(billId);
  useEffect(() => {
    if (billId !== null && isError) {
      onClose();
      onError(error);
    }
  }, [billId, isError, error, onClose, onError]);

  return (
    <Modal
      opened={billId !== null}
      onClose={onClose}
      centered
      size="lg"
      title={
        billId === null ? 'Payment details' : `Payment details: Bill-No ${billNumberOf(billId)}`
      }
    >
      {!bill || bill.id !== billId ? (
        <RowsSkeleton label="Loading the payments" />
      ) : (
        <>
          <Table.ScrollContainer minWidth={320} type="native">
            <Table striped withTableBorder aria-label="Payments of the bill">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>S.no</Table.Th>
                  <Table.Th ta="right">Received amount</Table.Th>
                  <Table.Th>Payment Date</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bill.payments.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={3}>
                      <Text c="dimmed" ta="center" fz="sm">
                        No payment received yet
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  bill.payments.map((payment, index) => (
                    <Table.Tr key={payment.id}>
                      <Table.Td>{index + 1}</Table.Td>
                      <Table.Td ta="right">{formatRupees(payment.amountPaise)}</Table.Td>
                      <Table.Td>{formatDisplayDate(payment.paidAt)}</Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <MoneyLines
            mt="md"
            rows={[
              ['Total', bill.totalPaise],
              ['Received', bill.receivedPaise],
              ['Dues', bill.duesPaise],
            ]}
          />
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <DocumentButton download={() => downloadBillPaymentDetails(bill.id)}>
              Print Details
            </DocumentButton>
          </Group>
        </>
      )}
    </Modal>
  );
}
