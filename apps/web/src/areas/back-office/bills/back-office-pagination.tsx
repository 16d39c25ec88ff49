import { Center, Pagination } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * The back office's page links (docs/back-office-bills.md: 2 margin pages and a 5-page range,
 * i.e. the current page with 2 on each side); smaller under 576 px so a row of 7 fits at 390 px.
 * Renders nothing for a single page.
 */
export function BackOfficePagination({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  const narrow = useMediaQuery('(max-width: 36em)');
  if (total <= 1) return null;
  return (
    <Center>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        boundaries={2}
        siblings={2}
        size={narrow ? 'sm' : 'md'}
        gap={narrow ? 4 : 8}
        getControlProps={(control) => ({
          'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
        })}
      />
    </Center>
  );
}
