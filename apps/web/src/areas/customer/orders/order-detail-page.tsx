import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  CancelOrderInputSchema,
  formatDisplayDate,
  formatRupees,
  RETURN_REASON_MAX_CHARS,
  type Order,
  type OrderStatus,
  type Shipment,
} from '@bazaar/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../../api/api-client';
import { useCancelOrder } from '../../../api/orders/cancel-order';
import { useCancelShipment } from '../../../api/orders/cancel-shipment';
import { useOrder } from '../../../api/orders/get-order';
import { useRequestReturn } from '../../../api/orders/request-return';
import { DownloadInvoiceButton } from '../../../components/documents/document-button';
import { notify } from '../../../components/notify';
import { ReasonModal } from '../../../components/reason-modal';
import { refusalMessage } from '../../../components/technical-error-dialog';
import { StatusTimeline } from '../../../components/orders/status-timeline';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';
import { OrderSummaryAside } from './order-summary-aside';
import { ReturnRequestModal } from './return-request-modal';
import { ShipmentReviews } from './shipment-reviews';
import { RefundDetails } from '../../../components/orders/refund-details';
import { ShopItems } from '../../../components/orders/order-items';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { formatDay, returnEligibility } from '../../../components/orders/order-status';

/** Statuses in which the promised delivery date is still ahead. */
const IN_TRANSIT: readonly OrderStatus[] = [
  'placed',
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
];

/** The server's words for a refusal it explains (422, 409...); the generic line otherwise. */
function refusalText(error: unknown): string {
  return refusalMessage(error) ?? 'Something went wrong. Please try again.';
}

function ReturnModal({
  order,
  shipment,
  onClose,
}: {
  order: Order;
  shipment: Shipment | null;
  onClose: () => void;
}) {
  const requestReturn = useRequestReturn();

  const close = () => {
    requestReturn.reset();
    onClose();
  };

  return (
    <ReturnRequestModal
      order={order}
      shipment={shipment}
      pending={requestReturn.isPending}
      refusal={requestReturn.isError ? refusalText(requestReturn.error) : null}
      onConfirm={(request) => {
        if (!shipment) return;
        requestReturn.mutate(
          { orderId: order.id, shipmentId: shipment.id, ...request },
          {
            onSuccess: () => {
              void notify({ color: 'green', message: 'Return requested', autoClose: 3000 });
              close();
            },
          },
        );
      }}
      onClose={close}
    />
  );
}

/** Cancelling one shop's shipment while the others go on (docs/orders.md "Cancel one shipment"). */
function CancelShipmentModal({
  order,
  shipment,
  onClose,
}: {
  order: Order;
  shipment: Shipment | null;
  onClose: () => void;
}) {
  const cancel = useCancelShipment();

  const close = () => {
    cancel.reset();
    onClose();
  };

  return (
    <ReasonModal
      opened={shipment !== null}
      title={shipment ? `Cancel the items sold by ${shipment.shop.name}?` : ''}
      intro={
        shipment && (
          <>
            Only these items are cancelled ({formatRupees(shipment.subtotalPaise)}); the rest of the
            order goes on.
            {order.paymentStatus === 'paid' && ' The amount you paid for them is refunded.'}
          </>
        )
      }
      label="Reason (optional)"
      required={false}
      maxChars={RETURN_REASON_MAX_CHARS}
      schema={CancelOrderInputSchema}
      confirmLabel="Cancel these items"
      keepLabel="Keep them"
      pending={cancel.isPending}
      refusal={cancel.isError ? refusalText(cancel.error) : null}
      onConfirm={(reason) => {
        if (!shipment) return;
        cancel.mutate(
          { orderId: order.id, shipmentId: shipment.id, reason: reason || undefined },
          {
            onSuccess: () => {
              void notify({ color: 'green', message: 'Shipment cancelled', autoClose: 3000 });
              close();
            },
          },
        );
      }}
      onClose={close}
    />
  );
}

