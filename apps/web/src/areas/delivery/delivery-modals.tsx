import { Button, Group, Modal, PinInput, Stack, Text, Textarea } from '@mantine/core';
import {
  DELIVERY_CODE_LENGTH,
  DELIVERY_FAIL_REASON_MAX_CHARS,
  DELIVERY_FAIL_REASON_MIN_CHARS,
  DELIVERY_MESSAGES,
  type DeliveryShipment,
} from '@bazaar/shared';
import { useState } from 'react';
import { useDeliveryAction } from '../../api/delivery/shipment-actions';
import { notify } from '../../components/notify';
import { AmountToCollect } from './delivery-shipment-card';
import { refusalOf } from './delivery-format';

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
    if (!new RegExp(`^\\d{${DELIVERY_CODE_LENGTH}}$`).test(code)) {
      setFieldError(DELIVERY_MESSAGES.codeFormat);
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
          const refusal = refusalOf(error);
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

const REASON_MIN = DELIVERY_FAIL_REASON_MIN_CHARS;
const REASON_MAX = DELIVERY_FAIL_REASON_MAX_CHARS;

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
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const close = () => {
    setReason('');
    setFieldError(null);
    fail.reset();
    onClose();
  };

  const submit = () => {
    if (!shipment) return;
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN || trimmed.length > REASON_MAX) {
      setFieldError(DELIVERY_MESSAGES.failReasonLength);
      return;
    }
    fail.mutate(
      { shipmentId: shipment.id, action: 'fail', reason: trimmed },
      {
        onSuccess: (result) => {
          done(`${result.orderNumber} marked as failed`);
          close();
        },
        onError: (error) => {
          const refusal = refusalOf(error);
          if (refusal) setFieldError(refusal);
          else {
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
      title={shipment ? `Delivery of ${shipment.orderNumber} failed?` : ''}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm">
            The shop is told and may hand it over again. This cannot be undone from here.
          </Text>
          <Textarea
            label="What went wrong?"
            placeholder="Customer not at home, phone switched off"
            required
            autosize
            minRows={3}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            description={`${reason.trim().length}/${REASON_MAX} characters, at least ${REASON_MIN}`}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={fail.isPending}>
              Keep trying
            </Button>
            <Button type="submit" color="red" loading={fail.isPending}>
              Mark as failed
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
