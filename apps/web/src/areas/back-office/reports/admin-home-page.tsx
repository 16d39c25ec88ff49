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
import { useDashboard } from '../../../api/reports/get-dashboard';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { ChartSkeleton } from './chart-skeleton';

// The six charts (and the chart library) are a chunk of their own, fetched while the dashboard
// loads, so the page's first paint does not wait for them (docs/performance.md).
const loadCharts = () => import('./admin-home-charts');
const AdminHomeCharts = lazy(async () => ({ default: (await loadCharts()).AdminHomeCharts }));

function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" aria-busy="true" aria-label="Loading charts">
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
 * Customer tile (to /TotalCustomer), the Total Credit tile (dues of every bill) and six charts
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