function CancelModal({
  order,
  opened,
  onClose,
}: {
  order: Order;
  opened: boolean;
  onClose: () => void;
}) {
  const cancel = useCancelOrder();

  const close = () => {
    cancel.reset();
    onClose();
  };

  return (
    <ReasonModal
      opened={opened}
      title={`Cancel order ${order.orderNumber}?`}
      intro={
        <>
          Every item of this order will be cancelled.
          {order.paymentStatus === 'paid' && ' The amount you paid online is refunded.'}
        </>
      }
      label="Reason (optional)"
      required={false}
      maxChars={RETURN_REASON_MAX_CHARS}
      schema={CancelOrderInputSchema}
      confirmLabel="Cancel order"
      keepLabel="Keep the order"
      pending={cancel.isPending}
      refusal={cancel.isError ? refusalText(cancel.error) : null}
      onConfirm={(reason) =>
        cancel.mutate(
          { orderId: order.id, reason: reason || undefined },
          {
            onSuccess: () => {
              void notify({ color: 'green', message: 'Order cancelled', autoClose: 3000 });
              close();
            },
          },
        )
      }
      onClose={close}
    />
  );
}

/**
 * While the shipment is with delivery (docs/orders.md): the 4-digit code to tell the delivery
 * person, and who brings it with a call link.
 */
function DeliveryCodeNotice({ shipment }: { shipment: Shipment }) {
  if (!shipment.deliveryCode && !shipment.deliveryStaff) return null;
  return (
    <Paper withBorder radius="md" p="sm" mt="md" bg="blue.0" aria-label="Delivery code">
      {shipment.deliveryCode && (
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>Delivery code:</Text>
          <Text ff="monospace" fz={24} fw={800} lts={4} c="blue.9" data-testid="delivery-code">
            {shipment.deliveryCode}
          </Text>
          <Text fz="sm" c="dimmed">
            — tell it to the delivery person
          </Text>
        </Group>
      )}
      {shipment.deliveryStaff && (
        <Text fz="sm" mt={4}>
          Delivery by {shipment.deliveryStaff.name}
          {shipment.deliveryStaff.mobile && (
            <>
              {' · '}
              <Anchor href={`tel:+91${shipment.deliveryStaff.mobile}`} inherit>
                {shipment.deliveryStaff.mobile}
              </Anchor>
            </>
          )}
        </Text>
      )}
    </Paper>
  );
}

function ShipmentCard({
  orderId,
  shipment,
  onReturn,
  onCancel,
}: {
  orderId: number;
  shipment: Shipment;
  onReturn: () => void;
  /** Set when this shipment alone may be cancelled (the order has other live shipments). */
  onCancel?: (() => void) | undefined;
}) {
  const eligibility = returnEligibility(shipment);
  return (
    <ShopItems
      shopName={shipment.shop.name}
      lines={shipment.items}
      aside={<OrderStatusBadge status={shipment.status} />}
    >
      <DeliveryCodeNotice shipment={shipment} />
      <StatusTimeline
        history={shipment.history}
        status={shipment.status}
        label={`Progress of the shipment from ${shipment.shop.name}`}
        mt="md"
      />
      {shipment.refund && (
        <Box mt="md">
          <RefundDetails refund={shipment.refund}>
            {shipment.refund.status === 'pending' && shipment.refund.method !== 'razorpay' && (
              <Text fz="sm" c="dimmed">
                The shop transfers it; its reference shows here once it is paid.
              </Text>
            )}
          </RefundDetails>
        </Box>
      )}
      <DownloadInvoiceButton orderId={orderId} shipment={shipment} />
      <ShipmentReviews orderId={orderId} shipment={shipment} />
      {onCancel && (
        <Group mt="md">
          <Button variant="outline" color="red" size="sm" onClick={onCancel}>
            Cancel this shipment
          </Button>
        </Group>
      )}
      {shipment.returnReason && (
        <Text fz="sm" mt="sm">
          <Text span fw={600} inherit>
            Return reason:
          </Text>{' '}
          {shipment.returnReason}
        </Text>
      )}
      {eligibility.allowed ? (
        <Group mt="md" gap="sm">
          <Button variant="outline" color="orange" size="sm" onClick={onReturn}>
            Request return
          </Button>
          {eligibility.until && (
            <Text fz="sm" c="dimmed">
              Until {eligibility.until}
            </Text>
          )}
        </Group>
      ) : (
        eligibility.reason && (
          <Text fz="sm" c="dimmed" mt="md">
            {eligibility.reason}
          </Text>
        )
      )}
    </ShopItems>
  );
}

