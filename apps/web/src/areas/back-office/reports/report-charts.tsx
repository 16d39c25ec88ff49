import '@mantine/charts/styles.css';
import { AreaChart, BarChart, PieChart } from '@mantine/charts';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { formatRupees } from '@bazaar/shared';
import type { ReactNode } from 'react';
import { MoneyPieLegend, type PieSlice } from '../../../components/money-pie-legend';
import { useChartHeight } from './chart-skeleton';

export { ChartSkeleton, useChartHeight } from './chart-skeleton';

/*
 * The chart pieces of the admin home and the total-transactions screen
 * (docs/back-office-reports.md). They live in the back-office area's lazy chunks, so the storefront
 * never downloads the chart library. Money arrives in paise and is drawn in rupees, labelled en-IN.
 */

const compactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Axis ticks in rupees, short: ₹1.2L, ₹3.4Cr. */
export const rupeeTick = (rupees: number) => compactRupees.format(rupees);
/** Tooltip values in rupees, full en-IN: ₹1,23,456.50. */
export const rupeeValue = (rupees: number) => formatRupees(Math.round(rupees * 100));
const countValue = (value: number) => new Intl.NumberFormat('en-IN').format(value);

/**
 * A titled card around one chart; `period` names the real period the chart covers
 * (docs/back-office-reports.md "Decisions"), `empty` replaces the chart with a quiet note.
 */
export function ChartCard({
  title,
  period,
  empty,
  children,
}: {
  title: string;
  period: string;
  empty?: string | undefined;
  children: ReactNode;
}) {
  const height = useChartHeight();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap={4} mb="sm">
        <Title order={2} fz="md">
          {title}
        </Title>
        <Text fz="xs" c="dimmed">
          {period}
        </Text>
      </Stack>
      {empty ? (
        <Center h={height}>
          <Text c="dimmed" fz="sm">
            {empty}
          </Text>
        </Center>
      ) : (
        children
      )}
    </Paper>
  );
}

/** A pie of money (paise), with a legend that says each slice's amount. */
export function MoneyPie({ slices, label }: { slices: PieSlice[]; label: string }) {
  const height = useChartHeight();
  const data = slices.map((slice) => ({
    name: slice.name,
    value: Math.max(0, slice.paise) / 100,
    color: slice.color,
  }));
  return (
    <Stack gap="sm" align="center">
      <PieChart
        data={data}
        size={Math.min(220, height - 60)}
        h={height - 50}
        withTooltip
        tooltipDataSource="segment"
        valueFormatter={rupeeValue}
        role="img"
        aria-label={label}
      />
      <MoneyPieLegend slices={slices} />
    </Stack>
  );
}

/** An area chart of one money series per month: `points` carry the month label and paise. */
export function MonthMoneyArea({
  points,
  series,
  color,
}: {
  points: { label: string; paise: number }[];
  series: string;
  color: string;
}) {
  const height = useChartHeight();
  return (
    <AreaChart
      h={height}
      data={points.map((point) => ({ month: point.label, [series]: point.paise / 100 }))}
      dataKey="month"
      series={[{ name: series, color }]}
      curveType="monotone"
      valueFormatter={rupeeValue}
      yAxisProps={{ tickFormatter: rupeeTick, width: 64 }}
      gridAxis="y"
      withDots={false}
    />
  );
}

/** A bar chart of counts (bills, pieces): `points` carry the bar's label and its count. */
export function CountBars({
  points,
  series,
  color,
  horizontal = false,
}: {
  points: { label: string; count: number }[];
  series: string;
  color: string;
  horizontal?: boolean;
}) {
  const height = useChartHeight();
  return (
    <BarChart
      h={height}
      data={points.map((point) => ({ label: point.label, [series]: point.count }))}
      dataKey="label"
      series={[{ name: series, color }]}
      valueFormatter={countValue}
      orientation={horizontal ? 'vertical' : 'horizontal'}
      gridAxis={horizontal ? 'x' : 'y'}
      {...(horizontal ? { yAxisProps: { width: 110 } } : {})}
    />
  );
}
