import {
  Box,
  Button,
  Chip,
  Collapse,
  EmptyState,
  Grid,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import {
  formatIndianNumber,
  gridQueryOf,
  PRODUCT_CATEGORIES,
  SIZE_LABELS,
  type CatalogSort,
  type ProductCategory,
  type ProductList,
  type SizeLabel,
} from '@bazaar/shared';
import { IconAdjustmentsHorizontal, IconSearch, IconMoodEmpty, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useProducts } from '../../../api/products/get-products';
import { ProductCard, ProductCardSkeleton } from '../../../components/product-card/product-card';
import { useFirstThenAll } from '../../../components/use-first-then-all';
import { TechnicalErrorAlert } from '../../../components/technical-error-alert';
import { PriceRangeFilter, sliderBounds } from './price-range-filter';
import { ShopBrandDiscountFilters, shopBrandDiscountCount } from './shop-brand-discount-filters';
import classes from './product-grid.module.css';
import { SORT_LABELS, useGridFilters } from './use-grid-filters';

const SEARCH_DEBOUNCE_MS = 300;

const SORT_OPTIONS = Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }));

const GRID_COLUMNS = { base: 2, sm: 3 } as const;

/**
 * The product listing grid (docs/catalog.md): the search box 'Search by product name'
 * (name, category, style and material, case-insensitive), the price-range slider,
 * category, size, brand, shop and discount filters, sorting and pages. Every filter lives in the
 * URL. On a shop's page `shopId` fixes the shop (its products only, no shop filter) and `title`
 * names the section.
 */
export function ProductGrid({
  shopId: fixedShopId,
  title = 'All products',
}: { shopId?: number; title?: string } = {}) {
  const { filters, update, reset, isFiltered } = useGridFilters();
  const location = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const headingId = useId();
  const isDesktop = useMediaQuery(
    '(min-width: 62em)',
    window.matchMedia('(min-width: 62em)').matches,
  );
  // Both start at the screen's real width: a change in the effect after the first render would
  // render the whole grid (20 cards) once more, the longest task of a phone's load
  // (docs/performance.md).
  const isPhone = useMediaQuery(
    '(max-width: 36em)',
    window.matchMedia('(max-width: 36em)').matches,
  );
  const [moreFiltersOpened, setMoreFiltersOpened] = useState(false);
  const moreFiltersCount =
    filters.category.length + filters.size.length + shopBrandDiscountCount(filters, fixedShopId);

  // The search box: typed text is local; the URL (and so the request) follows 300 ms after
  // the last keystroke. When the URL changes from outside (back, reset), the box follows it.
  const [searchText, setSearchText] = useState(filters.q);
  const [seenQuery, setSeenQuery] = useState(filters.q);
  if (seenQuery !== filters.q) {
    setSeenQuery(filters.q);
    if (searchText.trim() !== filters.q) setSearchText(filters.q);
  }
  const commitSearch = useDebouncedCallback(
    (text: string) => update({ q: text }, { replace: true }),
    SEARCH_DEBOUNCE_MS,
  );

  const query =
    fixedShopId === undefined
      ? gridQueryOf(filters)
      : { ...gridQueryOf(filters), shopId: fixedShopId };
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useProducts(query);
  const bounds = sliderBounds(data?.priceBounds);

  // '/?q=saree#products' (the not-found page's search) lands on the grid, not the sliders.
  useEffect(() => {
    if (location.hash === '#products') sectionRef.current?.scrollIntoView();
  }, [location.hash]);

  const handleReset = () => {
    commitSearch.cancel();
    setSearchText('');
    reset();
  };

  const handlePageChange = (page: number) => {
    update({ page });
    sectionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const moreFilters = (
    <Stack gap="md">
      <ChipFilter
        label="Category"
        values={PRODUCT_CATEGORIES}
        selected={filters.category}
        onChange={(category: ProductCategory[]) => update({ category })}
      />
      <ChipFilter
        label="Size"
        values={SIZE_LABELS}
        selected={filters.size}
        onChange={(size: SizeLabel[]) => update({ size })}
      />
      <ShopBrandDiscountFilters filters={filters} fixedShopId={fixedShopId} onChange={update} />
    </Stack>
  );

  return (
    <Box component="section" id="products" ref={sectionRef} aria-labelledby={headingId} py="lg">
      <Title order={2} id={headingId} className={classes.title} mb="md">
        {title}
      </Title>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper withBorder radius="md" p="md" className={classes.filters}>
            <Stack gap="lg">
              <TextInput
                type="search"
                label="Search"
                placeholder="Search by product name"
                leftSection={<IconSearch size={16} aria-hidden="true" />}
                value={searchText}
                onChange={(event) => {
                  setSearchText(event.currentTarget.value);
                  commitSearch(event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') commitSearch.flush();
                }}
                maxLength={100}
                autoComplete="off"
              />
              <PriceRangeFilter
                bounds={bounds}
                minPrice={filters.minPrice}
                maxPrice={filters.maxPrice}
                onChange={(range) => update(range, { replace: true })}
              />
              {isDesktop ? (
                moreFilters
              ) : (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
                    onClick={() => setMoreFiltersOpened((opened) => !opened)}
                    aria-expanded={moreFiltersOpened}
                    aria-controls="grid-more-filters"
                  >
                    {moreFiltersOpened ? 'Hide filters' : 'More filters'}
                    {moreFiltersCount > 0 && ` (${moreFiltersCount})`}
                  </Button>
                  <Collapse expanded={moreFiltersOpened} id="grid-more-filters">
                    {moreFilters}
                  </Collapse>
                </>
              )}
              {isFiltered && (
                <Button
                  variant="subtle"
                  color="gray"
                  leftSection={<IconX size={16} aria-hidden="true" />}
                  onClick={handleReset}
                >
                  Clear all filters
                </Button>
              )}
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 9 }}>
          <Group justify="space-between" align="flex-end" mb="md" gap="sm">
            <Group gap="xs" aria-live="polite" mih={36}>
              {data && !isError && (
                <Text fz="sm" c="dimmed">
                  {resultSummary(data.total, data.page, data.pageSize)}
                </Text>
              )}
              {isFetching && !isPending && (
                <Loader size="xs" role="progressbar" aria-label="Updating products" />
              )}
            </Group>
            <NativeSelect
              label="Sort by"
              data={SORT_OPTIONS}
              value={filters.sort}
              onChange={(event) => update({ sort: event.currentTarget.value as CatalogSort })}
              className={classes.sort}
            />
          </Group>

          {isError ? (
            <TechnicalErrorAlert onRetry={() => void refetch()} />
          ) : isPending ? (
            <SimpleGrid
              cols={GRID_COLUMNS}
              spacing={{ base: 'xs', sm: 'md' }}
              role="status"
              aria-busy="true"
              aria-label="Loading products"
            >
              {Array.from({ length: 6 }, (_, index) => (
                <ProductCardSkeleton key={index} />
              ))}
            </SimpleGrid>
          ) : data.items.length === 0 ? (
            <EmptyState
              icon={<IconMoodEmpty size={32} />}
              title="No products match your search"
              description={
                data.total > 0
                  ? 'This page is past the last one.'
                  : 'Try another name, a wider price range or fewer filters.'
              }
              py="xl"
            >
              <Button onClick={handleReset} mt="sm">
                Reset search and filters
              </Button>
            </EmptyState>
          ) : (
            <>
              <SimpleGrid
                cols={GRID_COLUMNS}
                spacing={{ base: 'xs', sm: 'md' }}
                className={classes.grid}
                data-stale={isPlaceholderData || undefined}
                aria-busy={isFetching}
              >
                <GridCards items={data.items} />
              </SimpleGrid>
              {data.totalPages > 1 && (
                <Group justify="center" mt="xl">
                  <Pagination
                    total={data.totalPages}
                    value={data.page}
                    onChange={handlePageChange}
                    siblings={isPhone ? 0 : 1}
                    boundaries={1}
                    size={isPhone ? 'sm' : 'md'}
                    getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                    getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                  />
                </Group>
              )}
            </>
          )}
        </Grid.Col>
      </Grid>
    </Box>
  );
}

