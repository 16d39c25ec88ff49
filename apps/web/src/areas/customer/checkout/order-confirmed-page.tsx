import {
  Alert,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useOrder } from '../../../api/orders/get-order';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';
import { OrderSummaryAside } from '../orders/order-summary-aside';
import { ShopItems } from '../../../components/orders/order-items';
import { formatDay } from '../../../components/orders/order-status';

/**
 * `/OrderConfirmed?order=<id>` (docs/orders.md: shown after a successful payment, and
 * after a cash-on-delivery order): the order number, its items by shop, the amount, how it is
 * paid, where and when it arrives, and the ways on to My Orders or the shop.
 */
export function OrderConfirmedPage() {
  usePageTitle('Order confirmed');
  const [params] = useSearchParams();
  const raw = Number(params.get('order'));
  const orderId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const { data: order, isPending, isError, error, refetch } = useOrder(orderId);

  if (orderId === null || isApiError(error, 404)) {
    return (
      <Container size="md" py="xl">
        <Alert color="yellow" title="Order not found">
          We could not find this order. Your orders are all listed in My Orders.
          <Group mt="sm">
            <Button component={Link} to={PATHS.myOrders} size="xs" variant="outline">
              My Orders
            </Button>
          </Group>
        </Alert>
      </Container>
    );
  }

  return (
    <Container size="lg" py="lg">
      {isError && !order ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <Stack role="status" aria-busy="true" aria-label="Loading your order">
          <Skeleton h={120} radius="md" />
          <Skeleton h={220} radius="md" />
        </Stack>
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Group wrap="nowrap" align="flex-start" gap="md">
              <ThemeIcon color="green" size={48} radius="xl" variant="light" aria-hidden="true">
                <IconCircleCheck size={32} />
              </ThemeIcon>
              <Stack gap={4}>
                <Title order={1} fz={{ base: 22, sm: 26 }}>
                  {order.status === 'payment_pending'
                    ? 'Your order is waiting for the payment.'
                    : order.status === 'cancelled'
                      ? 'This order is cancelled.'
                      : 'Thank you! Your order is placed.'}
                </Title>
                <Text>
                  Order number{' '}
                  <Text span fw={700} ff="monospace">
                    {order.orderNumber}
                  </Text>
                </Text>
                <Text c="dimmed">
                  Arriving by{' '}
                  <Text span fw={700} c="green.8">
                    {formatDay(order.deliveryDate)}
                  </Text>
                </Text>
              </Stack>
            </Group>
            <Group mt="md" gap="sm">
              <Button component={Link} to={PATHS.myOrders} color="grape">
                My Orders
              </Button>
              <Button component={Link} to={PATHS.home} variant="default">
                Continue shopping
              </Button>
            </Group>
          </Paper>

          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                {order.shipments.map((shipment) => (
                  <ShopItems
                    key={shipment.id}
                    shopName={shipment.shop.name}
                    lines={shipment.items}
                  />
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <OrderSummaryAside order={order} />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Container>
  );
}
