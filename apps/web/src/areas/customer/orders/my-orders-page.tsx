import {
  Box,
  Button,
  Center,
  Container,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { formatDisplayDate, formatRupeesShort, MESSAGES, type OrderSummary } from '@bazaar/shared';
import { IconChevronRight, IconPackage } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useCancelPendingPayment } from '../../../api/orders/cancel-pending-payment';
import { useOrders } from '../../../api/orders/get-orders';
import { notify } from '../../../components/notify';
import { ProductImage } from '../../../components/product-image';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { orderDetailPath, PATHS } from '../../../config/site';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { paymentLabel } from '../../../components/orders/order-status';
import { usePayPendingOrder } from './use-pay-pending-order';

/** What a row of My Orders shows of an order: first product, status, date, payment, total. */
function OrderRowBody({ order, headingId }: { order: OrderSummary; headingId: string }) {
  const items = order.items;
  const first = items[0];
  const more = Math.max(0, items.length - 1);
  return (
    <>
      <Box w={72} style={{ flexShrink: 0 }}>
        <ProductImage src={first?.imageUrl} alt="" sizes="72px" ratio={1} />
      </Box>
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} id={headingId} ff="monospace">
            {order.orderNumber}
          </Text>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Group gap={4} wrap="nowrap">
          <Text fz="sm" truncate="end" style={{ minWidth: 0 }}>
            {first ? first.name : `${order.itemCount} ${order.itemCount === 1 ? 'item' : 'items'}`}
          </Text>
          {more > 0 && (
            <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
              and {more} more
            </Text>
          )}
        </Group>
        <Text fz="sm" c="dimmed">
          Placed on {formatDisplayDate(order.placedAt)} ·{' '}
          {paymentLabel(order.paymentMethod, order.paymentStatus)}
        </Text>
        <Text fw={700}>{formatRupeesShort(order.totalPaise)}</Text>
      </Stack>
    </>
  );
}

function OrderRow({ order }: { order: OrderSummary }) {
  const headingId = `order-${order.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component={Link}
      to={orderDetailPath(order.id)}
      aria-labelledby={headingId}
      style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <OrderRowBody order={order} headingId={headingId} />
        <IconChevronRight
          size={20}
          color="var(--mantine-color-dimmed)"
          style={{ alignSelf: 'center', flexShrink: 0 }}
          aria-hidden="true"
        />
      </Group>
    </Paper>
  );
}

/**
 * An online order waiting for payment (docs/security.md "Unpaid online orders"): its stock is
 * held for a short while, so the row offers "Pay now" (Razorpay's checkout again, for the same
 * order) and "Cancel" (the stock is released at once, the items go back to the cart). Not a
 * link: buttons cannot sit inside one.
 */
function AwaitingPaymentRow({
  order,
  paying,
  onPay,
}: {
  order: OrderSummary;
  paying: boolean;
  onPay: () => void;
}) {
  const headingId = `order-${order.id}`;
  const cancel = useCancelPendingPayment();
  const handleCancel = () =>
    cancel.mutate(order.id, {
      onSuccess: () =>
        void notify({
          color: 'green',
          message: `Order ${order.orderNumber} cancelled; its items are back in your cart.`,
        }),
      onError: (error) =>
        void notify({
          color: 'red',
          message: isApiError(error) ? error.message : MESSAGES.technicalError,
        }),
    });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <OrderRowBody order={order} headingId={headingId} />
      </Group>
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button
          variant="default"
          onClick={handleCancel}
          loading={cancel.isPending}
          disabled={paying}
          aria-label={`Cancel order ${order.orderNumber}`}
        >
          Cancel
        </Button>
        <Button
          color="grape"
          onClick={onPay}
          loading={paying}
          disabled={cancel.isPending}
          aria-label={`Pay now for order ${order.orderNumber}`}
        >
          Pay now
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * `/MyOrders` (docs/orders.md), signed-in customers only: the orders
 * newest first, 10 a page (`?page=2`), each opening its detail. An online order still waiting
 * for payment shows "Awaiting payment" with Pay now and Cancel (`AwaitingPaymentRow`).
 */
export function MyOrdersPage() {
  usePageTitle('My orders');
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const { data, isPending, isError, isPlaceholderData, refetch } = useOrders(page);
  const { payNow, payingId } = usePayPendingOrder();

  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };

  return (
    <Container size="md" py="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="lg">
        My Orders{' '}
        {data && data.total > 0 && (
          <Text span c="dimmed" fz="lg" fw={500} ml={8}>
            ({data.total})
          </Text>
        )}
      </Title>
      {isError && !data ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading your orders">
          {[0, 1, 2].map((key) => (
            <Paper key={key} withBorder radius="md" p="md">
              <Group wrap="nowrap" align="flex-start">
                <Skeleton w={72} h={72} />
                <Stack gap={8} style={{ flex: 1 }}>
                  <Skeleton h={14} w="40%" />
                  <Skeleton h={12} w="70%" />
                  <Skeleton h={12} w="50%" />
                  <Skeleton h={16} w="20%" />
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : data.items.length === 0 ? (
        <Paper withBorder radius="md" py={60} px="md">
          <Stack align="center" ta="center" gap="sm">
            <ThemeIcon size={64} radius="xl" variant="light" color="grape" aria-hidden="true">
              <IconPackage size={34} />
            </ThemeIcon>
            <Title order={2} fz="xl">
              {page > 1 ? 'No orders on this page' : 'You have not ordered anything yet'}
            </Title>
            <Text c="dimmed">Your orders will appear here, with where each one is.</Text>
            <Button
              component={Link}
              to={page > 1 ? PATHS.myOrders : PATHS.home}
              mt="sm"
              color="grape"
            >
              {page > 1 ? 'First page' : 'Start shopping'}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md" style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
          {data.items.map((order) =>
            order.status === 'payment_pending' ? (
              <AwaitingPaymentRow
                key={order.id}
                order={order}
                paying={payingId === order.id}
                onPay={() => void payNow(order.id)}
              />
            ) : (
              <OrderRow key={order.id} order={order} />
            ),
          )}
          {data.totalPages > 1 && (
            <Center mt="sm">
              <Pagination
                total={data.totalPages}
                value={page}
                onChange={goTo}
                color="grape"
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                })}
              />
            </Center>
          )}
        </Stack>
      )}
    </Container>
  );
}
