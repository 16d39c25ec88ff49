import { Alert, Button, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { DELIVERY_NEXT_ACTION, type DeliveryShipment } from '@bazaar/shared';
import { IconCircleCheck, IconPackage, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeliveryShipments } from '../../api/delivery/get-shipments';
import { useDeliveryAction } from '../../api/delivery/shipment-actions';
import { notify } from '../../components/notify';
import { PageLoader } from '../../components/page-loader';
import { TechnicalErrorAlert } from '../../components/technical-error-alert';
import { TechnicalErrorDialog } from '../../components/technical-error-dialog';
import { usePageTitle } from '../../components/use-page-title';
import { refusalMessage } from '../../components/technical-error-dialog';
import { DeliverModal, FailModal } from './delivery-modals';
import { DeliveryShipmentCard } from './delivery-shipment-card';

/** The buttons of a shipment's next step: picked up, out for delivery, delivered, or failed. */
function NextActions({
  shipment,
  onDeliver,
  onFail,
  onTechnicalError,
}: {
  shipment: DeliveryShipment;
  onDeliver: () => void;
  onFail: () => void;
  onTechnicalError: () => void;
}) {
  const move = useDeliveryAction();
  const next = DELIVERY_NEXT_ACTION[shipment.status as keyof typeof DELIVERY_NEXT_ACTION];
  const [refusal, setRefusal] = useState<string | null>(null);

  const step = (action: 'pick-up' | 'out-for-delivery', message: string) =>
    move.mutate(
      { shipmentId: shipment.id, action },
      {
        onSuccess: () => void notify({ color: 'green', message, autoClose: 3000 }),
        onError: (error) => {
          const text = refusalMessage(error);
          if (text) setRefusal(text);
          else onTechnicalError();
        },
      },
    );

  const canFail = shipment.status === 'shipped' || shipment.status === 'out_for_delivery';
  return (
    <Stack gap="xs">
      {refusal && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      )}
      <Group grow gap="sm">
        {next === 'pick-up' && (
          <Button
            size="md"
            leftSection={<IconPackage size={18} aria-hidden="true" />}
            loading={move.isPending}
            onClick={() => step('pick-up', `${shipment.orderNumber} picked up`)}
          >
            Picked up
          </Button>
        )}
        {next === 'out-for-delivery' && (
          <Button
            size="md"
            color="teal"
            leftSection={<IconTruckDelivery size={18} aria-hidden="true" />}
            loading={move.isPending}
            onClick={() => step('out-for-delivery', `${shipment.orderNumber} out for delivery`)}
          >
            Out for delivery
          </Button>
        )}
        {next === 'deliver' && (
          <Button
            size="md"
            color="green"
            leftSection={<IconCircleCheck size={18} aria-hidden="true" />}
            onClick={onDeliver}
          >
            Delivered
          </Button>
        )}
        {canFail && (
          <Button
            size="md"
            variant="outline"
            color="red"
            leftSection={<IconX size={18} aria-hidden="true" />}
            onClick={onFail}
            disabled={move.isPending}
          >
            Failed
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * `/Deliveryordermoredetails` (New Delivery; docs/delivery.md): the deliveries handed to me, oldest
 * first, 10 a page, each with the address, a call link, the items, the cash to collect and the
 * next step: Picked up, Out for delivery, Delivered (the customer's 4-digit code) or Failed (a
 * reason). Built for a phone first.
 */
export function NewDeliveriesPage() {
  usePageTitle('New Delivery');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch, isFetching } = useDeliveryShipments({
    view: 'active',
    page,
  });
  const [delivering, setDelivering] = useState<DeliveryShipment | null>(null);
  const [failing, setFailing] = useState<DeliveryShipment | null>(null);
  const [technicalError, setTechnicalError] = useState(false);
  const showError = () => setTechnicalError(true);
  // The last delivery of the last page went out: show the page before (set while rendering,
  // React's pattern for state that follows data).
  const lastPage = data ? Math.max(1, data.totalPages) : page;
  if (page > lastPage) setPage(lastPage);

  return (
    <Stack gap="md" maw={720}>
      <Stack gap={2}>
        <Title order={1} fz="h2">
          New Delivery
        </Title>
        <Text c="dimmed" fz="sm">
          Deliveries handed to you, oldest first.
          {data && data.total > 0 && ` ${data.total} to deliver.`}
        </Text>
      </Stack>

      {isError && !data ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <PageLoader label="Loading your deliveries" />
      ) : data.items.length === 0 ? (
        <Alert color="blue" variant="light" title="Nothing to deliver right now">
          New deliveries appear here as soon as a shop hands one to you.
        </Alert>
      ) : (
        <>
          <Stack gap="md" aria-busy={isFetching} aria-label="Deliveries to make">
            {data.items.map((shipment) => (
              <DeliveryShipmentCard key={shipment.id} shipment={shipment}>
                <NextActions
                  shipment={shipment}
                  onDeliver={() => setDelivering(shipment)}
                  onFail={() => setFailing(shipment)}
                  onTechnicalError={showError}
                />
              </DeliveryShipmentCard>
            ))}
          </Stack>
          {data.totalPages > 1 && (
            <Pagination
              total={data.totalPages}
              value={page}
              onChange={setPage}
              aria-label="Pages of deliveries"
            />
          )}
        </>
      )}

      <DeliverModal
        shipment={delivering}
        onClose={() => setDelivering(null)}
        onTechnicalError={showError}
      />
      <FailModal shipment={failing} onClose={() => setFailing(null)} onTechnicalError={showError} />
      <TechnicalErrorDialog opened={technicalError} onClose={() => setTechnicalError(false)} />
    </Stack>
  );
}
