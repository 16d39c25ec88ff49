import { Text, Timeline, type TimelineProps } from '@mantine/core';
import type { OrderStatus, OrderStatusEvent } from '@bazaar/shared';
import { IconCheck } from '@tabler/icons-react';
import { formatDateTime, statusDisplay } from './order-status';

/**
 * A shipment's status history as a timeline, oldest first, the latest step ticked and coloured
 * like the current status' badge; each step shows its time and note. Used by the customer's
 * order page and the shop office's order drawer.
 */
export function StatusTimeline({
  history,
  status,
  label,
  ...props
}: {
  history: readonly OrderStatusEvent[];
  /** The current status: the timeline's colour. */
  status: OrderStatus;
  /** The accessible name, e.g. 'Status history of BZ00001234'. */
  label: string;
} & Omit<TimelineProps, 'children' | 'active' | 'color'>) {
  return (
    <Timeline
      active={history.length - 1}
      bulletSize={18}
      lineWidth={2}
      color={statusDisplay(status).color}
      aria-label={label}
      {...props}
    >
      {history.map((entry, index) => (
        <Timeline.Item
          key={`${entry.status}-${entry.at}-${index}`}
          title={statusDisplay(entry.status).label}
          bullet={index === history.length - 1 ? <IconCheck size={11} /> : undefined}
        >
          <Text fz="xs" c="dimmed">
            {formatDateTime(entry.at)}
          </Text>
          {entry.note && <Text fz="sm">{entry.note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
