import {
  Button,
  Center,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  ORDER_STATUS_LABELS,
  SHOP_ORDER_VIEW_STATUSES,
  formatDisplayDate,
  formatRupees,
  type OrderStatus,
  type ShopOrderRow,
  type ShopOrderView,
} from '@bazaar/shared';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useShopOrders } from '../../../api/shop-orders/get-shop-orders';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { OrderStatusBadge } from '../../../components/orders/order-status-badge';
import { paymentLabel } from '../../../components/orders/order-status';
import { ListFooter } from './list-footer';
import { ShopOrderDrawer } from './shop-order-drawer';

const VIEW_TEXT: Record<ShopOrderView, { title: string; intro: string; empty: string }> = {
  new: {
    title: 'New Orders',
    intro: 'Accept, pack and hand over orders to delivery. Failed deliveries come back here.',
    empty: 'No new orders right now.',
  },
  returns: {
    title: 'Return Orders',
    intro: 'Approve or reject return requests, then receive the goods back to restore stock.',
    empty: 'No returns to handle.',
  },
  history: {
    title: 'Order History',
    intro: 'Orders with delivery, delivered, cancelled or closed returns.',
    empty: 'No orders match.',
  },
};

function itemsText(row: ShopOrderRow): string {
  const [first, ...rest] = row.itemNames;
  if (!first) return `${row.itemCount} items`;
  return rest.length > 0 ? `${first} and ${rest.length} more` : first;
}

/** One order as a card on phones, where the table's eight columns do not fit. */
function OrderCard({ row, onOpen }: { row: ShopOrderRow; onOpen: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700}>{row.orderNumber}</Text>
          <OrderStatusBadge status={row.status} />
        </Group>
        <Text fz="sm">{itemsText(row)}</Text>
        <Text fz="sm" c="dimmed">
          {row.customerName} · {row.mobile}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600}>{formatRupees(row.subtotalPaise)}</Text>
            <Text fz="xs" c="dimmed">
              {formatDisplayDate(row.placedAt)} ·{' '}
              {paymentLabel(row.paymentMethod, row.paymentStatus)}
            </Text>
          </div>
          <Button size="xs" variant="light" onClick={onOpen} aria-label={`Open ${row.orderNumber}`}>
            Open
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * One of the shop's order lists (docs/shop-office.md): New Orders, Return Orders or Order History,
 * for the seller (`/NewOrder`, `/OrderStatus`, `/OrderHistory`) and the support admin
 * (`/SupportAdminNewOrder`, `/SupportAdminReturnOrderInfo`, `/SupportAdminOrderHistory`). A table
 * of 10 a page (cards on phones) with search (order number, customer, mobile); the history adds
 * status and dates. A row opens the detail drawer with the actions valid for its status.
 */
export function ShopOrdersPage({ view }: { view: ShopOrderView }) {
  const text = VIEW_TEXT[view];
  usePageTitle(text.title);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [openTitle, setOpenTitle] = useState('');
  const badRange = from !== '' && to !== '' && from > to;
  const narrow = useMediaQuery('(max-width: 48em)');

  const orders = useShopOrders({
    view,
    page,
    ...(debounced ? { search: debounced } : {}),
    ...(status ? { status } : {}),
    ...(from && !badRange ? { from } : {}),
    ...(to && !badRange ? { to } : {}),
  });
  const filtered = debounced !== '' || status !== null || from !== '' || to !== '';
  const resetPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  const open = (row: ShopOrderRow) => {
    setOpenTitle(row.orderNumber);
    setOpenId(row.shipmentId);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{text.title}</Title>
        <Text c="dimmed" fz="sm">
          {text.intro}
        </Text>
      </div>
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Search"
          placeholder="Order number, customer or mobile"
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={search}
          onChange={(event) => resetPage(setSearch)(event.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        {view !== 'new' && view !== 'returns' && (
          <>
            <Select
              label="Status"
              placeholder="All statuses"
              clearable
              data={SHOP_ORDER_VIEW_STATUSES.history.map((value) => ({
                value,
                label: ORDER_STATUS_LABELS[value],
              }))}
              value={status}
              onChange={(value) => resetPage(setStatus)(value as OrderStatus | null)}
              style={{ flex: '1 1 160px' }}
            />
            <TextInput
              label="From"
              type="date"
              value={from}
              onChange={(event) => resetPage(setFrom)(event.currentTarget.value)}
              style={{ flex: '1 1 140px' }}
            />
            <TextInput
              label="To"
              type="date"
              value={to}
              onChange={(event) => resetPage(setTo)(event.currentTarget.value)}
              error={badRange ? 'The start date must not be after the end date' : undefined}
              style={{ flex: '1 1 140px' }}
            />
          </>
        )}
      </Group>

      {orders.isError ? (
        <TechnicalErrorAlert onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <Stack gap="xs" aria-label="Loading orders">
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} h={44} />
          ))}
        </Stack>
      ) : orders.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Center>
            <Stack gap={4} align="center">
              <Text fw={600}>{filtered ? 'No orders match your search.' : text.empty}</Text>
              {filtered && (
                <Button
                  variant="subtle"
                  onClick={() => {
                    setSearch('');
                    setStatus(null);
                    setFrom('');
                    setTo('');
                    setPage(1);
                  }}
                >
                  Clear the filters
                </Button>
              )}
            </Stack>
          </Center>
        </Paper>
      ) : (
        <>
          {narrow ? (
            <Stack gap="sm" style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }}>
              {orders.data.items.map((row) => (
                <OrderCard key={row.shipmentId} row={row} onOpen={() => open(row)} />
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={860}>
              <Table
                striped
                highlightOnHover
                verticalSpacing="sm"
                style={{ opacity: orders.isPlaceholderData ? 0.6 : 1 }}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Order</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Customer</Table.Th>
                    <Table.Th>Items</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th>Payment</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Open</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {orders.data.items.map((row) => (
                    <Table.Tr key={row.shipmentId}>
                      <Table.Td fw={600}>{row.orderNumber}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDisplayDate(row.placedAt)}
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{row.customerName}</Text>
                        <Text fz="xs" c="dimmed">
                          {row.mobile}
                        </Text>
                      </Table.Td>
                      <Table.Td maw={220}>
                        <Text fz="sm" lineClamp={2}>
                          {itemsText(row)}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          Qty {row.itemCount}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {formatRupees(row.subtotalPaise)}
                      </Table.Td>
                      <Table.Td fz="sm">
                        {paymentLabel(row.paymentMethod, row.paymentStatus)}
                      </Table.Td>
                      <Table.Td>
                        <OrderStatusBadge status={row.status} />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => open(row)}
                          aria-label={`Open ${row.orderNumber}`}
                        >
                          Open
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <ListFooter
            total={orders.data.total}
            noun="order"
            page={page}
            totalPages={orders.data.totalPages}
            onPage={setPage}
          />
        </>
      )}
      <ShopOrderDrawer shipmentId={openId} title={openTitle} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

/** `/NewOrder` and `/SupportAdminNewOrder`. */
export function NewOrdersPage() {
  return <ShopOrdersPage view="new" />;
}

/** `/OrderStatus` and `/SupportAdminReturnOrderInfo`. */
export function ReturnOrdersPage() {
  return <ShopOrdersPage view="returns" />;
}

/** `/OrderHistory` and `/SupportAdminOrderHistory`. */
export function OrderHistoryPage() {
  return <ShopOrdersPage view="history" />;
}
