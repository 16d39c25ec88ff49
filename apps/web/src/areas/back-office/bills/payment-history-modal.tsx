import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { formatDisplayDate, formatRupees, paymentPartLabel } from '@bazaar/shared';
import { useEffect, useState } from 'react';
import { useCustomerPayments } from '../../../api/bills/get-customer-payments';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadPaymentHistory } from '../../../components/documents/download';
import { MoneyLines } from './money-lines';
import { RowsSkeleton } from './rows-skeleton';
import {
  BounceChequeModal,
  PaymentActions,
  PaymentModeCell,
  type PaymentRowFacts,
} from './payment-row-parts';

/**
 * Every payment of the customer (the payment history icon; docs/back-office-bills.md): S.no,
 * Receipt No, Bill-No ('Opening balance' for a part that paid it), Received amount (the part on that bill), Mode with its details ('Bounced'
 * once a cheque bounced), Payment date and the Receipt PDF (and, for the admin, Bounced? on a
 * cheque); the total received leaves bounced cheques out; Download (the payment history PDF)
 * and Cancel.
 */
export function PaymentHistoryModal({
  customerId,
  opened,
  admin,
  onClose,
  onError,
}: {
  customerId: number;
  opened: boolean;
  /** The admin may mark a cheque bounced. */
  admin: boolean;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const { data, isError, error } = useCustomerPayments(customerId, opened);
  const [bouncing, setBouncing] = useState<PaymentRowFacts | null>(null);
  useEffect(() => {
    if (opened && isError) {
      onClose();
      onError(error);
    }
  }, [opened, isError, error, onClose, onError]);

  return (
    <>
      <Modal
        opened={opened && bouncing === null}
        onClose={onClose}
        centered
        size="xl"
        title="Payment history"
      >
        {!data ? (
          <RowsSkeleton label="Loading the payments" />
        ) : (
          <>
            <Table.ScrollContainer minWidth={700} maxHeight={420} type="native">
              <Table striped withTableBorder stickyHeader aria-label="All payments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>S.no</Table.Th>
                    <Table.Th>Receipt No</Table.Th>
                    <Table.Th>Bill-No</Table.Th>
                    <Table.Th ta="right">Received amount</Table.Th>
                    <Table.Th>Mode</Table.Th>
                    <Table.Th>Payment date</Table.Th>
                    <Table.Th>Receipt</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text c="dimmed" ta="center" fz="sm">
                          No payment received yet
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    data.items.map((payment, index) => (
                      <Table.Tr
                        key={`${payment.paymentId}-${payment.billId ?? 'opening'}`}
                        aria-label={
                          payment.billNumber === null
                            ? `Payment ${payment.receiptNumber} on the opening balance`
                            : `Payment ${payment.receiptNumber} on bill ${payment.billNumber}`
                        }
                      >
                        <Table.Td>{index + 1}</Table.Td>
                        <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          {payment.receiptNumber}
                        </Table.Td>
                        <Table.Td ff={payment.billId === null ? undefined : 'monospace'}>
                          {paymentPartLabel(payment.billId)}
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
                            payment={payment}
                            onBounce={admin ? setBouncing : undefined}
                          />
                        </Table.Td>
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
      <BounceChequeModal payment={bouncing} onClose={() => setBouncing(null)} onError={onError} />
    </>
  );
}
