import {
  Badge,
  Center,
  Pagination,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  REPORT_DEFAULT_INTERVAL,
  TRANSACTION_INTERVALS,
  formatDisplayDate,
  formatIndianNumber,
  formatRupees,
  rangeLabelOf,
  type TransactionsReport,
} from '@bazaar/shared';
import { useState } from 'react';
import { useTransactions } from '../../../api/reports/get-transactions';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { TechnicalErrorDialog } from '../../../components/technical-error-dialog';
import { usePageTitle } from '../../../components/use-page-title';
import { ExportsSection } from './exports-section';
import { ChartCard, ChartSkeleton, CountBars, MoneyPie } from './report-charts';
import { TransactionFilters, type DatesFilter } from './transaction-filters';

const ITEM_GROUP_COLORS = { Shirt: 'grape.6', Shorts: 'teal.6', Trouser: 'orange.6' } as const;

/** The period under the charts: 'Nov 23, 2025 – Nov 22, 2026 (Last one year)'. */
function periodOf(report: TransactionsReport): string {
  const option = TRANSACTION_INTERVALS.find((entry) => entry.value === report.range.interval);
  return `${rangeLabelOf(report.range)}${option ? ` (${option.label})` : ''}`;
}

function Charts({ report }: { report: TransactionsReport }) {
  const period = periodOf(report);
  const noItems = report.itemGroups.every((group) => group.sellAmountPaise === 0);
  const noQuantity = report.quantityByMonth.every((month) => month.quantity === 0);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
      <ChartCard
        title="Sell amount by item"
        period={period}
        empty={noItems ? 'No shirts, shorts or trousers sold' : undefined}
      >
        <MoneyPie
          label="Sell amount of shirts, shorts and trousers"
          slices={report.itemGroups.map((group) => ({
            name: group.group,
            paise: group.sellAmountPaise,
            color: ITEM_GROUP_COLORS[group.group],
          }))}
        />
      </ChartCard>
      <ChartCard
        title="No of Quantity sell on every month"
        period={period}
        empty={noQuantity ? 'Nothing sold in this period' : undefined}
      >
        <CountBars
          points={report.quantityByMonth.map((month) => ({
            label: month.label,
            count: month.quantity,
          }))}
          series="Pieces"
          color="blue.6"
        />
      </ChartCard>
      <ChartCard
        title="Top five best customers"
        period={`No of Sell Quantity, ${period}`}
        empty={report.topCustomers.length === 0 ? 'Nothing sold in this period' : undefined}
      >
        <CountBars
          horizontal
          points={report.topCustomers.map((customer) => ({
            label: customer.shopName,
            count: customer.quantity,
          }))}
          series="Pieces"
          color="teal.6"
        />
      </ChartCard>
    </SimpleGrid>
  );
}

