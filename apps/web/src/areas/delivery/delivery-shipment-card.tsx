import { Anchor, Badge, Box, Card, Divider, Group, List, Paper, Stack, Text } from '@mantine/core';
import { formatRupees, type DeliveryShipment } from '@bazaar/shared';
import { IconCash, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../components/orders/order-status';
import { VariantLine } from '../../components/variant-line';
import { OrderStatusBadge } from '../../components/orders/order-status-badge';
import { telLink } from './delivery-format';

/** The delivery address as lines: locality, landmark, city, state and pincode. */
function addressLines(shipment: DeliveryShipment): string[] {
  const { address } = shipment;
  return [
    address.locality,
    address.landmark,
    `${address.city}, ${address.state} ${address.pincode}`,
  ].filter((line) => line.trim() !== '');
}

/**
 * What the delivery person needs at a glance: the cash to collect (large, for cash on delivery)
 * or that it is prepaid.
 */
export function AmountToCollect({ shipment }: { shipment: DeliveryShipment }) {
  if (shipment.amountToCollectPaise > 0) {
    return (
      <Paper
        bg="orange.0"
        withBorder
        radius="md"
        p="sm"
        style={{ borderColor: 'var(--mantine-color-orange-4)' }}
      >
        <Group gap="xs" wrap="nowrap">
          <IconCash size={22} color="var(--mantine-color-orange-8)" aria-hidden="true" />
          <Text fz="sm" c="orange.9">
            Collect in cash
          </Text>
          <Text fz={22} fw={800} c="orange.9" ml="auto" aria-label="Amount to collect">
            {formatRupees(shipment.amountToCollectPaise)}
          </Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Badge color="green" variant="light" size="lg" radius="sm">
      Prepaid: collect nothing
    </Badge>
  );
}

/**
 * One delivery as a card (mobile first): order number, status, shop, customer with a call link,
 * address, items, the amount to collect and, in `children`, the next action.
 */
export function DeliveryShipmentCard({
  shipment,
  children,
}: {
  shipment: DeliveryShipment;
  children?: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={`Delivery ${shipment.orderNumber}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Text fw={700} ff="monospace" fz="lg">
              {shipment.orderNumber}
            </Text>
            <Text fz="xs" c="dimmed">
              From {shipment.shop.name}
              {shipment.assignedAt && ` · handed over ${formatDateTime(shipment.assignedAt)}`}
            </Text>
          </Stack>
          <Box style={{ flexShrink: 0 }}>
            <OrderStatusBadge status={shipment.status} />
          </Box>
        </Group>

        <Stack gap={4}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text fw={600}>{shipment.customer.name}</Text>
            <Anchor
              href={telLink(shipment.customer.mobile)}
              fw={600}
              aria-label={`Call ${shipment.customer.name} on ${shipment.customer.mobile}`}
            >
              <Group gap={4} component="span" wrap="nowrap">
                <IconPhone size={16} aria-hidden="true" />
                {shipment.customer.mobile}
              </Group>
            </Anchor>
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin
              size={16}
              style={{ flexShrink: 0, marginTop: 3 }}
              color="var(--mantine-color-gray-6)"
              aria-hidden="true"
            />
            <Text fz="sm">{addressLines(shipment).join(', ')}</Text>
          </Group>
        </Stack>

        <Divider />
        <List size="sm" spacing={2} aria-label="Items">
          {shipment.items.map((item, index) => (
            <List.Item key={`${item.name}-${index}`}>
              {item.name} ({item.company}) ×{' '}
              <Text span fw={700} inherit>
                {item.quantity}
              </Text>
              <VariantLine variant={item} />
            </List.Item>
          ))}
        </List>
        <AmountToCollect shipment={shipment} />
        {children}
      </Stack>
    </Card>
  );
}
