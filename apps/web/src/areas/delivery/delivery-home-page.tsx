import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { formatRupees } from '@bazaar/shared';
import {
  IconAlertTriangle,
  IconCash,
  IconCircleCheck,
  IconTruckDelivery,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../api/accounts/session';
import { useDeliverySummary } from '../../api/delivery/get-summary';
import { TechnicalErrorAlert } from '../../components/technical-error-alert';
import { usePageTitle } from '../../components/use-page-title';
import { formatDay } from '../../components/orders/order-status';

/** One count tile: an icon, the number and what it counts. */
function Tile({
  label,
  value,
  icon: TileIcon,
  color,
  to,
}: {
  label: string;
  value: string;
  icon: Icon;
  color: string;
  to?: string;
}) {
  const body = (
    <Card withBorder radius="md" padding="md" h="100%">
      <Stack gap={6}>
        <ThemeIcon color={color} variant="light" size="lg" radius="md" aria-hidden="true">
          <TileIcon size={20} />
        </ThemeIcon>
        <Text fz={26} fw={800} lh={1.1}>
          {value}
        </Text>
        <Text fz="sm" c="dimmed">
          {label}
        </Text>
      </Stack>
    </Card>
  );
  return to ? (
    <Link
      to={to}
      style={{ textDecoration: 'none', color: 'inherit' }}
      aria-label={`${label}: ${value}`}
    >
      {body}
    </Link>
  ) : (
    <div role="group" aria-label={`${label}: ${value}`}>
      {body}
    </div>
  );
}

/**
 * `/deliveryBoyHome` (docs/delivery.md): today's numbers of the signed-in delivery staff member
 * (Indian day): deliveries to make, delivered today, failed today and the cash collected today,
 * with the way to New Delivery.
 */
export function DeliveryHomePage() {
  usePageTitle('Delivery home');
  const { user } = useSession();
  const { data, isPending, isError, refetch } = useDeliverySummary();

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={2}>
        <Title order={1} fz="h2">
          Namaste{user ? `, ${user.name}` : ''}
        </Title>
        <Text c="dimmed" fz="sm">
          {data ? `Today, ${formatDay(data.day)}` : 'Today'}
        </Text>
      </Stack>

      {isError && !data ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <SimpleGrid
          cols={2}
          spacing="sm"
          role="status"
          aria-busy="true"
          aria-label="Loading today's numbers"
        >
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} h={128} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Tile
              label="To deliver"
              value={String(data.active)}
              icon={IconTruckDelivery}
              color="blue"
              to="/Deliveryordermoredetails"
            />
            <Tile
              label="Delivered today"
              value={String(data.deliveredToday)}
              icon={IconCircleCheck}
              color="green"
              to="/DeliveryHistoryOrderDetails"
            />
            <Tile
              label="Failed today"
              value={String(data.failedToday)}
              icon={IconAlertTriangle}
              color="red"
              to="/DeliveryHistoryOrderDetails"
            />
            <Tile
              label="Cash collected today"
              value={formatRupees(data.cashTodayPaise)}
              icon={IconCash}
              color="orange"
            />
          </SimpleGrid>
          {data.active === 0 ? (
            <Alert color="blue" variant="light" title="Nothing to deliver right now">
              New deliveries appear in New Delivery as soon as a shop hands one to you.
            </Alert>
          ) : (
            <Group>
              <Button
                component={Link}
                to="/Deliveryordermoredetails"
                size="md"
                leftSection={<IconTruckDelivery size={18} aria-hidden="true" />}
              >
                Go to New Delivery ({data.active})
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