function BillsTable({ report }: { report: TransactionsReport }) {
  const first = (report.page - 1) * report.pageSize;
  return (
    <Table.ScrollContainer minWidth={920}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label="Transactions"
        styles={{ th: { whiteSpace: 'nowrap' } }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sl. No</Table.Th>
            <Table.Th>Shop</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">GST</Table.Th>
            <Table.Th ta="right">Received</Table.Th>
            <Table.Th ta="right">Dues</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Purchase Date</Table.Th>
            <Table.Th>Sell by</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.rows.map((row, index) => (
            <Table.Tr key={row.id}>
              <Table.Td>{first + index + 1}</Table.Td>
              <Table.Td miw={180}>
                <Text fz="sm" fw={500}>
                  {row.shopName}
                </Text>
                <Text fz="xs" c="dimmed">
                  {row.customerName} · Bill {row.billNumber}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatRupees(row.amountPaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.gstPaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.receivedPaise)}</Table.Td>
              <Table.Td ta="right">{formatRupees(row.duesPaise)}</Table.Td>
              <Table.Td>
                <Badge
                  color={row.status === 'open' ? 'red' : 'green'}
                  variant="light"
                  tt="none"
                  miw="max-content"
                >
                  {row.status === 'open' ? 'Open' : 'Closed'}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDisplayDate(row.purchasedAt)}
              </Table.Td>
              <Table.Td>{row.sellerName}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Totals({ report }: { report: TransactionsReport }) {
  const entries = [
    ['Total amount', report.totals.amountPaise],
    ['GST amount', report.totals.gstPaise],
    ['Amount received', report.totals.receivedPaise],
    ['Dues amount', report.totals.duesPaise],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label="Totals">
      {entries.map(([label, paise]) => (
        <Paper key={label} withBorder radius="md" p="sm">
          <Text fz="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} data-testid={`total-${label.split(' ')[0]!.toLowerCase()}`}>
            {formatRupees(paise)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/**
 * `/totalTransaction` (docs/back-office-reports.md),
 * admins only: search by shop, Select dates (every interval) or a custom start / end range with
 * Apply and Reset; the sell-amount pie of Shirt / Shorts / Trouser, pieces sold per month, the
 * top five customers, the bills (10 a page, newest first) with Sell by, and the totals, all for
 * the same filter. The last year is shown first. Below them, the Exports section (CSV, Excel and
 * the Tally file for the accountant).
 */
export function TotalTransactionPage() {
  usePageTitle('Total transaction');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const [dates, setDates] = useState<DatesFilter>({ interval: REPORT_DEFAULT_INTERVAL });
  // The page belongs to one filter: a new search or new dates start again on page 1.
  const filterKey = JSON.stringify([debouncedSearch, dates]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });
  const [dismissedErrorAt, setDismissedErrorAt] = useState(0);
  // On a phone the page numbers keep to one line.
  const phone = useMediaQuery('(max-width: 30em)');

  const { data, isPending, isError, isPlaceholderData, errorUpdatedAt, refetch } = useTransactions({
    ...dates,
    search: debouncedSearch,
    page,
  });

  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Total transaction
      </Title>
      <TransactionFilters
        search={search}
        onSearchChange={setSearch}
        dates={dates}
        onDatesChange={setDates}
        onReset={() => {
          setSearch('');
          setDates({ interval: REPORT_DEFAULT_INTERVAL });
        }}
      />
      {isError && !data ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : isPending ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading transactions">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <ChartSkeleton />
            <ChartSkeleton />
            <ChartSkeleton />
          </SimpleGrid>
          <Skeleton h={320} />
        </Stack>
      ) : (
        <Stack
          gap="md"
          style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
          aria-busy={isPlaceholderData}
        >
          <Text fz="sm" c="dimmed" data-testid="report-period">
            {formatIndianNumber(data.total)} {data.total === 1 ? 'bill' : 'bills'}, {periodOf(data)}
            {debouncedSearch ? `, shops matching “${debouncedSearch}”` : ''}
          </Text>
          <Charts report={data} />
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
            {data.rows.length === 0 ? (
              <Center py={48}>
                <Text c="dimmed">
                  No transactions in this period{debouncedSearch ? ' for this shop' : ''}
                </Text>
              </Center>
            ) : (
              <BillsTable report={data} />
            )}
            {data.totalPages > 1 && (
              <Center mt="md">
                <Pagination
                  total={data.totalPages}
                  value={page}
                  onChange={setPage}
                  color="grape"
                  size="sm"
                  siblings={phone ? 1 : 2}
                  boundaries={1}
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                  })}
                />
              </Center>
            )}
          </Paper>
          <Totals report={data} />
        </Stack>
      )}
      <ExportsSection />
      {/* A failed refresh keeps the previous figures on screen and says so. */}
      <TechnicalErrorDialog
        opened={isError && data !== undefined && errorUpdatedAt > dismissedErrorAt}
        onClose={() => setDismissedErrorAt(errorUpdatedAt)}
      />
    </Stack>
  );
}
