import { Button, Group, Modal, Text } from '@mantine/core';
import {
  BACK_OFFICE_MESSAGES,
  billNumberOf,
  TOAST_AUTO_CLOSE_MS,
  type BillRow,
} from '@bazaar/shared';
import { useDeleteBill } from '../../../api/bills/delete-bill';
import { notify } from '../../../components/notify';

/**
 * The Delete Confirmation dialog (admin only; docs/back-office-bills.md): 'If you want to
 * delete purchase transaction press submit button', Cancel and Submit. Submit removes the bill,
 * its payments and puts its pieces back in stock; toast 'Purchase removed successfully'.
 */
export function DeleteBillModal({
  bill,
  customerId,
  onClose,
  onDeleted,
  onError,
}: {
  bill: BillRow | null;
  customerId: number;
  onClose: () => void;
  onDeleted: (billId: number) => void;
  onError: (error: unknown) => void;
}) {
  const remove = useDeleteBill(customerId);
  const handleSubmit = () => {
    if (!bill) return;
    remove.mutate(bill.id, {
      onSuccess: (deleted) => {
        onClose();
        onDeleted(deleted.id);
        void notify({
          color: 'green',
          message: BACK_OFFICE_MESSAGES.purchaseRemoved,
          autoClose: TOAST_AUTO_CLOSE_MS,
        });
      },
      onError: (error) => {
        onClose();
        onError(error);
      },
    });
  };
  return (
    <Modal opened={bill !== null} onClose={onClose} centered title="Delete Confirmation">
      {bill && (
        <>
          <Text>{BACK_OFFICE_MESSAGES.deletePurchaseConfirm}</Text>
          <Text fz="sm" c="dimmed" mt="xs">
            Bill-No {billNumberOf(bill.id)}
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={handleSubmit}>
              Submit
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
