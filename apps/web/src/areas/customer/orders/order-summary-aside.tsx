import { Paper, Stack, Text } from '@mantine/core';
import type { Order } from '@bazaar/shared';
import { PriceDetails } from '../cart/price-details';
import { AddressLines } from '../../../components/orders/order-items';
import { paymentLabel } from '../../../components/orders/order-status';

/**
 * The side column of an order (the confirmation page and the order detail): price details in
 * paise as the cart showed them, how it is paid, and where it goes.
 */
export function OrderSummaryAside({ order }: { order: Order }) {
  return (
    <Stack gap="md">
      <PriceDetails totals={order.totals} showCheckout={false} />
      <Paper withBorder radius="md" p="md">
        <Text fz="sm" fw={700} c="dimmed" tt="uppercase" mb={6}>
          Payment
        </Text>
        <Text>{paymentLabel(order.paymentMethod, order.paymentStatus)}</Text>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fz="sm" fw={700} c="dimmed" tt="uppercase" mb={6}>
          Delivery address
        </Text>
        <AddressLines address={order.address} />
      </Paper>
    </Stack>
  );
}
