import {
  Badge,
  Button,
  Chip,
  Container,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { formatIndianNumber, formatRupees, type StockRow } from '@bazaar/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconPrinter, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useStock } from '../../../api/stock/get-stock';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { usePageTitle } from '../../../components/use-page-title';
import { BackOfficePagination } from '../bills/back-office-pagination';
import { useErrorDialog } from '../../../components/technical-error-dialog';
import { AddStockItemModal } from './add-stock-item-modal';
import { LabelSheetModal } from './label-sheet-modal';
import { StockDetailsModal } from './stock-details-modal';
import { StockHistory } from './stock-history';
import { StockTable, stockRowName } from './stock-table';
import { RowsSkeleton } from '../bills/rows-skeleton';

/**
 * `/ProductStock` (admin; docs/back-office-bills.md): heading Product Stock (with the row's name
 * while its details are open), a search over item, category, type, size and SKU, the Low stock
 * filter (`?low=1` opens it on, as the admin home's link does) with the count of low rows, the
 * pieces and value at cost of every matching row, the stock table 10 a page with the inline
 * Add / Minus edit and Edit (price, cost, low stock, SKU), 'Data Not Found' when empty, the
 * stock history of one row with Back, Add stock item for a new item x category x type x size,
 * and Print labels for the rows on screen. Failures show the error dialog.
 */
export function ProductStockPage() {
  usePageTitle('Product stock');
  const [params, setParams] = useSearchParams();
  const lowOnly = params.get('low') === '1';
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [details, setDetails] = useState<StockRow | null>(null);
  const [editing, setEditing] = useState<StockRow | null>(null);
  const [adding, setAdding] = useState(false);
  const [labels, setLabels] = useState(false);
  const { data, isError, refetch, isPlaceholderData } = useStock(debouncedSearch, page, lowOnly);
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
            <Group gap="sm">
              <Button
                variant="light"
                leftSection={<IconPrinter size={16} />}
                onClick={() => setLabels(true)}
                disabled={!data || data.items.length === 0}
              >
                Print labels
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                Add stock item
              </Button>
            </Group>
          )}
        </Group>
        {!details && (
          <Group gap="sm" wrap="wrap" align="center">
            <TextInput
              placeholder="Search item, category, type, size or SKU"
              aria-label="Search stock"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              w={{ base: '100%', xs: 340 }}
            />
            <Chip
              checked={lowOnly}
              color="red"
              variant="light"
              onChange={(checked) => {
                setParams(checked ? { low: '1' } : {}, { replace: true });
                setPage(1);
              }}
            >
              Low stock
              {data && (
                <Badge ml={6} size="sm" color="red" variant={lowOnly ? 'filled' : 'light'}>
                  {data.lowCount}
                </Badge>
              )}
            </Chip>
          </Group>
        )}
        {details ? (
          <StockHistory stockItemId={details.id} onBack={() => setDetails(null)} />
        ) : isError && !data ? (
          <TechnicalErrorAlert onRetry={() => void refetch()} />
        ) : !data ? (
          <RowsSkeleton label="Loading the stock" rows={6} height={30} />
        ) : (
          <Stack gap="sm" style={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
            <Text fz="sm" aria-label="Stock totals">
              {formatIndianNumber(data.total)} {data.total === 1 ? 'row' : 'rows'}
              {lowOnly ? ' low on stock' : ''}: <b>{formatIndianNumber(data.totals.quantity)}</b>{' '}
              pieces, value at cost <b>{formatRupees(data.totals.valuePaise)}</b>
            </Text>
            <StockTable
              rows={data.items}
              firstSerial={(data.page - 1) * data.pageSize + 1}
              onDetails={setDetails}
              onEditDetails={setEditing}
              onError={showError}
            />
            <BackOfficePagination total={data.totalPages} value={data.page} onChange={setPage} />
          </Stack>
        )}
      </Stack>
      <AddStockItemModal opened={adding} onClose={() => setAdding(false)} onError={showError} />
      <StockDetailsModal row={editing} onClose={() => setEditing(null)} onError={showError} />
      <LabelSheetModal
        rows={data?.items ?? []}
        opened={labels}
        onClose={() => setLabels(false)}
        onError={showError}
      />
      {errorDialog}
    </Container>
  );
}
