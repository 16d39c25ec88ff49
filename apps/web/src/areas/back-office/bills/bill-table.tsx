import {
  ActionIcon,
  Box,
  Button,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  BACK_OFFICE_MESSAGES,
  formatDisplayDate,
  formatRupees,
  maxPaymentPaise,
  rupeesToPaise,
  type BillRow,
} from '@bazaar/shared';
import { IconBan, IconEdit, IconEye, IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useAddPayment } from '../../../api/bills/add-payment';
import { isApiError } from '../../../api/api-client';
import { numberValue } from './number-value';
import {
  emptyModeDraft,
  modeDraftBody,
  modeDraftProblems,
  PaymentModeFields,
  type PaymentModeDraft,
} from './payment-mode-fields';
import { revealOnMount } from '../../../components/reveal-on-mount';
import { refusalMessage } from '../../../components/technical-error-dialog';

/** The row being edited, the amount typed (rupees) and how it was paid. */
interface ReceivedEdit {
  billId: number;
  addRupees: number | '';
  method: PaymentModeDraft;
  /** Show the mode's problems (after a Save with a detail missing). */
  showMethodErrors: boolean;
  /** The server's refusal, shown under the field until the amount changes. */
  serverError: string | null;
  /** The server's field messages for the mode's details. */
  serverFields: Record<string, string> | undefined;
}

/** Whether a bill still takes payments: open, with dues left. */
function takesPayments(bill: BillRow): boolean {
  return bill.status === 'open' && maxPaymentPaise(bill) > 0;
}

/**
 * The transaction screen's bill table (docs/back-office-bills.md): Sl. No, Bill-No, Amount (amount
 * + GST in the employee view), GST, Received, Dues, Purchase Date, Status (red Open button / green
 * Closed / Cancelled), View Details, Edit, Cancel (admin only; bills are cancelled, never
 * deleted: docs/gst.md "Cancelling a bill"), More Details.
 *
 * Edit puts one row's Received into edit mode with an add amount field, the payment's mode and
 * its details (`PaymentModeFields`: a UTR for UPI and bank transfer, number, bank and date for a
 * cheque, with the shared rules' messages), Save and Cancel; starting another row's edit while
 * one is open is ignored. The amount may take received up to the total
 * including GST (docs/back-office-bills.md "Money rules"), else 'Receive amount less than or equal
 * to amount' and Save stays off.
 */
