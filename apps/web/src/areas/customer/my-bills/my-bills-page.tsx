import {
  Badge,
  Button,
  Center,
  Container,
  Drawer,
  Group,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  PAYMENT_MODE_LABELS,
  formatDisplayDate,
  formatRupees,
  indianDateOf,
  type BillRow,
  type BillStatus,
  type MyWholesaleSummary,
} from '@bazaar/shared';
import { IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  myStatementCsvUrl,
  myStatementPdfUrl,
  useMyBill,
  useMyBills,
  useMyLedger,
  useMyWholesaleSummary,
} from '../../../api/my-wholesale/my-wholesale';
import { DocumentButton } from '../../../components/documents/document-button';
import {
  downloadMyBillInvoice,
  downloadMyCreditNote,
  downloadMyPaymentReceipt,
} from '../../../components/documents/download';
import {
  AgeingTiles,
  EmptyLedger,
  LedgerTable,
  StatementDownloads,
} from '../../../components/ledger/ledger-view';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { PATHS } from '../../../config/site';

const STATUS_COLORS: Record<BillStatus, string> = {
  open: 'orange',
  closed: 'green',
  cancelled: 'gray',
};

const STATUS_LABELS: Record<BillStatus, string> = {
  open: 'Open',
  closed: 'Paid',
  cancelled: 'Cancelled',
};

