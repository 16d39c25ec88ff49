import {
  DEFAULT_GRID_SORT,
  parseGridFilters,
  type CatalogSort,
  type GridFilters,
} from '@bazaar/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The grid's sort orders and their labels. A `Record` over `CatalogSort`, so TypeScript insists
 * on exactly the API's list (`CATALOG_SORTS` in the shared constants).
 */
export const SORT_LABELS: Record<CatalogSort, string> = {
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  rating: 'Top rated',
  offer: 'Biggest discount',
};

/** Writes a change into search params; defaults are left out so the URL stays short. */
function applyPatch(params: URLSearchParams, patch: Partial<GridFilters>): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
  };
  if ('q' in patch) set('q', patch.q?.trim());
  if ('minPrice' in patch) set('minPrice', patch.minPrice?.toString());
  if ('maxPrice' in patch) set('maxPrice', patch.maxPrice?.toString());
  if ('category' in patch) set('category', patch.category?.join(','));
  if ('size' in patch) set('size', patch.size?.join(','));
  if ('colour' in patch) set('colour', patch.colour?.join(','));
  if ('brand' in patch) set('brand', patch.brand?.join(','));
  if ('shopId' in patch) set('shop', patch.shopId?.toString());
  if ('minDiscount' in patch) set('discount', patch.minDiscount?.toString());
  if ('sort' in patch) set('sort', patch.sort === DEFAULT_GRID_SORT ? undefined : patch.sort);
  // Any other change starts again at page 1.
  set('page', patch.page !== undefined && patch.page > 1 ? String(patch.page) : undefined);
  return next;
}

const FILTER_KEYS = [
  'q',
  'minPrice',
  'maxPrice',
  'category',
  'size',
  'colour',
  'brand',
  'shop',
  'discount',
  'sort',
  'page',
] as const;

/**
 * The grid's filters and setters. Typing and dragging replace the history entry (one entry per
 * search, not per keystroke); paging and the reset push a new one.
 */
export function useGridFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseGridFilters(searchParams), [searchParams]);

  const update = useCallback(
    (patch: Partial<GridFilters>, options: { replace?: boolean } = {}) => {
      setSearchParams((previous) => applyPatch(previous, patch), {
        replace: options.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );

  const reset = useCallback(() => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const key of FILTER_KEYS) next.delete(key);
        return next;
      },
      { preventScrollReset: true },
    );
  }, [setSearchParams]);

  const isFiltered =
    filters.q.trim() !== '' ||
    filters.minPrice !== undefined ||
    filters.maxPrice !== undefined ||
    filters.category.length > 0 ||
    filters.size.length > 0 ||
    filters.brand.length > 0 ||
    filters.shopId !== undefined ||
    filters.minDiscount !== undefined;

  return { filters, update, reset, isFiltered };
}
