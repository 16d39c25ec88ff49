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
import { formatRupees, type Dashboard } from '@bazaar/shared';
import { IconCreditCard, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDashboard } from '../../../api/reports/get-dashboard';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { ChartCard, ChartSkeleton, CountBars, MoneyPie, MonthMoneyArea } from './report-charts';

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

function Charts({ dashboard }: { dashboard: Dashboard }) {
  const months = dashboard.months;
  const period = `${months[0]!.label} – ${months.at(-1)!.label}, by month`;
  const noBills = months.every((month) => month.billCount === 0)
    ? 'No bills in these months'
    : undefined;
  const noPayments = months.every((month) => month.paymentsPaise === 0)
    ? 'No payments in these months'
    : undefined;
  const money = (pick: (month: Dashboard['months'][number]) => number) =>
    months.map((month) => ({ label: month.label, paise: pick(month) }));
  const allZero =
    dashboard.totalReceivedPaise === 0 &&
    dashboard.totalGstPaise === 0 &&
    dashboard.totalCreditPaise === 0;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <ChartCard
        title="Received, GST and Credit"
        period="All bills to date"
        empty={allZero ? 'No bills yet' : undefined}
      >
        <MoneyPie
          label="Received, GST and credit of all bills"
          slices={[
            { name: 'Received', paise: dashboard.totalReceivedPaise, color: 'teal.6' },
            { name: 'GST', paise: dashboard.totalGstPaise, color: 'indigo.5' },
            { name: 'Credit', paise: dashboard.totalCreditPaise, color: 'red.6' },
          ]}
        />
      </ChartCard>
      <ChartCard title="Sell amount per month" period={period} empty={noBills}>
        <MonthMoneyArea
          points={money((month) => month.sellAmountPaise)}
          series="Sell amount"
          color="grape.6"
        />
      </ChartCard>
      <ChartCard title="Sell count per month" period={period} empty={noBills}>
        <CountBars
          points={months.map((month) => ({ label: month.label, count: month.billCount }))}
          series="Bills"
          color="blue.6"
        />
      </ChartCard>
      <ChartCard title="Received amount per month" period={period} empty={noBills}>
        <MonthMoneyArea
          points={money((month) => month.receivedPaise)}
          series="Received"
          color="teal.6"
        />
      </ChartCard>
      <ChartCard title="Dues per month" period={period} empty={noBills}>
        <MonthMoneyArea points={money((month) => month.duesPaise)} series="Dues" color="red.6" />
      </ChartCard>
      <ChartCard title="Payments received per month" period={period} empty={noPayments}>
        <MonthMoneyArea
          points={money((month) => month.paymentsPaise)}
          series="Payments"
          color="orange.6"
        />
      </ChartCard>
    </SimpleGrid>
  );
}

/**
 * `/adminHome` (back-office.md section 2 "Admin home"; issue 7 item 6), admins only: the Total
 * Customer tile (to /TotalCustomer), the Total Credit tile (dues of every bill) and six charts
 * over the last 12 calendar months: Received / GST / Credit pie, sell amount, sell count,
 * received, dues and payments received per month.
 */
export function AdminHomePage() {
  usePageTitle('Admin home');
  const { data, isPending, isError, refetch } = useDashboard();
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
                isPending ? <Skeleton h={28} w={80} /> : data.totalCustomers.toLocaleString('en-IN')
              }
            />
            <Tile
              label="Total Credit"
              icon={<IconCreditCard size={26} />}
              value={isPending ? <Skeleton h={28} w={140} /> : formatRupees(data.totalCreditPaise)}
            />
          </SimpleGrid>
          {isPending ? (
            <SimpleGrid
              cols={{ base: 1, md: 2 }}
              spacing="md"
              aria-busy="true"
              aria-label="Loading charts"
            >
              {[0, 1, 2, 3, 4, 5].map((key) => (
                <ChartSkeleton key={key} />
              ))}
            </SimpleGrid>
          ) : (
            <Charts dashboard={data} />
          )}
        </>
      )}
    </Stack>
  );
}
