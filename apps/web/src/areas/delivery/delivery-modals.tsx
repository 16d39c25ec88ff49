import { Button, Group, Modal, PinInput, Stack, Text } from '@mantine/core';
import {
  DELIVERY_CODE_LENGTH,
  DELIVERY_FAIL_REASON_MAX_CHARS,
  DELIVERY_FAIL_REASON_MIN_CHARS,
  DeliverInputSchema,
  DeliveryFailInputSchema,
  type DeliveryShipment,
} from '@bazaar/shared';
import { schemaResolver } from '@mantine/form';
import { useState } from 'react';
import { useDeliveryAction } from '../../api/delivery/shipment-actions';
import { notify } from '../../components/notify';
import { ReasonModal } from '../../components/reason-modal';
import { AmountToCollect } from './delivery-shipment-card';
import { refusalMessage } from '../../components/technical-error-dialog';

/** The deliver request's own check of the code (its digits), with its message. */
const deliverCodeErrors = schemaResolver(DeliverInputSchema, { sync: true });

/** Shows a success toast that closes after 3 s. */
function done(message: string) {
  void notify({ color: 'green', message, autoClose: 3000 });
}

/**
 * Asks for the customer's 4-digit code and marks the shipment delivered. A wrong code shows the
 * server's 'The delivery code does not match' (too many: 'Too many wrong codes...'); a technical
 * failure calls `onTechnicalError`.
 */
export function DeliverModal({
  shipment,
  onClose,
  onTechnicalError,
}: {
  shipment: DeliveryShipment | null;
  onClose: () => void;
  onTechnicalError: () => void;
}) {
  const deliver = useDeliveryAction();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const close = () => {
    setCode('');
    setFieldError(null);
    deliver.reset();
    onClose();
  };

  const submit = () => {
    if (!shipment) return;
    const formatProblem = deliverCodeErrors({ code }).code;
    if (formatProblem) {
      setFieldError(String(formatProblem));
      return;
    }
    deliver.mutate(
      { shipmentId: shipment.id, action: 'deliver', code },
      {
        onSuccess: (result) => {
          done(`${result.orderNumber} delivered`);
          close();
        },
        onError: (error) => {
          const refusal = refusalMessage(error);
          if (refusal) {
            setFieldError(refusal);
            setCode('');
          } else {
            close();
            onTechnicalError();
          }
        },
      },
    );
  };

  return (
    <Modal
      opened={shipment !== null}
      onClose={close}
      title={shipment ? `Deliver ${shipment.orderNumber}` : ''}
      centered
    >
      {shipment && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack gap="md">
            <AmountToCollect shipment={shipment} />
            <Text fz="sm">
              Ask {shipment.customer.name} for the {DELIVERY_CODE_LENGTH}-digit delivery code shown
              in their My Orders.
            </Text>
            <Stack gap={6} align="center">
              <PinInput
                length={DELIVERY_CODE_LENGTH}
                type="number"
                inputMode="numeric"
                oneTimeCode
                size="lg"
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setFieldError(null);
                }}
                error={fieldError !== null}
                aria-label="Delivery code"
                data-autofocus
              />
              {fieldError && (
                <Text c="red.8" fz="sm" role="alert">
                  {fieldError}
                </Text>
              )}
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={deliver.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="green" loading={deliver.isPending}>
                Confirm delivery
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Asks why the delivery failed (5-300 characters) and marks it failed. */
export function FailModal({
  shipment,
  onClose,
  onTechnicalError,
}: {
  shipment: DeliveryShipment | null;
  onClose: () => void;
  onTechnicalError: () => void;
}) {
  const fail = useDeliveryAction();
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setRefusal(null);
    fail.reset();
    onClose();
  };

  const submit = (reason: string) => {
    if (!shipment) return;
    fail.mutate(
      { shipmentId: shipment.id, action: 'fail', reason },
      {
        onSuccess: (result) => {
          done(`${result.orderNumber} marked as failed`);
          close();
        },
        onError: (error) => {
          const refused = refusalMessage(error);
          if (refused) setRefusal(refused);
          else {
            close();
            onTechnicalError();
          }
        },
      },
    );
  };

  return (
    <ReasonModal
      opened={shipment !== null}
      title={shipment ? `Delivery of ${shipment.orderNumber} failed?` : ''}
      intro="The shop is told and may hand it over again. This cannot be undone from here."
      label="What went wrong?"
      placeholder="Customer not at home, phone switched off"
      minChars={DELIVERY_FAIL_REASON_MIN_CHARS}
      maxChars={DELIVERY_FAIL_REASON_MAX_CHARS}
      schema={DeliveryFailInputSchema}
      confirmLabel="Mark as failed"
      keepLabel="Keep trying"
      pending={fail.isPending}
      refusal={refusal}
      onConfirm={submit}
      onClose={close}
    />
  );
}