/** 'Showing 21–40 of 134 products' */
function resultSummary(total: number, page: number, pageSize: number): string {
  if (total === 0) return 'No products';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  if (first > total) return `${total} ${total === 1 ? 'product' : 'products'}`;
  return `Showing ${first}–${last} of ${formatIndianNumber(total)} ${total === 1 ? 'product' : 'products'}`;
}

function ChipFilter<T extends string>({
  label,
  values,
  selected,
  onChange,
}: {
  label: string;
  values: readonly T[];
  selected: T[];
  onChange: (values: T[]) => void;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={600} fz="sm" mb={6}>
        {label}
      </Text>
      <Chip.Group
        multiple
        value={selected}
        onChange={(next) => onChange(values.filter((value) => next.includes(value)))}
      >
        <Group gap={6}>
          {values.map((value) => (
            <Chip key={value} value={value} size="xs" variant="outline">
              {value}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </div>
  );
}

/** Cards the grid's first render draws; the rest of the page follows in a transition. */
const FIRST_GRID_CARDS = 8;

/**
 * The grid's cards: the first render draws the first 8 (the rows a phone or a desktop shows first)
 * and the rest follow right after in a transition. Adding all 20 in one commit was one task of ~24
 * ms on a fast desktop (DOM, effects and subscriptions of every card), ~95 ms on Lighthouse's
 * phone; two smaller commits stay under its 50 ms long-task line (docs/performance.md). Later pages
 * render whole.
 */
function GridCards({ items }: { items: ProductList['items'] }) {
  return useFirstThenAll(items, FIRST_GRID_CARDS).map((product) => (
    <ProductCard key={product.id} product={product} />
  ));
}
