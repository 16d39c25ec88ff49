import { SimpleGrid } from '@mantine/core';
import type { Dashboard } from '@bazaar/shared';
import { ChartCard, CountBars, MoneyPie, MonthMoneyArea } from './report-charts';

/**
 * The admin home's six charts (docs/back-office-reports.md): Received / GST / Credit
 * pie and five per-month series of the dashboard. A lazy chunk of admin-home-page.tsx.
 */
export function AdminHomeCharts({ dashboard }: { dashboard: Dashboard }) {
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
