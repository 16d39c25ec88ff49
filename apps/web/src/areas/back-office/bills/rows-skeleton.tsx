import { Skeleton, Stack } from '@mantine/core';

/**
 * Grey bars standing in for a table or list while its data loads: `rows` bars of `height` px,
 * the last one shorter, announced as busy with `label`.
 */
export function RowsSkeleton({
  label,
  rows = 3,
  height = 16,
}: {
  label: string;
  rows?: number;
  height?: number;
}) {
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} h={height} w={index === rows - 1 && rows > 1 ? '70%' : undefined} />
      ))}
    </Stack>
  );
}
