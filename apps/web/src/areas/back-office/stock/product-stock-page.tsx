import { Button, Container, Group, Stack, TextInput, Title } from '@mantine/core';
import type { StockRow } from '@bazaar/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useStock } from '../../../api/stock/get-stock';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { BackOfficePagination } from '../bills/back-office-pagination';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { AddStockItemModal } from './add-stock-item-modal';
import { StockHistory } from './stock-history';
import { StockTable, stockRowName } from './stock-table';
import { RowsSkeleton } from '../bills/rows-skeleton';

/**
 * `/ProductStock` (admin; docs/back-office-bills.md): heading Product
 * Stock (with the product's name while its details are open), a search over item, category and
 * type (66 rows make 7 pages), the stock table 10 a page with
 * the inline Add / Minus edit, 'Data Not Found' when empty, the stock history of one item with
 * Back, and Add stock item for a new item x category x type. Failures show the error dialog.
 */
export function ProductStockPage() {
  usePageTitle('Product stock');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [details, setDetails] = useState<StockRow | null>(null);
  const [adding, setAdding] = useState(false);
  const { data, isError, refetch, isPlaceholderData } = useStock(debouncedSearch, page);
  const { showError, errorDialog } = useErrorDialog();

  // A change can empty the last page: step back to the new last page (adjusted while rendering).
  if (data && data.totalPages > 0 && data.page > data.totalPages && page !== data.totalPages) {
    setPage(data.totalPages);
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={1} fz={{ base: 22, sm: 26 }}>
            Product Stock
            {details && ` : ${stockRowName(details)}`}
          </Title>
          {!details && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Add stock item
            </Button>
          )}
        </Group>
        {!details && (
          <TextInput
            placeholder="Search item, category, type or size"
            aria-label="Search stock"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', xs: 320 }}
          />
        )}
        {details ? (
          <StockHistory stockItemId={details.id} onBack={() => setDetails(null)} />
        ) : isError && !data ? (
          <TechnicalErrorAlert onRetry={() => void refetch()} />
        ) : !data ? (
          <RowsSkeleton label="Loading the stock" rows={6} height={30} />
        ) : (
          <Stack gap="sm" style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
            <StockTable
              rows={data.items}
              firstSerial={(data.page - 1) * data.pageSize + 1}
              onDetails={setDetails}
              onError={showError}
            />
            <BackOfficePagination total={data.totalPages} value={data.page} onChange={setPage} />
          </Stack>
        )}
      </Stack>
      <AddStockItemModal opened={adding} onClose={() => setAdding(false)} onError={showError} />
      {errorDialog}
    </Container>
  );
}
