import { Group, Radio, Stack, Text } from '@mantine/core';
import { formatRupeesShort, type PaymentMethod } from '@bazaar/shared';
import { IconCash, IconCreditCard } from '@tabler/icons-react';
import { HIDDEN_GROUP_LABEL } from './checkout-step';

/**
 * Step 3 of checkout: cash on delivery (with the amount to pay, in paise) or, when the server has
 * Razorpay keys, paying online. Cash on delivery is locked once an online order waits for its
 * payment; both while an order is being placed.
 */
export function PaymentChoice({
  method,
  onChange,
  onlineEnabled,
  payablePaise,
  busy,
  paymentPending,
}: {
  method: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  onlineEnabled: boolean;
  payablePaise: number;
  busy: boolean;
  paymentPending: boolean;
}) {
  return (
    <Radio.Group
      value={method}
      onChange={(value) => onChange(value as PaymentMethod)}
      label="How would you like to pay?"
      styles={HIDDEN_GROUP_LABEL}
    >
      <Stack gap="sm">
        <Radio.Card value="cod" radius="md" p="sm" disabled={busy || paymentPending}>
          <Group wrap="nowrap" gap="sm">
            <Radio.Indicator />
            <IconCash size={22} aria-hidden="true" />
            <div>
              <Text fw={600}>Cash on delivery</Text>
              <Text fz="sm" c="dimmed">
                Pay {formatRupeesShort(payablePaise)} when the order arrives.
              </Text>
            </div>
          </Group>
        </Radio.Card>
        {onlineEnabled && (
          <Radio.Card value="razorpay" radius="md" p="sm" disabled={busy}>
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <IconCreditCard size={22} aria-hidden="true" />
              <div>
                <Text fw={600}>Pay online (cards, UPI, netbanking) with Razorpay</Text>
                <Text fz="sm" c="dimmed">
                  Razorpay&apos;s secure window opens to take the payment.
                </Text>
              </div>
            </Group>
          </Radio.Card>
        )}
      </Stack>
    </Radio.Group>
  );
}
