import { billNumberOf, CancelBillInputSchema, TOAST_AUTO_CLOSE_MS } from '@bazaar/shared';
import { useState } from 'react';
import { useCancelBill } from '../../../api/bills/cancel-bill';
import { notify } from '../../../components/notify';
import { ReasonModal } from '../../../components/reason-modal';
import { refusalMessage } from '../../../components/technical-error-dialog';

/**
 * The Cancel bill dialog (admin only; docs/gst.md "Cancelling a bill"): an issued invoice is never
 * deleted (Rule 46(b) keeps its number), so the bill is cancelled with a reason of 5-500
 * characters, checked with `CancelBillInputSchema` as the server does. Confirm puts the stock
 * back and marks the invoice CANCELLED; a refusal shows under the field, a network failure goes
 * to `onError`.
 */
export function CancelBillModal({
  billId,
  customerId,
  onClose,
  onCancelled,
  onError,
}: {
  /** The bill to cancel; null = closed. */
  billId: number | null;
  customerId: number;
  onClose: () => void;
  onCancelled?: (billId: number) => void;
  onError: (error: unknown) => void;
}) {
  const cancel = useCancelBill(customerId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <ReasonModal
      opened={billId !== null}
      title={`Cancel bill ${billId === null ? '' : billNumberOf(billId)}`}
      intro="The invoice keeps its number and is marked CANCELLED; the pieces go back to stock and any payment is recorded as refunded. This cannot be undone."
      label="Reason for cancelling"
      placeholder="Customer returned the goods on the same day"
      maxChars={500}
      minChars={5}
      schema={CancelBillInputSchema}
      confirmLabel="Cancel bill"
      keepLabel="Keep the bill"
      pending={cancel.isPending}
      refusal={refusal}
      onClose={close}
      onConfirm={(reason) => {
        if (billId === null) return;
        cancel.mutate(
          { billId, reason },
          {
            onSuccess: () => {
              close();
              onCancelled?.(billId);
              void notify({
                color: 'green',
                message: 'Bill cancelled',
                autoClose: TOAST_AUTO_CLOSE_MS,
              });
            },
            onError: (error) => {
              const reason = refusalMessage(error);
              if (reason === undefined) {
                close();
                onError(error);
              } else setRefusal(reason);
            },
          },
        );
      }}
    />
  );
}