/**
 * `/MyOrders/:orderId` (docs/orders.md): each shop's shipment with its items, status timeline and
 * return (delivered within 7 days, a reason of 5-500 characters), the price details, delivery
 * date, address and payment, and "Cancel order" while nothing has shipped. The server's 422/409
 * refusals are shown in the dialogs.
 */
export function OrderDetailPage() {
  const { orderId: rawId } = useParams();
  const parsed = Number(rawId);
  const orderId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const { data: order, isPending, isError, error, refetch } = useOrder(orderId);
  usePageTitle(order ? `Order ${order.orderNumber}` : 'Order');
  const [cancelling, setCancelling] = useState(false);
  const [returning, setReturning] = useState<Shipment | null>(null);
  const [cancellingShipment, setCancellingShipment] = useState<Shipment | null>(null);

  // One shipment alone is cancelled only beside others; the last one is the whole order's Cancel.
  const liveShipments =
    order?.shipments.filter((shipment) => shipment.status !== 'cancelled').length ?? 0;

  const back = (
    <Anchor component={Link} to={PATHS.myOrders} fz="sm" mb="sm" display="inline-flex">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden="true" /> My Orders
      </Group>
    </Anchor>
  );

  if (orderId === null || isApiError(error, 404)) {
    return (
      <Container size="lg" py="lg">
        {back}
        <Alert color="yellow" title="Order not found">
          This order is not one of yours, or it does not exist.
        </Alert>
      </Container>
    );
  }

  return (
    <Container size="lg" py="lg">
      {back}
      {isError && !order ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <Stack role="status" aria-busy="true" aria-label="Loading the order">
          <Skeleton h={40} w={260} />
          <Skeleton h={260} radius="md" />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1} fz={{ base: 22, sm: 26 }} ff="monospace">
                  {order.orderNumber}
                </Title>
                <OrderStatusBadge status={order.status} />
              </Group>
              <Text c="dimmed" fz="sm">
                Placed on {formatDisplayDate(order.placedAt)}
                {IN_TRANSIT.includes(order.status) && (
                  <>
                    {' · '}Delivery by{' '}
                    <Text span fw={700} c="green.8" inherit>
                      {formatDay(order.deliveryDate)}
                    </Text>
                  </>
                )}
              </Text>
            </Stack>
            {order.cancellable && (
              <Button variant="outline" color="red" onClick={() => setCancelling(true)}>
                Cancel order
              </Button>
            )}
          </Group>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                {order.shipments.map((shipment) => (
                  <ShipmentCard
                    key={shipment.id}
                    orderId={order.id}
                    shipment={shipment}
                    onReturn={() => setReturning(shipment)}
                    onCancel={
                      shipment.cancellable && liveShipments > 1
                        ? () => setCancellingShipment(shipment)
                        : undefined
                    }
                  />
                ))}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <OrderSummaryAside order={order} />
            </Grid.Col>
          </Grid>
          <CancelModal order={order} opened={cancelling} onClose={() => setCancelling(false)} />
          <ReturnModal order={order} shipment={returning} onClose={() => setReturning(null)} />
          <CancelShipmentModal
            order={order}
            shipment={cancellingShipment}
            onClose={() => setCancellingShipment(null)}
          />
        </>
      )}
    </Container>
  );
}
