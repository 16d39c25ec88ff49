import { Button, Group, Modal, Text } from '@mantine/core';
import {
  BACK_OFFICE_MESSAGES,
  billNumberOf,
  canCloseBill,
  formatRupees,
  type BillRow,
} from '@bazaar/shared';
import { useCloseBill } from '../../../api/bills/close-bill';

/**
 * The Bill Status dialog of an Open bill (docs/back-office-bills.md): when the total (amount +
 * GST) is not greater than received, 'If you want to close this bill, Then press yes button.'
 * with Cancel and Close bill; otherwise the refusal text with only Cancel. A failed close shows
 * the error dialog (no failure is silent).
 */
export function BillStatusModal({
  bill,
  onClose,
  onError,
  mayClose = true,
}: {
  bill: BillRow | null;
  onClose: () => void;
  onError: (error: unknown) => void;
  /** The admin, or an employee whose job title may close bills (docs/back-office-people.md). */
  mayClose?: boolean;
}) {
  const close = useCloseBill();
  const allowed = bill ? canCloseBill(bill) : false;
  const handleCloseBill = () => {
    if (!bill) return;
    close.mutate(bill.id, {
      onSuccess: onClose,
      onError: (error) => {
        onClose();
        onError(error);
      },
    });
  };
  return (
    <Modal
      opened={bill !== null}
      onClose={onClose}
      centered
      title={bill ? `Bill Status: Bill-No ${billNumberOf(bill.id)}` : 'Bill Status'}
    >
      {bill && (
        <>
          <Text>
            {allowed
              ? BACK_OFFICE_MESSAGES.closeBillAllowed
              : BACK_OFFICE_MESSAGES.closeBillRefused(
                  formatRupees(bill.totalPaise),
                  formatRupees(bill.receivedPaise),
                )}
          </Text>
          {allowed && !mayClose && (
            <Text fz="sm" c="dimmed" mt="xs">
              Your role may not close bills: ask the admin.
            </Text>
          )}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {allowed && mayClose && (
              <Button color="green" loading={close.isPending} onClick={handleCloseBill}>
                Close bill
              </Button>
            )}
          </Group>
        </>
      )}
    </Modal>
  );
}