function StatusBadge({ status }: { status: BillStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * The account's figures as tiles: billed, paid, credit notes, dues of the bills, what is left of
 * an opening balance (when there was one) and the ledger balance.
 */
function SummaryTiles({ summary }: { summary: MyWholesaleSummary }) {
  const tiles = [
    { label: 'Total billed', value: summary.billedPaise },
    { label: 'Paid', value: summary.paidPaise },
    { label: 'Credit notes', value: summary.creditNotesPaise },
    { label: 'Dues', value: summary.duesPaise, strong: true },
    // What is left of the balance carried from the paper book, for a customer that had one.
    ...(summary.openingBalancePaise > 0
      ? [{ label: 'Opening balance due', value: summary.openingDuesPaise, strong: true }]
      : []),
    { label: 'Ledger balance', value: summary.balancePaise },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, sm: tiles.length }}
      spacing="xs"
      aria-label="My account with the business"
    >
      {tiles.map((tile) => (
        <Paper key={tile.label} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {tile.label}
          </Text>
          <Text
            fw={700}
            fz={{ base: 'md', sm: 'lg' }}
            c={tile.strong && tile.value > 0 ? 'red.8' : undefined}
            data-tile={tile.label}
          >
            {formatRupees(tile.value)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** One bill's detail: money, lines, payments with their receipts, credit notes and PDFs. */
function BillDrawer({ billId, onClose }: { billId: number | null; onClose: () => void }) {
  const bill = useMyBill(billId);
  const data = bill.data;
  return (
    <Drawer
      opened={billId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={data ? `Bill ${data.billNumber}` : 'Bill'}
      closeButtonProps={{ 'aria-label': 'Close bill' }}
    >
      {bill.isError ? (
        <TechnicalErrorAlert onRetry={() => void bill.refetch()} />
      ) : !data ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the bill">
          <Skeleton h={18} w="50%" />
          <Skeleton h={80} />
          <Skeleton h={120} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {formatDisplayDate(data.purchasedAt)}
              {data.invoice ? ` · Invoice ${data.invoice.snapshot.number}` : ''}
            </Text>
            <StatusBadge status={data.status} />
          </Group>
          <SimpleGrid cols={2} spacing={4} aria-label="Bill money">
            <Text size="sm">Amount</Text>
            <Text size="sm" ta="right">
              {formatRupees(data.amountPaise)}
            </Text>
            <Text size="sm">GST</Text>
            <Text size="sm" ta="right">
              {formatRupees(data.gstPaise)}
            </Text>
            <Text size="sm" fw={600}>
              Total
            </Text>
            <Text size="sm" ta="right" fw={600}>
              {formatRupees(data.totalPaise)}
            </Text>
            <Text size="sm">Paid</Text>
            <Text size="sm" ta="right">
              {formatRupees(data.receivedPaise)}
            </Text>
            {data.creditedPaise > 0 && (
              <>
                <Text size="sm">Credit notes</Text>
                <Text size="sm" ta="right">
                  {formatRupees(data.creditedPaise)}
                </Text>
              </>
            )}
            <Text size="sm" fw={700}>
              Dues
            </Text>
            <Text size="sm" ta="right" fw={700}>
              {formatRupees(data.duesPaise)}
            </Text>
          </SimpleGrid>
          {data.invoice && (
            <DocumentButton
              variant="light"
              leftSection={<IconFileTypePdf size={16} aria-hidden="true" />}
              download={() => downloadMyBillInvoice(data.id)}
            >
              Invoice PDF
            </DocumentButton>
          )}
          <Title order={3} fz="md">
            Items
          </Title>
          <Table.ScrollContainer minWidth={360} type="native">
            <Table verticalSpacing={4} fz="sm" aria-label="Items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Item</Table.Th>
                  <Table.Th ta="right">Qty</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      {item.item} {item.category} {item.type} ({item.size})
                    </Table.Td>
                    <Table.Td ta="right">{item.quantity}</Table.Td>
                    <Table.Td ta="right">{formatRupees(item.amountPaise)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={3} fz="md">
            Payments
          </Title>
          {data.payments.length === 0 ? (
            <Text size="sm" c="dimmed">
              No payments on this bill yet.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={360} type="native">
              <Table verticalSpacing={4} fz="sm" aria-label="Payments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Receipt</Table.Th>
                    <Table.Th>Mode</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.payments.map((payment) => (
                    <Table.Tr key={payment.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDisplayDate(payment.paidAt)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{payment.receiptNumber}</Table.Td>
                      <Table.Td>
                        {PAYMENT_MODE_LABELS[payment.mode]}
                        {payment.status === 'bounced' && (
                          <Badge color="red" variant="light" ml={6}>
                            Bounced
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatRupees(payment.amountPaise)}</Table.Td>
                      <Table.Td>
                        <DocumentButton
                          size="xs"
                          variant="light"
                          aria-label={`Receipt ${payment.receiptNumber} PDF`}
                          download={() => downloadMyPaymentReceipt(payment.paymentId)}
                        >
                          Receipt
                        </DocumentButton>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data.creditNotes.length > 0 && (
            <>
              <Title order={3} fz="md">
                Credit notes
              </Title>
              <Table.ScrollContainer minWidth={360} type="native">
                <Table verticalSpacing={4} fz="sm" aria-label="Credit notes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Number</Table.Th>
                      <Table.Th>Date</Table.Th>
                      <Table.Th ta="right">Total</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.creditNotes.map((note) => (
                      <Table.Tr key={note.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {note.snapshot.number}
                          {note.status === 'cancelled' && (
                            <Badge color="red" variant="light" ml={6}>
                              Cancelled
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {formatDisplayDate(note.snapshot.documentDate)}
                        </Table.Td>
                        <Table.Td ta="right">
                          {formatRupees(note.snapshot.totals.totalPaise)}
                        </Table.Td>
                        <Table.Td>
                          <DocumentButton
                            size="xs"
                            variant="light"
                            aria-label={`Download PDF of ${note.snapshot.number}`}
                            download={() => downloadMyCreditNote(note.id)}
                          >
                            PDF
                          </DocumentButton>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

/** The bills table, 10 a page (`?page=`), each row opening its detail. */
function BillsTab() {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested > 0 ? requested : 1;
  const bills = useMyBills(page);
  const [openBill, setOpenBill] = useState<number | null>(null);
  const data = bills.data;
  if (bills.isError && !data) return <TechnicalErrorAlert onRetry={() => void bills.refetch()} />;
  if (!data) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading your bills">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} h={32} />
        ))}
      </Stack>
    );
  }
  if (data.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {page > 1 ? 'No bills on this page.' : 'No bills yet: your purchases appear here.'}
      </Text>
    );
  }
  const row = (bill: BillRow) => (
    <Table.Tr key={bill.id}>
      <Table.Td ff="monospace">{bill.billNumber}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(bill.purchasedAt)}</Table.Td>
      <Table.Td ta="right">{formatRupees(bill.totalPaise)}</Table.Td>
      <Table.Td ta="right">{formatRupees(bill.receivedPaise)}</Table.Td>
      <Table.Td ta="right" fw={600}>
        {formatRupees(bill.duesPaise)}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={bill.status} />
      </Table.Td>
      <Table.Td>
        <Button
          size="compact-sm"
          variant="light"
          color="grape"
          onClick={() => setOpenBill(bill.id)}
          aria-label={`View bill ${bill.billNumber}`}
        >
          View
        </Button>
      </Table.Td>
    </Table.Tr>
  );
  // Below `sm` a card per bill, so dues and View need no sideways scrolling.
  const card = (bill: BillRow) => (
    <Paper key={bill.id} withBorder radius="md" p="sm" component="li">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} ff="monospace">
          {bill.billNumber}
        </Text>
        <StatusBadge status={bill.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {formatDisplayDate(bill.purchasedAt)} · Total {formatRupees(bill.totalPaise)} · Paid{' '}
        {formatRupees(bill.receivedPaise)}
      </Text>
      <Group justify="space-between" mt={4}>
        <Text fw={600}>Dues {formatRupees(bill.duesPaise)}</Text>
        <Button
          size="compact-sm"
          variant="light"
          color="grape"
          onClick={() => setOpenBill(bill.id)}
          aria-label={`View bill ${bill.billNumber}`}
        >
          View
        </Button>
      </Group>
    </Paper>
  );
  return (
    <Stack gap="sm" style={{ opacity: bills.isPlaceholderData ? 0.6 : 1 }}>
      <Stack
        gap="xs"
        hiddenFrom="sm"
        component="ul"
        aria-label="My bills list"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {data.items.map(card)}
      </Stack>
      <Table.ScrollContainer minWidth={640} type="native" visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing={6} aria-label="My bills">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>Bill-No</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
              <Table.Th ta="right">Paid</Table.Th>
              <Table.Th ta="right">Dues</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th aria-label="Detail" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{data.items.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data.totalPages > 1 && (
        <Center>
          <Pagination
            total={data.totalPages}
            value={page}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            color="grape"
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
          />
        </Center>
      )}
      <BillDrawer billId={openBill} onClose={() => setOpenBill(null)} />
    </Stack>
  );
}

/** The ledger newest first with the ageing of the dues and the statement downloads. */
function LedgerTab() {
  const ledger = useMyLedger();
  const today = indianDateOf(new Date());
  const first = ledger.data?.pages[0];
  const rows = ledger.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="sm">
      {first && <AgeingTiles ageing={first.ageing} label="Ageing of my dues" />}
      <StatementDownloads today={today} pdfUrl={myStatementPdfUrl} csvUrl={myStatementCsvUrl} />
      {ledger.isError && !ledger.data ? (
        <TechnicalErrorAlert onRetry={() => void ledger.refetch()} />
      ) : !ledger.data ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the ledger">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} h={28} />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <EmptyLedger />
      ) : (
        <>
          <LedgerTable rows={rows} label="My ledger" />
          {ledger.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                loading={ledger.isFetchingNextPage}
                onClick={() => void ledger.fetchNextPage()}
              >
                Show older entries
              </Button>
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * `/MyBills` (docs/back-office-ledger.md "The customer's own view"), signed-in customers: a
 * wholesale customer's own account with the business: the totals, its bills (10 a page, each
 * with its payments and invoice PDF) and its ledger with the statement as PDF or CSV. A plain
 * marketplace account sees that it has no wholesale bills.
 */
export function MyBillsPage() {
  usePageTitle('My bills');
  const summary = useMyWholesaleSummary();
  const data = summary.data;
  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            My bills
          </Title>
          {data?.customer && (
            <Text c="dimmed">
              {data.customer.shopName} · {data.customer.name}
            </Text>
          )}
        </div>
        {summary.isError && !data ? (
          <TechnicalErrorAlert onRetry={() => void summary.refetch()} />
        ) : !data ? (
          <SimpleGrid
            cols={{ base: 2, sm: 5 }}
            spacing="xs"
            role="status"
            aria-busy="true"
            aria-label="Loading"
          >
            {[0, 1, 2, 3, 4].map((key) => (
              <Skeleton key={key} h={64} radius="md" />
            ))}
          </SimpleGrid>
        ) : !data.customer ? (
          <Paper withBorder radius="md" py={60} px="md">
            <Stack align="center" ta="center" gap="sm">
              <ThemeIcon size={64} radius="xl" variant="light" color="grape" aria-hidden="true">
                <IconReceipt size={34} />
              </ThemeIcon>
              <Title order={2} fz="xl">
                No wholesale bills
              </Title>
              <Text c="dimmed">
                This account buys on the marketplace only. Your orders are in My Orders.
              </Text>
              <Button component={Link} to={PATHS.myOrders} color="grape" mt="sm">
                My Orders
              </Button>
            </Stack>
          </Paper>
        ) : (
          <>
            <SummaryTiles summary={data} />
            <Tabs defaultValue="bills" color="grape" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="bills">Bills ({data.billCount})</Tabs.Tab>
                <Tabs.Tab value="ledger">Ledger and statement</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="bills" pt="md">
                <BillsTab />
              </Tabs.Panel>
              <Tabs.Panel value="ledger" pt="md">
                <LedgerTab />
              </Tabs.Panel>
            </Tabs>
          </>
        )}
      </Stack>
    </Container>
  );
}
