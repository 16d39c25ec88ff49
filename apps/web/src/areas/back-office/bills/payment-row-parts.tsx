import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  billNumberOf,
  BouncePaymentInputSchema,
  formatRupees,
  PAYMENT_MESSAGES,
  paymentMethodText,
  TOAST_AUTO_CLOSE_MS,
  type PaymentModeDetails,
  type ReceiptStatus,
} from '@bazaar/shared';
import { IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useBouncePayment } from '../../../api/bills/bounce-payment';
import { DocumentButton } from '../../../components/documents/document-button';
import { downloadPaymentReceipt } from '../../../components/documents/download';
import { notify } from '../../../components/notify';
import { ReasonModal } from '../../../components/reason-modal';
import { refusalMessage } from '../../../components/technical-error-dialog';

/** What a payment row knows of its payment (`BillPayment`, `CustomerPaymentRow`). */
export type PaymentRowFacts = PaymentModeDetails & {
  paymentId: number;
  receiptNumber: string;
  status: ReceiptStatus;
  amountPaise: number;
  /** The bill the row's part paid; null when it paid the opening balance, absent on a bill's list. */
  billId?: number | null;
};

/**
 * A payment's mode and details in one line ('UPI, UTR 412345678901', 'Cheque 004512, State Bank
 * of India, dated Mar 5, 2026'), with a red 'Bounced' badge once its cheque bounced.
 */
export function PaymentModeCell({ payment }: { payment: PaymentRowFacts }) {
  return (
    <Stack gap={2} align="flex-start">
      <Text fz="sm">{paymentMethodText(payment)}</Text>
      {payment.status === 'bounced' && (
        <Badge color="red" variant="filled" size="sm">
          Bounced
        </Badge>
      )}
    </Stack>
  );
}

/**
 * A payment row's actions: Receipt (its PDF, `downloadPaymentReceipt`) and, for the admin on a
 * cheque not yet bounced, Mark bounced (`onBounce`).
 */
export function PaymentActions({
  payment,
  onBounce,
}: {
  payment: PaymentRowFacts;
  /** Admin only: opens the bounced-cheque dialog. */
  onBounce: ((payment: PaymentRowFacts) => void) | undefined;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <DocumentButton
        size="compact-xs"
        variant="light"
        leftSection={<IconReceipt size={14} aria-hidden="true" />}
        download={() => downloadPaymentReceipt(payment.paymentId)}
        aria-label={`Receipt ${payment.receiptNumber}`}
      >
        Receipt
      </DocumentButton>
      {onBounce && payment.mode === 'cheque' && payment.status === 'received' && (
        <Button
          size="compact-xs"
          variant="outline"
          color="red"
          onClick={() => onBounce(payment)}
          aria-label={`Mark cheque ${payment.chequeNumber ?? ''} of receipt ${payment.receiptNumber} bounced`}
        >
          Bounced?
        </Button>
      )}
    </Group>
  );
}

/**
 * The bounced-cheque dialog (admin; docs/back-office-bills.md "Payments"): a reason of 5-500
 * characters checked with `BouncePaymentInputSchema` as the server does; Confirm takes the
 * cheque's amount off every bill it paid (their dues rise by it, a closed bill opens again) and
 * marks the payment Bounced. A refusal shows under the field, a network failure goes to
 * `onError`.
 */
export function BounceChequeModal({
  payment,
  onClose,
  onError,
}: {
  payment: PaymentRowFacts | null;
  onClose: () => void;
  onError: (error: unknown) => void;
}) {
  const bounce = useBouncePayment();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <ReasonModal
      opened={payment !== null}
      title={`Cheque ${payment?.chequeNumber ?? ''} bounced`}
      intro={
        payment
          ? `Receipt ${payment.receiptNumber}: the cheque's amount goes back on the dues of every bill (and opening balance) it paid${
              payment.billId === undefined
                ? ''
                : ` (this row: ${formatRupees(payment.amountPaise)} on ${
                    payment.billId === null
                      ? 'the opening balance'
                      : `bill ${billNumberOf(payment.billId)}`
                  })`
            }, and the payment is shown as Bounced. This cannot be undone.`
          : undefined
      }
      label="Why did it bounce?"
      placeholder="Insufficient funds"
      maxChars={500}
      minChars={5}
      schema={BouncePaymentInputSchema}
      confirmLabel="Mark bounced"
      keepLabel="Keep the payment"
      pending={bounce.isPending}
      refusal={refusal}
      onClose={close}
      onConfirm={(reason) => {
        if (!payment) return;
        bounce.mutate(
          { paymentId: payment.paymentId, reason },
          {
            onSuccess: () => {
              close();
              void notify({
                color: 'green',
                message: PAYMENT_MESSAGES.chequeBounced,
                autoClose: TOAST_AUTO_CLOSE_MS,
              });
            },
            onError: (error) => {
              const message = refusalMessage(error);
              if (message === undefined) {
                close();
                onError(error);
              } else setRefusal(message);
            },
          },
        );
      }}
    />
  );
}
