import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatRupees, type DeliveryCashReport, type DeliveryShipment } from '@bazaar/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeliveryCash } from '../../api/delivery/get-cash';
import { useDeliveryShipments } from '../../api/delivery/get-shipments';
import { TechnicalErrorAlert } from '../../components/technical-error-alert';
import { usePageTitle } from '../../components/use-page-title';
import { formatDateTime, formatDay } from '../../components/orders/order-status';
import { OrderStatusBadge } from '../../components/orders/order-status-badge';
import { refusalMessage } from '../../components/technical-error-dialog';
import { indianToday, telLink } from './delivery-format';

/** The Indian day `days` before `day` (YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** A finished delivery as a table row: order and time, customer, status and cash. */
function HistoryRow({ shipment }: { shipment: DeliveryShipment }) {
  const when = shipment.finishedAt ?? shipment.updatedAt;
  return (
    <Table.Tr>
      <Table.Td>
        <Text ff="monospace" fw={600} fz="sm">
          {shipment.orderNumber}
        </Text>
        <Text fz="xs" c="dimmed">
          {shipment.shop.name}
        </Text>
        <Text fz="xs" c="dimmed">
          {formatDateTime(when)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{shipment.customer.name}</Text>
        <Anchor href={telLink(shipment.customer.mobile)} fz="xs">
          {shipment.customer.mobile}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right">
        <Box style={{ display: 'inline-block', flexShrink: 0 }}>
          <OrderStatusBadge status={shipment.status} />
        </Box>
        {shipment.deliveryFailedReason && (
          <Text fz="xs" c="dimmed" maw={220} ml="auto">
            {shipment.deliveryFailedReason}
          </Text>
        )}
        <Text fz="sm" fw={600} mt={4} aria-label="Cash collected">
          {shipment.cashCollectedPaise === null ? '—' : formatRupees(shipment.cashCollectedPaise)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The "Cash collected per day" table of a range, with its totals. */
function CashTable({ report }: { report: DeliveryCashReport }) {
  if (report.days.length === 0) {
    return (
      <Text c="dimmed" fz="sm">
        No deliveries from {formatDay(report.from)} to {formatDay(report.to)}.
      </Text>
    );
  }
  return (
    <Table striped withTableBorder aria-label="Cash collected per day">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Day</Table.Th>
          <Table.Th ta="right">Deliveries</Table.Th>
          <Table.Th ta="right">Cash</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {report.days.map((entry) => (
          <Table.Tr key={entry.day}>
            <Table.Td>{formatDay(entry.day)}</Table.Td>
            <Table.Td ta="right">{entry.shipments}</Table.Td>
            <Table.Td ta="right">{formatRupees(entry.cashPaise)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>Total</Table.Th>
          <Table.Th ta="right">{report.totalShipments}</Table.Th>
          <Table.Th ta="right">{formatRupees(report.totalCashPaise)}</Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/**
 * `/DeliveryHistoryOrderDetails` (Delivery History; docs/delivery.md): my finished deliveries
 * (delivered, failed, returned...), newest first, 10 a page, with search (order number, customer
 * name or mobile) and a date range; below, the cash collected per day in the same range (the
 * last 30 days when none is chosen) with its totals.
 */
export function DeliveryHistoryPage() {
  usePageTitle('Delivery History');
  const today = indianToday();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const rangeError =
    from && to && from > to ? 'The start date must not be after the end date' : null;

  const history = useDeliveryShipments({
    view: 'history',
    page,
    search: debouncedSearch || undefined,
    from: rangeError ? undefined : from || undefined,
    to: rangeError ? undefined : to || undefined,
  });
  const cashTo = (!rangeError && to) || today;
  const cashFrom = (!rangeError && from) || daysBefore(cashTo, 29);
  const cash = useDeliveryCash(cashFrom, cashTo);

  const resetPage =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setPage(1);
    };

  return (
    <Stack gap="lg" maw={1000}>
      <Title order={1} fz="h2">
        Delivery History
      </Title>

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Order no., name or mobile"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={search}
            onChange={(event) => resetPage(setSearch)(event.currentTarget.value)}
            maxLength={80}
          />
          <TextInput
            type="date"
            label="From"
            value={from}
            max={today}
            onChange={(event) => resetPage(setFrom)(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="To"
            value={to}
            max={today}
            onChange={(event) => resetPage(setTo)(event.currentTarget.value)}
            error={rangeError}
          />
        </SimpleGrid>
        {(search || from || to) && (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="xs"
              onClick={() => {
                setSearch('');
                setFrom('');
                setTo('');
                setPage(1);
              }}
            >
              Clear filters
            </Button>
          </Group>
        )}
      </Paper>

      <section aria-labelledby="history-title">
        <Title order={2} fz="h4" mb="sm" id="history-title">
          Finished deliveries
        </Title>
        {history.isError && !history.data ? (
          refusalMessage(history.error) ? (
            <Alert color="yellow">{refusalMessage(history.error)}</Alert>
          ) : (
            <TechnicalErrorAlert onRetry={() => void history.refetch()} />
          )
        ) : history.isPending ? (
          <Skeleton h={240} radius="md" aria-label="Loading the history" />
        ) : history.data.items.length === 0 ? (
          <Alert color="blue" variant="light">
            {debouncedSearch || from || to
              ? 'No deliveries match these filters.'
              : 'Your delivered and failed deliveries will appear here.'}
          </Alert>
        ) : (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={358}>
              <Table striped highlightOnHover withTableBorder aria-label="Finished deliveries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Order</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th ta="right">Status and cash</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.items.map((shipment) => (
                    <HistoryRow key={shipment.id} shipment={shipment} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text fz="sm" c="dimmed">
                {history.data.total} in all
              </Text>
              {history.data.totalPages > 1 && (
                <Pagination
                  total={history.data.totalPages}
                  value={page}
                  onChange={setPage}
                  aria-label="Pages of the history"
                />
              )}
            </Group>
          </Stack>
        )}
      </section>

      <section aria-labelledby="cash-title">
        <Title order={2} fz="h4" id="cash-title">
          Cash collected per day
        </Title>
        <Text fz="sm" c="dimmed" mb="sm">
          {formatDay(cashFrom)} to {formatDay(cashTo)}
        </Text>
        {cash.isError && !cash.data ? (
          <TechnicalErrorAlert onRetry={() => void cash.refetch()} />
        ) : cash.isPending ? (
          <Skeleton h={120} radius="md" aria-label="Loading the cash report" />
        ) : (
          <CashTable report={cash.data} />
        )}
      </section>
    </Stack>
  );
}
