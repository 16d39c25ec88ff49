import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { billNumberOf, formatDisplayDate, formatRupees } from '@bazaar/shared';
import { useEffect, useState } from 'react';
import { useBill } from '../../../api/bills/get-bill';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadBillPaymentDetails } from '../../../components/documents/download';
import { MoneyLines } from './money-lines';
import { RowsSkeleton } from './rows-skeleton';
import {
  BounceChequeModal,
  PaymentActions,
  PaymentModeCell,
  type PaymentRowFacts,
} from './payment-row-parts';

/**
 * Payment details of one bill (View Details; docs/back-office-bills.md): S.no, Receipt No,
 * Received amount, Mode (with its details; 'Bounced' once a cheque bounced), Payment Date and
 * the Receipt PDF (and, for the admin, Bounced? on a cheque), then Total, Received and Dues; Print
 * Details and Cancel. A failed load closes it and shows the error dialog (no failure is silent).
 */
export function PaymentDetailsModal({
  billId,
  admin,
  onClose,
  onError,
}: {
  billId: number | null;
  /** The admin may mark a cheque bounced. */
  admin: boolean;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const { data: bill, isError, error } = useBill(billId);
  const [bouncing, setBouncing] = useState<PaymentRowFacts | null>(null);
  useEffect(() => {
    if (billId !== null && isError) {
      onClose();
      onError(error);
    }
  }, [billId, isError, error, onClose, onError]);

  return (
    <>
      <Modal
        opened={billId !== null && bouncing === null}
        onClose={onClose}
        centered
        size="xl"
        title={
          billId === null ? 'Payment details' : `Payment details: Bill-No ${billNumberOf(billId)}`
        }
      >
        {!bill || bill.id !== billId ? (
          <RowsSkeleton label="Loading the payments" />
        ) : (
          <>
            <Table.ScrollContainer minWidth={640} type="native">
              <Table striped withTableBorder aria-label="Payments of the bill">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>S.no</Table.Th>
                    <Table.Th>Receipt No</Table.Th>
                    <Table.Th ta="right">Received amount</Table.Th>
                    <Table.Th>Mode</Table.Th>
                    <Table.Th>Payment Date</Table.Th>
                    <Table.Th>Receipt</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {bill.payments.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={6}>
                        <Text c="dimmed" ta="center" fz="sm">
                          No payment received yet
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    bill.payments.map((payment, index) => (
                      <Table.Tr key={payment.id} aria-label={`Payment ${payment.receiptNumber}`}>
                        <Table.Td>{index + 1}</Table.Td>
                        <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          {payment.receiptNumber}
                        </Table.Td>
                        <Table.Td
                          ta="right"
                          td={payment.status === 'bounced' ? 'line-through' : undefined}
                        >
                          {formatRupees(payment.amountPaise)}
                        </Table.Td>
                        <Table.Td>
                          <PaymentModeCell payment={payment} />
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {formatDisplayDate(payment.paidAt)}
                        </Table.Td>
                        <Table.Td>
                          <PaymentActions
                            payment={{ ...payment, billId: bill.id }}
                            onBounce={admin ? setBouncing : undefined}
                          />
                        </Table.Td>
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
      <BounceChequeModal payment={bouncing} onClose={() => setBouncing(null)} onError={onError} />
    </>
  );
}
