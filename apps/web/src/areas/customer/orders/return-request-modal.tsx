import {
  Alert,
  Button,
  Group,
  Modal,
  Radio,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  RETURN_REASON_MAX_CHARS,
  RETURN_REASON_MIN_CHARS,
  ReturnRequestInputSchema,
  type Order,
  type ReturnRequestInput,
  type Shipment,
} from '@bazaar/shared';

type PayeeMethod = 'upi' | 'bank_transfer';

interface ReturnFormValues {
  reason: string;
  method: PayeeMethod;
  upiId: string;
  accountNumber: string;
  ifsc: string;
  accountName: string;
}

/** The request body the form stands for: `refundTo` only for a cash-on-delivery order. */
function requestOf(values: ReturnFormValues, cashOnDelivery: boolean): unknown {
  if (!cashOnDelivery) return { reason: values.reason };
  const refundTo =
    values.method === 'upi'
      ? { method: 'upi', upiId: values.upiId }
      : {
          method: 'bank_transfer',
          accountNumber: values.accountNumber,
          ifsc: values.ifsc,
          accountName: values.accountName,
        };
  return { reason: values.reason, refundTo };
}

/**
 * Checks the form with the request's own schema (`ReturnRequestInputSchema` and its
 * `RefundPayeeSchema`), so the messages are the server's; each message goes under its field.
 */
export function validateReturnForm(
  values: ReturnFormValues,
  cashOnDelivery: boolean,
): { request: ReturnRequestInput } | { errors: Partial<Record<keyof ReturnFormValues, string>> } {
  const parsed = ReturnRequestInputSchema.safeParse(requestOf(values, cashOnDelivery));
  if (parsed.success) return { request: parsed.data };
  const errors: Partial<Record<keyof ReturnFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[issue.path.length - 1] ?? 'reason') as keyof ReturnFormValues;
    errors[field] ??= issue.message;
  }
  return { errors };
}

function ReturnForm({
  order,
  pending,
  refusal,
  onConfirm,
  onClose,
}: {
  order: Order;
  pending: boolean;
  refusal: string | null;
  onConfirm: (request: ReturnRequestInput) => void;
  onClose: () => void;
}) {
  const cashOnDelivery = order.paymentMethod === 'cod';
  const form = useForm<ReturnFormValues>({
    initialValues: {
      reason: '',
      method: 'upi',
      upiId: '',
      accountNumber: '',
      ifsc: '',
      accountName: '',
    },
    validate: (values) => {
      const checked = validateReturnForm(values, cashOnDelivery);
      return 'errors' in checked ? checked.errors : {};
    },
  });
  const typed = form.values.reason.trim().length;
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const checked = validateReturnForm(values, cashOnDelivery);
        if ('request' in checked) onConfirm(checked.request);
      })}
    >
      <Stack gap="sm">
        <Textarea
          label="Why are you returning them?"
          required
          autosize
          minRows={3}
          maxLength={RETURN_REASON_MAX_CHARS}
          description={`${typed}/${RETURN_REASON_MAX_CHARS} characters, at least ${RETURN_REASON_MIN_CHARS}`}
          data-autofocus
          {...form.getInputProps('reason')}
        />
        {cashOnDelivery ? (
          <Stack gap="xs">
            <Radio.Group
              label="Where should we send your refund?"
              description="You paid in cash, so the shop transfers the refund once the items are back."
              required
              {...form.getInputProps('method')}
            >
              <Group gap="lg" mt={6}>
                <Radio value="upi" label="UPI id" />
                <Radio value="bank_transfer" label="Bank account" />
              </Group>
            </Radio.Group>
            {form.values.method === 'upi' ? (
              <TextInput
                label="UPI id"
                placeholder="name@bank"
                required
                autoComplete="off"
                {...form.getInputProps('upiId')}
              />
            ) : (
              <>
                <TextInput
                  label="Account holder name"
                  required
                  autoComplete="name"
                  {...form.getInputProps('accountName')}
                />
                <TextInput
                  label="Account number"
                  required
                  inputMode="numeric"
                  autoComplete="off"
                  {...form.getInputProps('accountNumber')}
                />
                <TextInput
                  label="IFSC"
                  required
                  autoComplete="off"
                  styles={{ input: { textTransform: 'uppercase' } }}
                  {...form.getInputProps('ifsc')}
                />
              </>
            )}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            Your refund goes back to the original payment method.
          </Text>
        )}
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Keep the items
          </Button>
          <Button type="submit" color="red" loading={pending}>
            Request return
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Asking to return one shipment (docs/orders.md "Return", docs/refunds.md): the reason and, for a
 * cash-on-delivery order, the UPI id or bank account the shop pays the refund to, checked with
 * the shared schemas before `onConfirm`. The server accepts a return without an account (older
 * apps), but this form asks for one, so the shop never has to chase the customer. Each opening
 * starts empty; the server's refusal shows above the buttons.
 */
export function ReturnRequestModal({
  order,
  shipment,
  pending,
  refusal,
  onConfirm,
  onClose,
}: {
  order: Order;
  shipment: Shipment | null;
  pending: boolean;
  refusal: string | null;
  onConfirm: (request: ReturnRequestInput) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={shipment !== null}
      onClose={onClose}
      title={shipment ? `Return the items sold by ${shipment.shop.name}` : ''}
      centered
    >
      {shipment && (
        <ReturnForm
          order={order}
          pending={pending}
          refusal={refusal}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
