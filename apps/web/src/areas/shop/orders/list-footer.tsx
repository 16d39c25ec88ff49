import { Group, Pagination, Text } from '@mantine/core';

/**
 * Under a paged list of the shop office: how many rows there are ('1 order', '12 customers') and
 * the pages (shown only when there is more than one).
 */
export function ListFooter({
  total,
  noun,
  page,
  totalPages,
  onPage,
}: {
  total: number;
  /** Singular noun; 's' is added for any other count. */
  noun: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  return (
    <Group justify="space-between">
      <Text fz="sm" c="dimmed">
        {total} {total === 1 ? noun : `${noun}s`}
      </Text>
      {totalPages > 1 && (
        <Pagination total={totalPages} value={page} onChange={onPage} aria-label="Pages" />
      )}
    </Group>
  );
}