export function BillTable({
  bills,
  firstSerial,
  employeeView,
  onStatus,
  onViewDetails,
  onCancel,
  onMoreDetails,
  onError,
  emptyText,
  cancelMode = 'cancel',
  canTakePayments = true,
}: {
  bills: readonly BillRow[];
  /** What the table says when no bill matches the filter. */
  emptyText: string;
  /** Sl. No of the first row (page offset + 1). */
  firstSerial: number;
  employeeView: boolean;
  onStatus: (bill: BillRow) => void;
  onViewDetails: (bill: BillRow) => void;
  /**
   * Opens the Cancel bill dialog (admin, docs/gst.md "Cancelling a bill") or, with `cancelMode`
   * 'ask', the employee's Ask to cancel dialog (docs/back-office-bills.md "Cancel requests").
   */
  onCancel: ((bill: BillRow) => void) | undefined;
  cancelMode?: 'cancel' | 'ask';
  /** The Received edit (a part payment) is offered: the admin, or an employee who may. */
  canTakePayments?: boolean;
  onMoreDetails: (bill: BillRow) => void;
  onError: (error: unknown) => void;
}) {
  const [edit, setEdit] = useState<ReceivedEdit | null>(null);
  const payment = useAddPayment();

  const startEdit = (bill: BillRow) => {
    // One row at a time: an edit started while another row is open is ignored.
    if (edit !== null) return;
    setEdit({
      billId: bill.id,
      addRupees: '',
      method: emptyModeDraft(),
      showMethodErrors: false,
      serverError: null,
      serverFields: undefined,
    });
  };
  const cancelEdit = () => setEdit(null);

  const addPaise = (current: ReceivedEdit) =>
    typeof current.addRupees === 'number' ? rupeesToPaise(current.addRupees) : 0;

  const amountError = (bill: BillRow, current: ReceivedEdit): string | null => {
    if (addPaise(current) > maxPaymentPaise(bill)) return BACK_OFFICE_MESSAGES.paymentTooLarge;
    return current.serverError;
  };

  const saveEdit = (bill: BillRow) => {
    if (!edit) return;
    const amountPaise = addPaise(edit);
    if (amountPaise <= 0 || amountError(bill, edit)) return;
    if (Object.keys(modeDraftProblems(edit.method)).length > 0) {
      setEdit({ ...edit, showMethodErrors: true });
      return;
    }
    payment.mutate(
      { billId: bill.id, amountPaise, ...modeDraftBody(edit.method) },
      {
        onSuccess: () => setEdit(null),
        onError: (error) => {
          const reason = refusalMessage(error);
          if (reason === undefined) {
            onError(error);
            return;
          }
          const fields = isApiError(error, 400) ? error.fields : undefined;
          const onAmount = !fields || 'amountPaise' in fields;
          setEdit((current) =>
            current && current.billId === bill.id
              ? { ...current, serverError: onAmount ? reason : null, serverFields: fields }
              : current,
          );
        },
      },
    );
  };

  if (bills.length === 0) {
    // Outside the table: a wide table's single centred cell is off screen at 390 px.
    return (
      <Paper withBorder radius="md" py="xl" px="md">
        <Text c="dimmed" ta="center">
          {emptyText}
        </Text>
      </Paper>
    );
  }

  return (
    <Table.ScrollContainer minWidth={onCancel ? 940 : 880} type="native">
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        horizontalSpacing="xs"
        fz="sm"
        aria-label="Bills"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Bill-No</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">GST</Table.Th>
            <Table.Th ta="right">Received</Table.Th>
            <Table.Th ta="right">Dues</Table.Th>
            <Table.Th>Purchase Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="center">View Details</Table.Th>
            <Table.Th ta="center">Edit</Table.Th>
            {onCancel && <Table.Th ta="center">Cancel</Table.Th>}
            <Table.Th ta="center">More Details</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bills.map((bill, index) => {
            const editing = edit?.billId === bill.id ? edit : null;
            const error = editing ? amountError(bill, editing) : null;
            const billNo = bill.billNumber;
            return (
              <Table.Tr key={bill.id} aria-label={`Bill ${billNo}`}>
                <Table.Td>{firstSerial + index}</Table.Td>
                <Table.Td ff="monospace">{billNo}</Table.Td>
                <Table.Td ta="right">
                  {formatRupees(employeeView ? bill.totalPaise : bill.amountPaise)}
                </Table.Td>
                <Table.Td ta="right">{formatRupees(bill.gstPaise)}</Table.Td>
                <Table.Td ta="right" miw={editing ? 190 : undefined}>
                  {editing ? (
                    <Stack gap={4} align="stretch">
                      <Text fz="xs" c="dimmed" ta="right">
                        {formatRupees(bill.receivedPaise)} received
                      </Text>
                      <NumberInput
                        size="xs"
                        aria-label={`Add amount to bill ${billNo}`}
                        placeholder="Add amount"
                        min={0}
                        decimalScale={2}
                        allowNegative={false}
                        thousandSeparator=","
                        value={editing.addRupees}
                        onChange={(value) =>
                          setEdit({
                            ...editing,
                            addRupees: numberValue(value),
                            serverError: null,
                          })
                        }
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') saveEdit(bill);
                          if (event.key === 'Escape') cancelEdit();
                        }}
                        error={error}
                        data-autofocus
                        autoFocus
                      />
                      <Box ta="left">
                        <PaymentModeFields
                          compact
                          size="xs"
                          labelSuffix={`of bill ${billNo}`}
                          value={editing.method}
                          showErrors={editing.showMethodErrors}
                          serverErrors={editing.serverFields}
                          onChange={(method) =>
                            setEdit({ ...editing, method, serverFields: undefined })
                          }
                        />
                      </Box>
                    </Stack>
                  ) : (
                    formatRupees(bill.receivedPaise)
                  )}
                </Table.Td>
                <Table.Td ta="right" c={bill.duesPaise > 0 ? 'red.8' : undefined}>
                  {formatRupees(bill.duesPaise)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {formatDisplayDate(bill.purchasedAt)}
                </Table.Td>
                <Table.Td>
                  {bill.status === 'open' ? (
                    <Button
                      size="compact-sm"
                      color="red"
                      onClick={() => onStatus(bill)}
                      aria-label={`Open: status of bill ${billNo}`}
                    >
                      Open
                    </Button>
                  ) : bill.status === 'cancelled' ? (
                    <Text c="gray.7" fw={700} fz="sm">
                      Cancelled
                    </Text>
                  ) : (
                    <Text c="green.8" fw={700} fz="sm">
                      Closed
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="center">
                  <Tooltip label="Payment details">
                    <ActionIcon
                      variant="subtle"
                      onClick={() => onViewDetails(bill)}
                      aria-label={`Payment details of bill ${billNo}`}
                    >
                      <IconEye size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
                <Table.Td ta="center">
                  {editing ? (
                    // Save above Cancel: side by side they made the table wider than the screen
                    // at 1280 px and Cancel was cut off at its right edge.
                    <Stack gap={4} align="stretch" ref={revealOnMount}>
                      <Button
                        size="compact-sm"
                        onClick={() => saveEdit(bill)}
                        disabled={error !== null || addPaise(editing) <= 0}
                        loading={payment.isPending}
                      >
                        Save
                      </Button>
                      <Button size="compact-sm" variant="default" onClick={cancelEdit}>
                        Cancel
                      </Button>
                    </Stack>
                  ) : (
                    <Tooltip
                      label={
                        !canTakePayments
                          ? 'Your role may not take payments'
                          : takesPayments(bill)
                            ? 'Add a payment'
                            : 'Fully paid'
                      }
                    >
                      <ActionIcon
                        variant="subtle"
                        onClick={() => startEdit(bill)}
                        disabled={!canTakePayments || !takesPayments(bill)}
                        aria-label={`Edit received of bill ${billNo}`}
                      >
                        <IconEdit size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
                {onCancel && (
                  <Table.Td ta="center">
                    <Tooltip label={cancelMode === 'ask' ? 'Ask to cancel' : 'Cancel bill'}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => onCancel(bill)}
                        // An employee still opens a cancelled bill's dialog: it shows the request.
                        disabled={cancelMode === 'cancel' && bill.status === 'cancelled'}
                        aria-label={
                          cancelMode === 'ask'
                            ? `Ask to cancel bill ${billNo}`
                            : `Cancel bill ${billNo}`
                        }
                      >
                        <IconBan size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                )}
                <Table.Td ta="center">
                  <Tooltip label="Items of the bill">
                    <ActionIcon
                      variant="subtle"
                      onClick={() => onMoreDetails(bill)}
                      aria-label={`More details of bill ${billNo}`}
                    >
                      <IconListDetails size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
