import {
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { formatIndianNumber, formatRupees } from '@bazaar/shared';
import { IconCreditCard, IconUsers } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAgeing } from '../../../api/ledger/ledger';
import { useDashboard } from '../../../api/reports/get-dashboard';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { ChartSkeleton } from './chart-skeleton';
import { AGEING_BUCKETS, formatDisplayDate as displayDate } from '@bazaar/shared';

/**
 * Ageing of every customer's dues (docs/back-office-ledger.md "Ageing"): 0-30, 31-60, 61-90 and
 * over 90 days since the bill date, with its own loading and error states.
 */
function AgeingBlock() {
  const { data, isPending, isError, refetch } = useAgeing();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Ageing of dues">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz={{ base: 17, sm: 19 }}>
            Ageing of dues
          </Title>
          {data && (
            <Text fz="sm" c="dimmed">
              {formatRupees(data.total.totalPaise)} owed, as of{' '}
              {displayDate(`${data.asOf}T12:00:00+05:30`)}
            </Text>
          )}
        </Group>
        {isError && !data ? (
          <TechnicalErrorAlert onRetry={() => void refetch()} />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {AGEING_BUCKETS.map((bucket) => (
              <Paper key={bucket.key} withBorder radius="sm" p={{ base: 'xs', xs: 'sm' }}>
                <Text fz="sm" c="dimmed">
                  {bucket.label}
                </Text>
                {isPending ? (
                  <Skeleton h={24} w={100} />
                ) : (
                  <Text
                    fz={{ base: 15, xs: 18 }}
                    fw={700}
                    c={
                      bucket.key === 'over90Paise' && data.total[bucket.key] > 0 ? 'red' : undefined
                    }
                  >
                    {formatRupees(data.total[bucket.key])}
                  </Text>
                )}
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

// The six charts (and the chart library) are a chunk of their own, fetched while the dashboard
// loads, so the page's first paint does not wait for them (docs/performance.md).
const loadCharts = () => import('./admin-home-charts');
const AdminHomeCharts = lazy(async () => ({ default: (await loadCharts()).AdminHomeCharts }));
// Below the fold and with the stock table's code behind it: kept out of the page's first
// download so the back office stays inside its JavaScript budget (docs/performance.md).
const LowStockBlock = lazy(async () => ({
  default: (await import('../stock/low-stock-block')).LowStockBlock,
}));

function ChartsSkeleton() {
  return (
    <SimpleGrid
      cols={{ base: 1, md: 2 }}
      spacing="md"
      role="status"
      aria-busy="true"
      aria-label="Loading charts"
    >
      {[0, 1, 2, 3, 4, 5].map((key) => (
        <ChartSkeleton key={key} />
      ))}
    </SimpleGrid>
  );
}

function Tile({
  label,
  value,
  icon,
  to,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  to?: string;
}) {
  const body = (
    <Group wrap="nowrap" gap="md">
      <ThemeIcon size={48} radius="md" variant="light" color="grape" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Stack gap={2}>
        <Text fz="sm" c="dimmed">
          {label}
        </Text>
        <Text fz={24} fw={700}>
          {value}
        </Text>
      </Stack>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="md">
      {to ? (
        <Anchor
          component={Link}
          to={to}
          underline="never"
          c="inherit"
          aria-label={`${label}: view customers`}
        >
          {body}
        </Anchor>
      ) : (
        body
      )}
    </Paper>
  );
}

/**
 * `/adminHome` (docs/back-office-reports.md), admins only: the Total
 * Customer tile (to /TotalCustomer), the Total Credit tile (dues of every bill), the ageing of
 * dues, the low-stock rows (docs/back-office-bills.md "Low stock") and six charts
 * over the last 12 calendar months: Received / GST / Credit pie, sell amount, sell count,
 * received, dues and payments received per month.
 */
export function AdminHomePage() {
  usePageTitle('Admin home');
  const { data, isPending, isError, refetch } = useDashboard();
  useEffect(() => void loadCharts(), []);
  return (
    <Stack gap="lg">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Dashboard
      </Title>
      {isError && !data ? (
        <TechnicalErrorAlert onRetry={() => void refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Tile
              label="Total Customer"
              to="/TotalCustomer"
              icon={<IconUsers size={26} />}
              value={
                isPending ? <Skeleton h={28} w={80} /> : formatIndianNumber(data.totalCustomers)
              }
            />
            <Tile
              label="Total Credit"
              icon={<IconCreditCard size={26} />}
              value={isPending ? <Skeleton h={28} w={140} /> : formatRupees(data.totalCreditPaise)}
            />
          </SimpleGrid>
          <AgeingBlock />
          <Suspense fallback={<Skeleton h={120} />}>
            <LowStockBlock />
          </Suspense>
          {isPending ? (
            <ChartsSkeleton />
          ) : (
            <Suspense fallback={<ChartsSkeleton />}>
              <AdminHomeCharts dashboard={data} />
            </Suspense>
          )}
        </>
      )}
    </Stack>
  );
}
