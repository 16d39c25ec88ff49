import { Paper, Skeleton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CHART_HEIGHT, CHART_HEIGHT_NARROW, CHART_NARROW_BELOW_PX } from '@bazaar/shared';

/*
 * The charts' placeholder and height, apart from report-charts.tsx so a page can show them
 * before the chart library's chunk has arrived (docs/performance.md).
 */

/** Chart height: 270, or 320 when the window is narrower than 400 px. */
export function useChartHeight(): number {
  const narrow = useMediaQuery(`(max-width: ${CHART_NARROW_BELOW_PX - 0.02}px)`);
  return narrow ? CHART_HEIGHT_NARROW : CHART_HEIGHT;
}

/** A card-shaped placeholder while a chart's data loads. */
export function ChartSkeleton() {
  const height = useChartHeight();
  return (
    <Paper withBorder radius="md" p="md" aria-hidden="true">
      <Skeleton h={16} w="50%" mb={8} />
      <Skeleton h={10} w="30%" mb="sm" />
      <Skeleton h={height} />
    </Paper>
  );
}
