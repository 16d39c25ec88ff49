import type { ProductGridQuery } from '@bazaar/shared';

/** Query keys of the catalog, so one `invalidateQueries({ queryKey: productKeys.all })` refreshes them all. */
export const productKeys = {
  all: ['products'] as const,
  list: (query: ProductGridQuery) => ['products', 'list', query] as const,
  featured: (list: string, limit: number) => ['products', 'featured', list, limit] as const,
  detail: (productId: number) => ['products', 'detail', productId] as const,
  filterOptions: (shopId: number | undefined) =>
    ['products', 'filter-options', shopId ?? 'all'] as const,
};
